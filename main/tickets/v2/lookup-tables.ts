/**
 * /build's `addressesByLookupTableAddress` is the service's claim of what each lookup table
 * holds. The wallet reads every table from the person's RPC, compiles the transaction with what
 * it read, and refuses a claim that differs: a table that does not exist, or whose address at
 * some position is not the one claimed (a table may have grown since the service read it, so
 * the chain may hold more than claimed; never different, never less). The refusal names the
 * table.
 */
import { AddressLookupTableAccount, PublicKey } from '@solana/web3.js';
import type { ReviewConnection } from '../../review';
import { addressOf, type Address } from '../../shared/address';
import { WalletError } from '../../shared/errors';

function refuse(table: string, what: string): never {
  throw new WalletError(
    'SWAP_API_BAD_RESPONSE',
    `The swap service described the address lookup table ${table} differently from what the network holds (${what}). Swapdesk will not build a transaction on its word. Nothing was signed; try again, and if it repeats use another swap service in Settings.`,
  );
}

/**
 * The tables of a /build answer as the RPC holds them, after checking the service's claim.
 * Throws SWAP_API_BAD_RESPONSE naming the table, NETWORK_UNAVAILABLE when the RPC cannot be read.
 */
export async function verifiedLookupTables(
  claimed: ReadonlyMap<Address, readonly Address[]> | null,
  connection: Pick<ReviewConnection, 'getAddressLookupTable'>,
): Promise<AddressLookupTableAccount[]> {
  if (claimed === null) return [];
  const tables: AddressLookupTableAccount[] = [];
  for (const [table, addresses] of claimed) {
    let account: AddressLookupTableAccount | null;
    try {
      account = (await connection.getAddressLookupTable(new PublicKey(table))).value;
    } catch (error) {
      throw new WalletError(
        'NETWORK_UNAVAILABLE',
        `The network could not be reached to read the lookup table ${table}. Check the connection and review again.`,
        { cause: error },
      );
    }
    if (account === null) refuse(table, 'the network has no such table');
    const onChain = account.state.addresses.map((key) => addressOf(key.toBytes()));
    if (addresses.length > onChain.length) {
      refuse(table, `it claims ${addresses.length} addresses, the table holds ${onChain.length}`);
    }
    const first = addresses.findIndex((address, index) => onChain[index] !== address);
    if (first >= 0) {
      refuse(
        table,
        `at position ${first} it claims ${addresses[first]}, the table holds ${onChain[first]}`,
      );
    }
    tables.push(account);
  }
  return tables;
}
