/**
 * /build's lookup-table claims against what the RPC holds: equal, or a table that grew since,
 * passes; a differing address, a longer claim, or a table that does not exist is refused in
 * words that name the table.
 */
import { AddressLookupTableAccount, Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../shared/address';
import { verifiedLookupTables } from './lookup-tables';

const TABLE = Keypair.generate().publicKey.toBase58() as Address;
const held = [1, 2, 3].map(() => Keypair.generate().publicKey.toBase58() as Address);

function chain(addresses: string[] | null) {
  return {
    getAddressLookupTable: async (key: PublicKey) => ({
      context: { slot: 1 },
      value:
        addresses === null
          ? null
          : new AddressLookupTableAccount({
              key,
              state: {
                deactivationSlot: BigInt('18446744073709551615'),
                lastExtendedSlot: 0,
                lastExtendedSlotStartIndex: 0,
                addresses: addresses.map((a) => new PublicKey(a)),
              },
            }),
    }),
  };
}

describe('verifiedLookupTables', () => {
  it('returns the tables as the chain holds them when the claim matches (or the table grew)', async () => {
    const tables = await verifiedLookupTables(new Map([[TABLE, held.slice(0, 2)]]), chain(held));
    expect(tables[0]?.state.addresses.map(String)).toEqual(held);
    expect(await verifiedLookupTables(null, chain(held))).toEqual([]);
  });

  it('refuses a different address, naming the table and the position', async () => {
    const claim = new Map([[TABLE, [held[0]!, held[2]!]]]);
    await expect(verifiedLookupTables(claim, chain(held))).rejects.toThrow(
      new RegExp(`${TABLE}.*at position 1`),
    );
  });

  it('refuses a claim longer than the table, and a table that does not exist', async () => {
    const longer = new Map([[TABLE, [...held, held[0]!]]]);
    await expect(verifiedLookupTables(longer, chain(held))).rejects.toThrow(/holds 3/);
    await expect(verifiedLookupTables(new Map([[TABLE, held]]), chain(null))).rejects.toThrow(
      new RegExp(`${TABLE}.*no such table`),
    );
  });
});
