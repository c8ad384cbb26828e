/**
 * What a wallet does with POST /swap-instructions when it pays a Solana Pay invoice: decode the
 * groups, append a Memo and a TransferChecked to the merchant carrying the reference keys, and
 * sign one v0 transaction as the user alone.
 */
import {
  Connection,
  Keypair,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { createTransferCheckedInstruction } from '@solana/spl-token';
import { expect } from 'vitest';
import { postJson } from './sandbox-swap-fixtures';

export const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

export interface InstructionJson {
  programId: string;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: string;
}

export interface SwapInstructionsJson {
  computeBudgetInstructions: InstructionJson[];
  setupInstructions: InstructionJson[];
  swapInstruction: InstructionJson;
  cleanupInstruction: InstructionJson | null;
  otherInstructions: InstructionJson[];
  addressLookupTableAddresses: string[];
  lastValidBlockHeight: number;
  computeUnitLimit: number;
  simulationError: unknown;
}

export function instruction(json: InstructionJson): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(json.programId),
    keys: json.accounts.map((a) => ({
      pubkey: new PublicKey(a.pubkey),
      isSigner: a.isSigner,
      isWritable: a.isWritable,
    })),
    data: Buffer.from(json.data, 'base64'),
  });
}

/** The groups in Jupiter's documented order. */
export function swapPart(body: SwapInstructionsJson): TransactionInstruction[] {
  return [
    ...body.computeBudgetInstructions,
    ...body.setupInstructions,
    body.swapInstruction,
    ...(body.cleanupInstruction ? [body.cleanupInstruction] : []),
    ...body.otherInstructions,
  ].map(instruction);
}

export interface Invoice {
  mint: string;
  decimals: number;
  tokenProgram?: PublicKey;
  /** The payer's token account the swap filled. */
  from: PublicKey;
  merchantAccount: PublicKey;
  amount: bigint;
  references: PublicKey[];
  memo: string;
}

/** Solana Pay's transfer: the swap, then the memo, then TransferChecked with the references. */
export function invoiceInstructions(invoice: Invoice, payer: PublicKey): TransactionInstruction[] {
  const transfer = createTransferCheckedInstruction(
    invoice.from,
    new PublicKey(invoice.mint),
    invoice.merchantAccount,
    payer,
    invoice.amount,
    invoice.decimals,
    [],
    invoice.tokenProgram,
  );
  for (const reference of invoice.references) {
    transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  }
  return [
    new TransactionInstruction({
      programId: MEMO_PROGRAM,
      keys: [],
      data: Buffer.from(invoice.memo),
    }),
    transfer,
  ];
}

/**
 * One v0 transaction of `instructions`, signed by the user only, compiled against the lookup
 * tables an answer names (`addressLookupTableAddresses`), read from the RPC as a wallet does.
 */
export async function signAsUser(
  connection: Connection,
  user: Keypair,
  instructions: TransactionInstruction[],
  tableAddresses: readonly string[] = [],
): Promise<VersionedTransaction> {
  const { blockhash } = await connection.getLatestBlockhash();
  const tables = await Promise.all(
    tableAddresses.map(
      async (address) => (await connection.getAddressLookupTable(new PublicKey(address))).value!,
    ),
  );
  const message = new TransactionMessage({
    payerKey: user.publicKey,
    recentBlockhash: blockhash,
    instructions,
  }).compileToV0Message(tables);
  expect(message.header.numRequiredSignatures).toBe(1);
  const tx = new VersionedTransaction(message);
  tx.sign([user]);
  return tx;
}

/** POST /swap-instructions, expecting 200 and a clean simulation. */
export async function swapInstructions(
  swapApiUrl: string,
  body: Record<string, unknown>,
): Promise<SwapInstructionsJson> {
  const answer = await postJson(`${swapApiUrl}/swap-instructions`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.simulationError).toBeNull();
  return answer.body as unknown as SwapInstructionsJson;
}
