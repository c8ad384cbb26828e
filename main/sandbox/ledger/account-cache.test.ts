import { describe, expect, it } from 'vitest';
import { AccountCache } from './account-cache';
import type { LedgerAccount } from './ledger-view';

const account = (lamports: bigint): LedgerAccount => ({
  lamports,
  owner: '11111111111111111111111111111111',
  data: new Uint8Array(0),
  executable: false,
});

describe('AccountCache', () => {
  it('reads each address once until it is forgotten, and keeps no more than its limit', () => {
    const cache = new AccountCache(3);
    const reads: string[] = [];
    const read = (address: string, lamports: bigint) =>
      cache.read(address, () => {
        reads.push(address);
        return account(lamports);
      });
    for (const address of ['a', 'b', 'c', 'a', 'b']) read(address, 1n);
    expect(reads).toEqual(['a', 'b', 'c']);
    cache.forget('b');
    expect(read('b', 2n)?.lamports).toBe(2n);
    // A fourth address drops the oldest read ('a'), never more than three kept.
    read('d', 1n);
    expect(cache.size).toBe(3);
    read('a', 3n);
    expect(reads).toEqual(['a', 'b', 'c', 'b', 'd', 'a']);
  });

  it('never keeps a sysvar: the clock moves them on its own', () => {
    const cache = new AccountCache();
    let slot = 0n;
    const clock = () =>
      cache.read('SysvarC1ock11111111111111111111111111111111', () => account((slot += 1n)));
    expect([clock()?.lamports, clock()?.lamports]).toEqual([1n, 2n]);
    expect(cache.size).toBe(0);
  });
});
