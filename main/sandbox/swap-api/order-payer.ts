/**
 * Who pays an /order transaction's network costs on the sandbox, as the official OpenAPI's
 * `gasless` says mainnet does (issue 22):
 *
 * - a market maker's fill (JupiterZ) is paid by the market maker: "signatureFeePayer is the MM
 *   address";
 * - a gasless order (the taker holds under 0.01 SOL and sent no optional parameter, the docs'
 *   "Automatic gasless") is paid by the service's gas payer, which also funds the taker's new
 *   token accounts; its key is derived from a published seed (shared/sandbox-operator.ts).
 *   Jupiter recoups this through a higher fee; the sandbox's gas payer recoups nothing. On a
 *   market maker's fill for such a taker (a route of two hops, one the maker's), the maker pays
 *   the fee and the gas payer the rent of the taker's new accounts (issue 32), so a person with
 *   no SOL is not left paying either.
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
import { CP_SWAP_LOOKUP_TABLE, lookupTableAccount } from '../cp-swap/lookup-table';
import type { LedgerView } from '../ledger/ledger-view';
import { associatedTokenAddress } from '../../tokens/associated-token';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  NATIVE_MINT,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../tokens';

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
 * with a `rentPayer`, that account funds the associated token accounts the taker's transaction
 * opens. Null when the rebuilt transaction would not fit a packet.
 */
export function paidBy(
  tx: VersionedTransaction,
  payer: PublicKey,
  ledger: LedgerView,
  options: { taker: PublicKey; rentPayer: PublicKey | null },
): VersionedTransaction | null {
  const tables = lookupTables(tx, ledger);
  const { instructions } = TransactionMessage.decompile(tx.message, {
    addressLookupTableAccounts: tables,
  });
  const funded = instructions.map((instruction) => {
    const opensAccount =
      instruction.programId.toBase58() === ASSOCIATED_TOKEN_PROGRAM_ID &&
      instruction.keys[0]?.pubkey.equals(options.taker) === true;
    if (options.rentPayer === null || !opensAccount) return instruction;
    const keys = [
      { pubkey: options.rentPayer, isSigner: true, isWritable: true },
      ...instruction.keys.slice(1),
    ];
    return new TransactionInstruction({ ...instruction, keys });
  });
  // Another signer adds a key and a signature: compiled against the market's lookup table too
  // (a route that fitted inline for the taker alone may not, issue 32), as Jupiter's gasless
  // transactions use its route tables.
  const market = lookupTableAccount(ledger.getAccount(CP_SWAP_LOOKUP_TABLE), CP_SWAP_LOOKUP_TABLE);
  const compileWith =
    market === null || tables.some((table) => table.key.equals(market.key))
      ? tables
      : [...tables, market];
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: tx.message.recentBlockhash,
    instructions: funded,
  }).compileToV0Message(compileWith);
  const rebuilt = new VersionedTransaction(message);
  return rebuilt.serialize().length <= PACKET_SIZE ? rebuilt : null;
}

/** A token account's amount (SPL Token and Token-2022 share the first 72 bytes). */
function tokenAmount(data: Uint8Array): bigint {
  return data.length < 72 ? 0n : Buffer.from(data).readBigUInt64LE(64);
}

/**
 * What `taker` holds of `mint` in base units: lamports for SOL (the routes wrap it), else the
 * amount in its associated token account of the mint's program.
 */
export function takerHolds(ledger: LedgerView, taker: string, mint: string): bigint {
  if (mint === NATIVE_MINT) return ledger.getAccount(taker)?.lamports ?? 0n;
  const program = ledger.getAccount(mint)?.owner;
  if (program !== TOKEN_PROGRAM_ID && program !== TOKEN_2022_PROGRAM_ID) return 0n;
  const account = ledger.getAccount(associatedTokenAddress(mint, taker, program));
  return account === null || account.owner !== program ? 0n : tokenAmount(account.data);
}

/**
 * Why an order the taker was to sign would fail, in the docs' /order codes (docs-v2 "Order &
 * Execute", Error codes), read by `router`: the input not held is 1 for either; else an
 * aggregator's taker lacks the SOL for the network costs (2, "Insufficient SOL for gas"), and a
 * market maker's fill could not be built (3).
 */
export function orderFailure(
  router: 'metis' | 'jupiterz',
  inputShort: boolean,
): { errorCode: number; errorMessage: string } {
  if (inputShort) {
    return {
      errorCode: 1,
      errorMessage:
        router === 'jupiterz' ? 'Insufficient balance to fund the swap' : 'Insufficient funds',
    };
  }
  return router === 'jupiterz'
    ? { errorCode: 3, errorMessage: 'Quote could not be built into a transaction' }
    : { errorCode: 2, errorMessage: 'Insufficient SOL for gas' };
}
