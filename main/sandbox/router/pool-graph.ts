/**
 * The pools as a graph of mints, built once: which pools join two mints and which mints a mint
 * trades against. Reserves are not in here; they are read per request from the ledger.
 */
import type { Pool } from '../venues/types';

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export class PoolGraph {
  readonly pools: readonly Pool[];
  private readonly byPair = new Map<string, Pool[]>();
  private readonly adjacent = new Map<string, Set<string>>();
  private readonly byKey = new Map<string, Pool>();

  constructor(pools: readonly Pool[]) {
    this.pools = pools;
    for (const pool of pools) {
      const key = pairKey(pool.mintA, pool.mintB);
      const list = this.byPair.get(key) ?? [];
      list.push(pool);
      this.byPair.set(key, list);
      this.link(pool.mintA, pool.mintB);
      this.link(pool.mintB, pool.mintA);
      this.byKey.set(pool.ammKey, pool);
    }
  }

  private link(from: string, to: string): void {
    const set = this.adjacent.get(from) ?? new Set<string>();
    set.add(to);
    this.adjacent.set(from, set);
  }

  /** Pools that trade `a` against `b`, in either direction. */
  poolsBetween(a: string, b: string): readonly Pool[] {
    return this.byPair.get(pairKey(a, b)) ?? [];
  }

  /** Mints that some pool trades against `mint`. */
  neighbours(mint: string): ReadonlySet<string> {
    return this.adjacent.get(mint) ?? new Set();
  }

  /** True when some pool holds `mint`. */
  trades(mint: string): boolean {
    return this.adjacent.has(mint);
  }

  pool(ammKey: string): Pool | undefined {
    return this.byKey.get(ammKey);
  }
}
