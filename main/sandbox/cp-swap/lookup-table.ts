/**
 * The sandbox's address lookup table of the CP-Swap market: every pool's static accounts (pool,
 * config, vaults, observation, mints) and the programs a swap calls, written at genesis as the
 * Address Lookup Table program stores a frozen table (no authority, never deactivated, every
 * address active from the start). A route of many legs (two hops, each split) does not fit a
 * packet with every account inline; /swap and /swap-instructions then compile the v0
 * transaction against this table, as Jupiter does with its own tables on mainnet.
 */
import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import { AddressLookupTableAccount, PublicKey } from '@solana/web3.js';
import type { LedgerAccount } from '../ledger/ledger-view';
import { lookupTableAddresses } from '../ledger/wire';
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM_ID,
  ASSOCIATED_TOKEN_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../tokens';
import { CP_SWAP_AUTHORITY, CP_SWAP_PROGRAM_ID } from './program';

/** A fixed address (a hash, not a key anyone holds): the table is part of the chain's genesis. */
export const CP_SWAP_LOOKUP_TABLE = bs58.encode(
  createHash('sha256').update('swapdesk-sandbox:cp-swap-lookup-table').digest(),
);

const META_SIZE = 56;
/** The program's limit per table. */
const MAX_ADDRESSES = 256;

/** The programs and the authority every swap names, first in the table. */
export const SHARED_SWAP_ACCOUNTS = [
  CP_SWAP_PROGRAM_ID,
  CP_SWAP_AUTHORITY,
  TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  ASSOCIATED_TOKEN_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
];

/** The account data of a frozen, active table holding `addresses` (deduplicated, in order). */
export function lookupTableData(addresses: readonly string[]): Uint8Array {
  const unique = [...new Set(addresses)];
  if (unique.length > MAX_ADDRESSES) {
    throw new Error(
      `a lookup table holds at most ${MAX_ADDRESSES} addresses, not ${unique.length}`,
    );
  }
  const data = new Uint8Array(META_SIZE + 32 * unique.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, 1, true); // LookupTable
  view.setBigUint64(4, (1n << 64n) - 1n, true); // never deactivated
  view.setBigUint64(12, 0n, true); // last extended at slot 0 ...
  data[20] = unique.length; // ... with every address before that extension: all active
  data[21] = 0; // no authority: frozen
  unique.forEach((address, index) => data.set(bs58.decode(address), META_SIZE + 32 * index));
  return data;
}

/** The last table decoded, by its address and the exact bytes (issue 26: every /swap reads it). */
let lastDecoded: { key: string; data: Buffer; table: AddressLookupTableAccount } | null = null;

/**
 * The table at `key` (the sandbox's, by default) as web3.js compiles v0 messages against it, or
 * null when the ledger has none there.
 */
export function lookupTableAccount(
  account: LedgerAccount | null,
  key: string = CP_SWAP_LOOKUP_TABLE,
): AddressLookupTableAccount | null {
  if (account === null || account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ID) return null;
  // The same bytes decode to the same table: only a changed account is decoded again.
  const data = Buffer.from(account.data);
  if (lastDecoded !== null && lastDecoded.key === key && lastDecoded.data.equals(data)) {
    return lastDecoded.table;
  }
  const table = new AddressLookupTableAccount({
    key: new PublicKey(key),
    state: AddressLookupTableAccount.deserialize(account.data),
  });
  lastDecoded = { key, data: Buffer.from(data), table };
  return table;
}

/** What appending to the table needs of the ledger (its genesis hosts and the ledger itself). */
export interface LookupTableHost {
  getAccount(address: string): LedgerAccount | null;
  setAccount(address: string, account: LedgerAccount): void;
  minimumBalanceForRentExemption(dataLength: number): bigint;
}

/**
 * Appends to the sandbox's table the `addresses` it lacks, after those it has (genesis froze it
 * with every address active); nothing when there is no table or nothing to add.
 */
export function appendToLookupTable(host: LookupTableHost, addresses: readonly string[]): void {
  const table = host.getAccount(CP_SWAP_LOOKUP_TABLE);
  if (table === null) return;
  const present = lookupTableAddresses(table.data);
  const added = addresses.filter((address) => !present.includes(address));
  if (added.length === 0) return;
  const data = lookupTableData([...present, ...added]);
  host.setAccount(CP_SWAP_LOOKUP_TABLE, {
    ...table,
    lamports: host.minimumBalanceForRentExemption(data.length),
    data,
  });
}
