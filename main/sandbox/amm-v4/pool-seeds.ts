/**
 * The AMM v4 pools written at genesis, on pairs CP-Swap also serves (cp-swap/pool-seeds.ts) at
 * slightly different prices and depths, so the router has a real choice between venues and
 * splits across them. `a` is the pool's coin and `b` its pc (price = pc per coin), as on mainnet
 * (SOL/USDC has SOL as coin). Only mints of the classic SPL Token program: the program refuses
 * any other token program (`InvalidSplTokenProgram`).
 */
export interface AmmV4PoolSeed {
  coin: string;
  pc: string;
  /** Coin reserve in user units, as decimal text. */
  amountCoin: string;
  /** pc per coin, in user units, as decimal text. */
  price: string;
}

const pool = (coin: string, pc: string, amountCoin: string, price: string): AmmV4PoolSeed => ({
  coin,
  pc,
  amountCoin,
  price,
});

/** Symbols refer to main/sandbox/tokens.ts. */
export const AMM_V4_POOL_SEEDS: readonly AmmV4PoolSeed[] = [
  pool('SOL', 'USDC', '30000', '150.08'),
  pool('SOL', 'USDT', '8000', '149.97'),
  pool('RAY', 'USDC', '800000', '2.502'),
  pool('RAY', 'SOL', '400000', '0.01668'),
  pool('mSOL', 'SOL', '6000', '1.2705'),
  pool('BONK', 'SOL', '40000000000', '0.0000001334'),
];
