/**
 * The CP-Swap pools created at genesis by the program's own `initialize`, at prices near
 * mainnet's (SOL ≈ 150 USDC, stables ≈ 1, LSTs a little above SOL). Amounts and prices are
 * user units as decimal text (price = token B per token A); genesis converts them with each
 * mint's decimals. A pair has at most one pool per fee tier (the pool's address is derived from
 * the config and the two mints), so the busy pairs have pools in several tiers at slightly
 * different prices, which gives the router real splits to find. PDLG is missing on purpose: the
 * program refuses a mint with a permanent delegate (error 6007, NotSupportMint), and XSTK too: its
 * Token-2022 crate predates Scaled UI Amount and panics unpacking the mint (initialize.rs:168).
 */
import type { FeeTier } from './fee-tiers';
import { mintsInOrder, poolAddress } from './program';

export interface CpPoolSeed {
  a: string;
  b: string;
  feeTier: FeeTier;
  amountA: string;
  price: string;
}

const pool = (a: string, b: string, feeTier: FeeTier, amountA: string, price: string) => ({
  a,
  b,
  feeTier,
  amountA,
  price,
});

/** Symbols refer to main/sandbox/tokens.ts. */
export const CP_POOL_SEEDS: readonly CpPoolSeed[] = [
  pool('SOL', 'USDC', '0.05%', '40000', '150'),
  pool('SOL', 'USDC', '0.01%', '25000', '150.05'),
  pool('SOL', 'USDC', '0.25%', '10000', '149.9'),
  pool('SOL', 'USDT', '0.05%', '15000', '150.02'),
  pool('SOL', 'USDT', '0.25%', '5000', '149.95'),
  pool('USDC', 'USDT', '0.01%', '5000000', '1'),
  pool('USDC', 'USDT', '0.05%', '2000000', '1.0001'),
  pool('USDC', 'PYUSD', '0.01%', '2000000', '1'),
  pool('USDT', 'PYUSD', '0.05%', '1000000', '1'),
  pool('PYUSD', 'SOL', '0.25%', '1500000', '0.0066667'),
  pool('JUP', 'USDC', '0.25%', '3000000', '0.9'),
  pool('JUP', 'SOL', '1%', '2000000', '0.006'),
  pool('BONK', 'SOL', '0.25%', '50000000000', '0.000000133333'),
  pool('BONK', 'USDC', '1%', '30000000000', '0.00002'),
  pool('mSOL', 'SOL', '0.01%', '20000', '1.27'),
  pool('mSOL', 'SOL', '0.25%', '3000', '1.2702'),
  pool('JitoSOL', 'SOL', '0.01%', '20000', '1.21'),
  pool('JitoSOL', 'USDC', '0.25%', '2000', '181.5'),
  pool('WIF', 'SOL', '0.25%', '1000000', '0.0133333'),
  pool('WIF', 'USDC', '1%', '1500000', '2'),
  pool('RAY', 'USDC', '0.25%', '1000000', '2.5'),
  pool('RAY', 'SOL', '1%', '500000', '0.0166667'),
  // The warning tokens of issue 11 the program accepts, one pool each against USDC.
  pool('TFEE', 'USDC', '0.25%', '1000000', '0.5'),
  pool('FRZ', 'USDC', '0.25%', '1000000', '1'),
  pool('UNVR', 'USDC', '0.25%', '10000000', '0.01'),
];

/** The program's address of a seed's pool (mints sorted as the program requires). */
export function seedPoolAddress(
  seed: CpPoolSeed,
  mintOf: (symbol: string) => string,
  configOf: (seed: CpPoolSeed) => string,
): string {
  const [a, b] = [mintOf(seed.a), mintOf(seed.b)];
  const [mint0, mint1] = mintsInOrder(a, b) ? [a, b] : [b, a];
  return poolAddress(configOf(seed), mint0, mint1);
}
