import { randomBytes } from 'node:crypto';
import { AddressLookupTableAccount, Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { lookupTableAddresses } from './wire';

/** A lookup table account's data as the program lays it out (56-byte header, then the keys). */
function tableData(keys: Uint8Array[], typeIndex = 1): Uint8Array {
  const data = new Uint8Array(56 + 32 * keys.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, typeIndex, true);
  view.setBigUint64(4, 2n ** 64n - 1n, true); // never deactivated
  view.setBigUint64(12, 42n, true); // last extended slot
  data[20] = 0; // its start index
  data[21] = 1; // an authority follows
  data.set(Keypair.generate().publicKey.toBytes(), 22);
  keys.forEach((key, index) => data.set(key, 56 + 32 * index));
  return data;
}

describe('lookupTableAddresses', () => {
  it("reads a table's addresses as web3.js's AddressLookupTableAccount does", () => {
    for (const count of [0, 1, 37, 256]) {
      const data = tableData(Array.from({ length: count }, () => new Uint8Array(randomBytes(32))));
      const web3 = AddressLookupTableAccount.deserialize(data).addresses.map((key) =>
        key.toBase58(),
      );
      expect(lookupTableAddresses(data)).toEqual(web3);
      // A view inside a larger buffer reads the same.
      const padded = new Uint8Array(data.length + 9);
      padded.set(data, 9);
      expect(lookupTableAddresses(padded.subarray(9))).toEqual(web3);
    }
  });

  it('refuses what web3.js refuses: another account type, a short header, a torn key', () => {
    const key = new Uint8Array(randomBytes(32));
    const cases = [
      tableData([key], 0),
      tableData([key]).subarray(0, 40),
      tableData([key]).subarray(0, 56 + 31),
    ];
    for (const data of cases) {
      expect(() => AddressLookupTableAccount.deserialize(data)).toThrow();
      expect(() => lookupTableAddresses(data)).toThrow();
    }
  });
});
