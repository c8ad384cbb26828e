/**
 * Turns the market maker's seeds into pools with base-unit reserves: deterministic addresses
 * and the vault balances that put each book exactly at its seed price. Pure, so the tests build
 * them the same way the market does.
 */
import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import { parseUnits } from '../../shared/amount';
import { MARKET_MAKER_LABEL, type Pool, type Reserves } from '../venues/types';
import type { MarketMakerSeed } from './pool-catalog';

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

/** Builds one book from its seed. */
export function buildPool(seed: MarketMakerSeed, a: SeedToken, b: SeedToken): BuiltPool {
  const ammKey = derivedAddress(`market-maker:${a.mint}:${b.mint}`);
  const amountA = parseUnits(seed.amountA, a.decimals);
  const { num, den } = rawPrice(seed.price, a, b);
  return {
    pool: {
      ammKey,
      label: MARKET_MAKER_LABEL,
      mintA: a.mint,
      mintB: b.mint,
      vaultA: derivedAddress(`vault:${ammKey}:${a.mint}`),
      vaultB: derivedAddress(`vault:${ammKey}:${b.mint}`),
      feeBps: seed.feeBps,
      curve: { kind: 'constant-product' },
    },
    reserves: { a: amountA, b: (amountA * num) / den },
  };
}

/** Builds every seed; throws when a seed names a symbol the token set lacks. */
export function buildPools(
  seeds: readonly MarketMakerSeed[],
  tokens: readonly SeedToken[],
): BuiltPool[] {
  const bySymbol = new Map(tokens.map((token) => [token.symbol, token]));
  return seeds.map((seed) => {
    const a = bySymbol.get(seed.a);
    const b = bySymbol.get(seed.b);
    if (a === undefined || b === undefined) {
      throw new Error(`pool seed ${seed.a}/${seed.b} names a token the sandbox does not have`);
    }
    return buildPool(seed, a, b);
  });
}
