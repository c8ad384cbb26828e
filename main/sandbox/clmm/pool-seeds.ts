/**
 * The CLMM pools genesis opens with the program's own `create_pool`, on pairs CP-Swap also
 * serves (cp-swap/pool-seeds.ts) at slightly different prices, so the router has a real choice
 * between venues and splits across them. Each pool gets liquidity in three tick ranges around
 * its price, opened with `open_position_with_token22_nft`: a narrow one (±`narrow` ticks), a
 * middle one and a wide one, so a large trade crosses ticks and liquidity thins as it goes.
 * Amounts are the token-A value of each range in user units; price = token B per token A.
 * Only classic SPL mints: CLMM accepts Token-2022 mints too, but the quote here carries no
 * transfer-fee arithmetic for it (clmm-quote.ts).
 */
import { mintsInOrder } from '../cp-swap/program';
import { clmmConfigAddress, type ClmmFeeTier } from './amm-configs';
import { clmmPoolAddresses } from './program';

export interface ClmmRangeSeed {
  /** Half-width of the range in ticks (1 tick ≈ 0.01 %), rounded out to the tick spacing. */
  halfWidth: number;
  /** Token A's worth of the range, user units. */
  amountA: string;
}

export interface ClmmPoolSeed {
  a: string;
  b: string;
  feeTier: ClmmFeeTier;
  price: string;
  ranges: readonly ClmmRangeSeed[];
}

const ranges = (narrow: string, middle: string, wide: string, scale = 1): ClmmRangeSeed[] => [
  { halfWidth: 20 * scale, amountA: narrow },
  { halfWidth: 200 * scale, amountA: middle },
  { halfWidth: 4000 * scale, amountA: wide },
];

/** Symbols refer to main/sandbox/tokens.ts. */
export const CLMM_POOL_SEEDS: readonly ClmmPoolSeed[] = [
  {
    a: 'SOL',
    b: 'USDC',
    feeTier: '0.05%',
    price: '150.1',
    ranges: ranges('3000', '8000', '10000'),
  },
  {
    a: 'SOL',
    b: 'USDT',
    feeTier: '0.25%',
    price: '149.97',
    ranges: ranges('500', '2000', '4000', 3),
  },
  {
    a: 'USDC',
    b: 'USDT',
    feeTier: '0.01%',
    price: '0.9999',
    ranges: ranges('500000', '1000000', '1000000'),
  },
  {
    a: 'JUP',
    b: 'USDC',
    feeTier: '0.25%',
    price: '0.902',
    ranges: ranges('100000', '300000', '500000', 3),
  },
  {
    a: 'mSOL',
    b: 'SOL',
    feeTier: '0.01%',
    price: '1.2705',
    ranges: ranges('2000', '5000', '5000'),
  },
  {
    a: 'RAY',
    b: 'USDC',
    feeTier: '1%',
    price: '2.49',
    ranges: ranges('50000', '200000', '300000', 6),
  },
];

/** The program's address of a seed's pool (mints sorted as the program requires). */
export function clmmSeedPoolAddress(
  seed: ClmmPoolSeed,
  mintOf: (symbol: string) => string,
): string {
  const [a, b] = [mintOf(seed.a), mintOf(seed.b)];
  const [mint0, mint1] = mintsInOrder(a, b) ? [a, b] : [b, a];
  return clmmPoolAddresses(clmmConfigAddress(seed.feeTier), mint0, mint1).pool;
}
