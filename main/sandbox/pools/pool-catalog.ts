/**
 * The pools seeded at genesis, at prices near mainnet's (SOL ≈ 150 USDC, stables ≈ 1, LSTs a
 * little above SOL). Amounts and prices are user units as decimal text; seeding converts them
 * to base units with each mint's decimals. Prices are token B per token A.
 */
import type { VenueLabel } from '../venues/types';

export type PoolSeed =
  | {
      label: VenueLabel;
      kind: 'constant-product';
      a: string;
      b: string;
      feeBps: number;
      amountA: string;
      price: string;
    }
  | {
      label: VenueLabel;
      kind: 'concentrated';
      a: string;
      b: string;
      feeBps: number;
      amountA: string;
      price: string;
      lower: string;
      upper: string;
    }
  | {
      label: VenueLabel;
      kind: 'stable-swap';
      a: string;
      b: string;
      feeBps: number;
      amountA: string;
      amountB: string;
      amplification: number;
    };

const cl = (
  label: VenueLabel,
  a: string,
  b: string,
  feeBps: number,
  amountA: string,
  price: string,
  lower: string,
  upper: string,
): PoolSeed => ({ label, kind: 'concentrated', a, b, feeBps, amountA, price, lower, upper });

const cp = (
  label: VenueLabel,
  a: string,
  b: string,
  feeBps: number,
  amountA: string,
  price: string,
): PoolSeed => ({
  label,
  kind: 'constant-product',
  a,
  b,
  feeBps,
  amountA,
  price,
});

const stable = (
  a: string,
  b: string,
  feeBps: number,
  amount: string,
  amplification: number,
): PoolSeed => ({
  label: 'Saber',
  kind: 'stable-swap',
  a,
  b,
  feeBps,
  amountA: amount,
  amountB: amount,
  amplification,
});

/** Symbols refer to main/sandbox/tokens.ts. */
export const POOL_SEEDS: readonly PoolSeed[] = [
  cl('Whirlpool', 'SOL', 'USDC', 4, '40000', '150', '120', '190'),
  cl('Raydium CLMM', 'SOL', 'USDC', 5, '25000', '150.05', '100', '225'),
  cp('Raydium CPMM', 'SOL', 'USDC', 25, '10000', '149.9'),
  cl('Whirlpool', 'SOL', 'USDT', 5, '15000', '150.02', '120', '190'),
  cp('Raydium CPMM', 'SOL', 'USDT', 25, '5000', '149.95'),
  stable('USDC', 'USDT', 1, '5000000', 200),
  cl('Whirlpool', 'USDC', 'USDT', 1, '2000000', '1.0001', '0.995', '1.005'),
  stable('USDC', 'PYUSD', 2, '2000000', 100),
  stable('USDT', 'PYUSD', 2, '1000000', 100),
  cp('Raydium CPMM', 'PYUSD', 'SOL', 25, '1500000', '0.0066667'),
  cl('Raydium CLMM', 'JUP', 'USDC', 25, '3000000', '0.9', '0.6', '1.3'),
  cp('Raydium CPMM', 'JUP', 'SOL', 25, '2000000', '0.006'),
  cp('Raydium CPMM', 'BONK', 'SOL', 25, '50000000000', '0.000000133333'),
  cl('Whirlpool', 'BONK', 'USDC', 30, '30000000000', '0.00002', '0.000012', '0.00003'),
  cl('Whirlpool', 'mSOL', 'SOL', 1, '20000', '1.27', '1.25', '1.29'),
  cp('Raydium CPMM', 'mSOL', 'SOL', 25, '3000', '1.2702'),
  cl('Raydium CLMM', 'JitoSOL', 'SOL', 1, '20000', '1.21', '1.19', '1.23'),
  cp('Raydium CPMM', 'JitoSOL', 'USDC', 25, '2000', '181.5'),
  cp('Raydium CPMM', 'WIF', 'SOL', 25, '1000000', '0.0133333'),
  cl('Whirlpool', 'WIF', 'USDC', 30, '1500000', '2', '1.2', '3.2'),
  cp('Raydium CPMM', 'RAY', 'USDC', 25, '1000000', '2.5'),
  cl('Raydium CLMM', 'RAY', 'SOL', 25, '500000', '0.0166667', '0.01', '0.025'),
  // The warning tokens of issue 11, one pool each against USDC so they can be swapped into.
  cp('Raydium CPMM', 'TFEE', 'USDC', 25, '1000000', '0.5'),
  cp('Raydium CPMM', 'PDLG', 'USDC', 25, '500000', '2'),
  cp('Raydium CPMM', 'FRZ', 'USDC', 25, '1000000', '1'),
  cp('Raydium CPMM', 'UNVR', 'USDC', 25, '10000000', '0.01'),
];
