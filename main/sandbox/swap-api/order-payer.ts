/**
 * Who pays an /order transaction's network costs on the sandbox, as the official OpenAPI's
 * `gasless` says mainnet does (issue 22):
 *
 * - a market maker's fill (JupiterZ) is paid by the market maker: "signatureFeePayer is the MM
 *   address";
 * - a gasless order (the taker holds under 0.01 SOL and sent no optional parameter, the docs'
 *   "Automatic gasless") is paid by the service's gas payer, which also funds the taker's new
 *   token accounts; its key is derived from a published seed (shared/sandbox-operator.ts).
 *   Jupiter recoups this through a higher fee; the sandbox's gas payer recoups nothing.
 *
 * Both sign at /execute, after the person, so the transaction /order hands out lacks their
 * signatures, and its first account (the fee payer) is not the person's.
 */
import { createHash } from 'node:crypto';
import {
  AddressLookupTableAccount,
  Keypair,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { SANDBOX_GAS_PAYER } from '../../shared/sandbox-operator';
import { lookupTableAccount } from '../cp-swap/lookup-table';
import type { LedgerView } from '../ledger/ledger-view';
import { ASSOCIATED_TOKEN_PROGRAM_ID, SYSTEM_PROGRAM_ID } from '../tokens';

/** What the payers start with and are topped up to on the sandbox. */
const PAYER_FLOAT_LAMPORTS = 1_000_000_000_000n;

const PACKET_SIZE = 1232;

/** The sandbox's gas payer: the key of the published seed (its address is SANDBOX_GAS_PAYER). */
export function sandboxGasPayer(): Keypair {
  const seed = createHash('sha256').update('swapdesk sandbox gas payer').digest();
  const keypair = Keypair.fromSeed(seed);
  if (keypair.publicKey.toBase58() !== SANDBOX_GAS_PAYER) {
    throw new Error('the sandbox gas payer seed does not give the published address');
  }
  return keypair;
}

/** Keeps a payer able to pay: a system account with a float (the sandbox's own operators). */
export function fundPayer(ledger: LedgerView, payer: PublicKey): void {
  const account = ledger.getAccount(payer.toBase58());
  if (account !== null && account.lamports >= PAYER_FLOAT_LAMPORTS / 2n) return;
  ledger.setAccount(payer.toBase58(), {
    lamports: PAYER_FLOAT_LAMPORTS,
    owner: SYSTEM_PROGRAM_ID,
    data: new Uint8Array(0),
    executable: false,
  });
}

function lookupTables(tx: VersionedTransaction, ledger: LedgerView): AddressLookupTableAccount[] {
  return tx.message.addressTableLookups.map((lookup) => {
    const key = lookup.accountKey.toBase58();
    const table = lookupTableAccount(ledger.getAccount(key), key);
    if (table === null) throw new Error(`lookup table ${key} is gone`);
    return table;
  });
}

/**
 * The same instructions with `payer` as the fee payer (the message's first account), unsigned;
 * with `rent`, it also funds the associated token accounts the taker's transaction opens. Null
 * when the rebuilt transaction would not fit a packet.
 */
export function paidBy(
  tx: VersionedTransaction,
  payer: PublicKey,
  ledger: LedgerView,
  options: { taker: PublicKey; rent: boolean },
): VersionedTransaction | null {
  const tables = lookupTables(tx, ledger);
  const { instructions } = TransactionMessage.decompile(tx.message, {
    addressLookupTableAccounts: tables,
  });
  const funded = instructions.map((instruction) => {
    const opensAccount =
      instruction.programId.toBase58() === ASSOCIATED_TOKEN_PROGRAM_ID &&
      instruction.keys[0]?.pubkey.equals(options.taker) === true;
    if (!options.rent || !opensAccount) return instruction;
    const keys = [
      { pubkey: payer, isSigner: true, isWritable: true },
      ...instruction.keys.slice(1),
    ];
    return new TransactionInstruction({ ...instruction, keys });
  });
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: tx.message.recentBlockhash,
    instructions: funded,
  }).compileToV0Message(tables);
  const rebuilt = new VersionedTransaction(message);
  return rebuilt.serialize().length <= PACKET_SIZE ? rebuilt : null;
}
