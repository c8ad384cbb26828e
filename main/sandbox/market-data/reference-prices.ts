/**
 * The sandbox's market outside its pools (issue 25): what each token trades at "elsewhere", the
 * prices its Pyth-like oracle publishes (sandbox/oracle/). On mainnet Pyth aggregates many
 * venues off chain, so a pool moved on chain does not move the feed; here the reference prices
 * are the market the pools were seeded at (pool-seeds.ts: SOL ≈ 150 USDC, stables 1, LSTs a
 * little above SOL), and they move on their own clock, a slow swing of a few tenths of a
 * percent around it, never by a swap.
 *
 * Prices are integers with an exponent, as Pyth publishes them (8 decimals; BONK 10).
 * Floating point in the swing is deliberate: this plays a remote market, not the wallet.
 */

export interface ReferencePrice {
  /** USD per whole token × 10^-exponent at the swing's centre. */
  price: bigint;
  exponent: number;
  /** Seconds of one full swing; distinct per token so they do not move together. */
  periodSeconds: number;
}

/** The swing's half-width: 0.4% each way, well inside the wallet's 2% divergence note. */
const SWING_PPM = 4_000;

const REFERENCE: Readonly<Record<string, ReferencePrice>> = {
  SOL: { price: 150_00000000n, exponent: -8, periodSeconds: 600 },
  USDC: { price: 1_00000000n, exponent: -8, periodSeconds: 0 },
  USDT: { price: 1_00000000n, exponent: -8, periodSeconds: 0 },
  JUP: { price: 90000000n, exponent: -8, periodSeconds: 420 },
  BONK: { price: 200000n, exponent: -10, periodSeconds: 300 },
  WIF: { price: 2_00000000n, exponent: -8, periodSeconds: 360 },
  mSOL: { price: 190_50000000n, exponent: -8, periodSeconds: 600 },
  JitoSOL: { price: 181_50000000n, exponent: -8, periodSeconds: 600 },
  RAY: { price: 2_50000000n, exponent: -8, periodSeconds: 540 },
  PYUSD: { price: 1_00000000n, exponent: -8, periodSeconds: 0 },
};

/** The market price of `symbol` at `unixSeconds`, or undefined for a token with no market outside. */
export function marketPriceAt(
  symbol: string,
  unixSeconds: number,
): { price: bigint; exponent: number } | undefined {
  const reference = REFERENCE[symbol];
  if (!reference) return undefined;
  if (reference.periodSeconds === 0)
    return { price: reference.price, exponent: reference.exponent };
  const phase = (2 * Math.PI * unixSeconds) / reference.periodSeconds;
  const ppm = BigInt(Math.round(SWING_PPM * Math.sin(phase)));
  return {
    price: (reference.price * (1_000_000n + ppm)) / 1_000_000n,
    exponent: reference.exponent,
  };
}
