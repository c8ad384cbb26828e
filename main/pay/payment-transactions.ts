/**
 * The transactions a payment builds itself, with web3.js in main: the merchant's part (an SPL
 * Memo, then a TransferChecked carrying the reference keys, always last), the creation of a
 * missing payee token account, and the composition of an exact-output swap's instructions
 * (POST /swap-instructions) with the merchant's part, address lookup tables resolved.
 */
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import {
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  type AddressLookupTableAccount,
  type Connection,
} from '@solana/web3.js';
import { compileV0 } from '../shared/compile-v0';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { networkUnreachable } from '../shared/network-unreachable';
import type { SwapInstructions } from '../swap-api';
import { web3Instruction } from '../tickets/web3-instruction';

/** The packet limit of a Solana transaction (wire bytes). */
export const MAX_TRANSACTION_BYTES = 1232;

export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

export const TOO_LARGE_MESSAGE =
  'This payment needs more accounts than fit in one transaction; try paying with another token';

export type BuildConnection = Pick<Connection, 'getLatestBlockhash' | 'getAddressLookupTable'>;

/** What the merchant reads: who pays whom, how much of what, found by which keys. */
export interface MerchantPart {
  payer: Address;
  mint: Address;
  decimals: number;
  tokenProgram: Address;
  payeeTokenAccount: Address;
  amount: bigint;
  references: Address[];
  memo: string | null;
  /** A SOL request: a SystemProgram transfer to `payeeTokenAccount` (the recipient wallet). */
  native?: boolean;
}

/** The payer's associated token account of the payment's mint (where a swap delivers first). */
export function payerTokenAccount(part: Pick<MerchantPart, 'payer' | 'mint' | 'tokenProgram'>) {
  return getAssociatedTokenAddressSync(
    new PublicKey(part.mint),
    new PublicKey(part.payer),
    true,
    new PublicKey(part.tokenProgram),
  );
}

/**
 * [Memo?, TransferChecked(payer's account -> payee, amount, decimals) + reference keys as
 * read-only non-signers]; for a SOL request the transfer is a SystemProgram transfer from the
 * payer's wallet to the recipient wallet. The transfer is returned last, as Solana Pay requires.
 */
export function merchantInstructions(part: MerchantPart): TransactionInstruction[] {
  const payer = new PublicKey(part.payer);
  // A SOL request: SystemProgram.transfer to the wallet, as Solana Pay's createTransfer does.
  const transfer = part.native
    ? SystemProgram.transfer({
        fromPubkey: payer,
        toPubkey: new PublicKey(part.payeeTokenAccount),
        lamports: part.amount,
      })
    : createTransferCheckedInstruction(
        payerTokenAccount(part),
        new PublicKey(part.mint),
        new PublicKey(part.payeeTokenAccount),
        payer,
        part.amount,
        part.decimals,
        [],
        new PublicKey(part.tokenProgram),
      );
  for (const reference of part.references) {
    transfer.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  }
  const memo =
    part.memo === null
      ? []
      : [
          new TransactionInstruction({
            programId: MEMO_PROGRAM_ID,
            keys: [],
            data: Buffer.from(part.memo, 'utf8'),
          }),
        ];
  return [...memo, transfer];
}

/** The creation of the payee's associated token account, paid (rent included) by the payer. */
export function createDestinationInstruction(input: {
  payer: Address;
  payeeTokenAccount: Address;
  owner: Address;
  mint: Address;
  tokenProgram: Address;
}): TransactionInstruction {
  return createAssociatedTokenAccountIdempotentInstruction(
    new PublicKey(input.payer),
    new PublicKey(input.payeeTokenAccount),
    new PublicKey(input.owner),
    new PublicKey(input.mint),
    new PublicKey(input.tokenProgram),
  );
}

/** The swap's instructions in Jupiter's order: budget, setup, token ledger, swap, cleanup, other. */
export function swapInstructionList(parts: SwapInstructions): TransactionInstruction[] {
  return [
    ...parts.computeBudgetInstructions,
    ...parts.setupInstructions,
    ...(parts.tokenLedgerInstruction ? [parts.tokenLedgerInstruction] : []),
    parts.swapInstruction,
    ...(parts.cleanupInstruction ? [parts.cleanupInstruction] : []),
    ...parts.otherInstructions,
  ].map(web3Instruction);
}

/** The lookup tables named by a swap answer, read from the network. */
export async function lookupTables(
  connection: BuildConnection,
  addresses: readonly Address[],
): Promise<AddressLookupTableAccount[]> {
  const tables: AddressLookupTableAccount[] = [];
  for (const address of addresses) {
    const { value } = await connection
      .getAddressLookupTable(new PublicKey(address), { commitment: 'confirmed' })
      .catch((error: unknown) => {
        throw new WalletError(
          'NETWORK_UNAVAILABLE',
          'The network could not be reached to read the swap\u2019s address lookup tables. Try again.',
          { cause: error },
        );
      });
    if (value === null) {
      throw new WalletError(
        'SWAP_API_BAD_RESPONSE',
        `The swap service named an address lookup table (${address}) that does not exist. Get a fresh quote.`,
      );
    }
    tables.push(value);
  }
  return tables;
}

export interface BuiltTransaction {
  transaction: Uint8Array;
  lastValidBlockHeight: number;
}

/**
 * A v0 transaction of `instructions`, fee payer `payer`, with a fresh blockhash and the given
 * lookup tables. Throws TRANSACTION_TOO_LARGE past 1232 bytes (signature slots included).
 */
export async function buildTransaction(
  connection: BuildConnection,
  payer: Address,
  instructions: TransactionInstruction[],
  lookupTableAddresses: readonly Address[] = [],
): Promise<BuiltTransaction> {
  const tables = await lookupTables(connection, lookupTableAddresses);
  const { blockhash, lastValidBlockHeight } = await connection
    .getLatestBlockhash('confirmed')
    .catch(
      networkUnreachable(
        'The network could not be reached to build the payment. Check the connection and try again.',
      ),
    );
  let wire: Uint8Array;
  try {
    wire = compileV0(new PublicKey(payer), blockhash, instructions, tables).serialize();
  } catch (error) {
    // web3.js refuses to serialize past the packet size (or past 256 accounts).
    throw new WalletError('TRANSACTION_TOO_LARGE', TOO_LARGE_MESSAGE, { cause: error });
  }
  if (wire.length > MAX_TRANSACTION_BYTES) {
    throw new WalletError('TRANSACTION_TOO_LARGE', TOO_LARGE_MESSAGE);
  }
  return { transaction: wire, lastValidBlockHeight };
}
