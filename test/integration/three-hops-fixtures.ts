/**
 * What the two three-hop suites (sandbox-three-hops on the v6 and swap/v1 shapes,
 * sandbox-three-hops-v2 on the Swap API v2 shape) share, kept in one place so the tokens, the
 * amounts and the venues left out cannot drift apart between them (issue 33 point 3).
 */
import { SANDBOX_TOKENS } from '../../main/shared/sandbox-tokens';

/** Jupiter's v6 program id, as it shows in a transaction's logs. */
export const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
/** The mint of a sandbox token by its symbol. */
export const mintOf = (symbol: string) => SANDBOX_TOKENS.find((t) => t.symbol === symbol)!.mint;
/** mSOL: its only pool is against SOL. */
export const MSOL = mintOf('mSOL');
/**
 * The Raydium venues beside CP-Swap (issue 33 point 1), left out of every request here by name
 * (URL-encoded): AMM v4 and CLMM pools also join mSOL to SOL, and these cases are about
 * CP-Swap's chain of three.
 */
export const OTHER_VENUES = 'Raydium,Raydium%20CLMM';
/** The far tokens: each has one pool, against USDC. */
export const FAR = ['TFEE', 'FRZ', 'UNVR'] as const;
/** What the person swaps of each: a few dollars' worth. */
export const AMOUNT: Record<string, bigint> = {
  mSOL: 50_000_000n, // 0.05 mSOL
  TFEE: 20_000_000n, // 20 TFEE
  FRZ: 10_000_000n, // 10 FRZ
  UNVR: 1_000_000_000n, // 1,000 UNVR
};

/** A route plan as quotes, orders and builds carry it. */
export type RoutePlan = { swapInfo: { inputMint: string; outputMint: string } }[];
/** The mints a route passes, in order. */
export const chainOf = (plan: RoutePlan) => [
  plan[0]!.swapInfo.inputMint,
  ...plan.map((step) => step.swapInfo.outputMint),
];
