/**
 * Turns pool seeds into pools with base-unit reserves: deterministic addresses, curve
 * parameters in bigint, and the vault balances that put each pool exactly at its seed price.
 * Pure, so the bench and the tests build pools the same way genesis does.
 */
import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import { parseUnits } from '../../shared/amount';
import { concentratedPosition, sqrtPriceX64 } from '../venues/concentrated';
import type { Curve, Pool, Reserves } from '../venues/types';
import type { PoolSeed } from './pool-catalog';

export interface SeedToken {
  mint: string;
  symbol: string;
  decimals: number;
}

export interface BuiltPool {
  pool: Pool;
  reserves: Reserves;
}

/** A deterministic 32-byte address from a tag (an id, not a key anyone holds). */
export function derivedAddress(tag: string): string {
  return bs58.encode(createHash('sha256').update(`swapdesk-sandbox:${tag}`).digest());
}

/** A price in user units (B per A) as a base-unit ratio num/den. */
function rawPrice(price: string, a: SeedToken, b: SeedToken): { num: bigint; den: bigint } {
  const [whole = '0', fraction = ''] = price.split('.');
  const num = BigInt(whole + fraction) * 10n ** BigInt(b.decimals);
  const den = 10n ** BigInt(fraction.length) * 10n ** BigInt(a.decimals);
  return { num, den };
}

function sqrtOf(price: string, a: SeedToken, b: SeedToken): bigint {
  const { num, den } = rawPrice(price, a, b);
  return sqrtPriceX64(num, den);
}

/** Builds one pool from its seed; `index` makes the address unique among same-pair pools. */
export function buildPool(seed: PoolSeed, a: SeedToken, b: SeedToken, index: number): BuiltPool {
  const ammKey = derivedAddress(`pool:${index}:${seed.label}:${a.mint}:${b.mint}`);
  const amountA = parseUnits(seed.amountA, a.decimals);
  let curve: Curve;
  let amountB: bigint;
  switch (seed.kind) {
    case 'constant-product': {
      const { num, den } = rawPrice(seed.price, a, b);
      curve = { kind: 'constant-product' };
      amountB = (amountA * num) / den;
      break;
    }
    case 'concentrated': {
      const position = concentratedPosition(
        amountA,
        sqrtOf(seed.price, a, b),
        sqrtOf(seed.lower, a, b),
        sqrtOf(seed.upper, a, b),
      );
      curve = position.curve;
      amountB = position.amountB;
      break;
    }
    case 'stable-swap': {
      const decimals = Math.max(a.decimals, b.decimals);
      curve = {
        kind: 'stable-swap',
        amplification: BigInt(seed.amplification),
        precisionA: 10n ** BigInt(decimals - a.decimals),
        precisionB: 10n ** BigInt(decimals - b.decimals),
      };
      amountB = parseUnits(seed.amountB, b.decimals);
      break;
    }
  }
  return {
    pool: {
      ammKey,
      label: seed.label,
      mintA: a.mint,
      mintB: b.mint,
      vaultA: derivedAddress(`vault:${ammKey}:${a.mint}`),
      vaultB: derivedAddress(`vault:${ammKey}:${b.mint}`),
      feeBps: seed.feeBps,
      curve,
    },
    reserves: { a: amountA, b: amountB },
  };
}

/** Builds every seed; throws when a seed names a symbol the token set lacks. */
export function buildPools(seeds: readonly PoolSeed[], tokens: readonly SeedToken[]): BuiltPool[] {
  const bySymbol = new Map(tokens.map((token) => [token.symbol, token]));
  return seeds.map((seed, index) => {
    const a = bySymbol.get(seed.a);
    const b = bySymbol.get(seed.b);
    if (a === undefined || b === undefined) {
      throw new Error(`pool seed ${seed.a}/${seed.b} names a token the sandbox does not have`);
    }
    return buildPool(seed, a, b, index);
  });
}
