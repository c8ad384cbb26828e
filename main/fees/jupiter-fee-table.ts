/**
 * Jupiter's own platform fee by pair, as its docs publish it (docs-v2 "Order & Execute", "Fee
 * breakdown", jup-ag/docs @ 1dda348d; test/fixtures/real-world/docs-v2/
 * jup-ag-docs-1dda348d-swap-order-and-execute.mdx, which jupiter-fee-table.test.ts reads):
 *
 * | Token Pair                                          | Fee (bps) |
 * | Buying Jupiter tokens (SOL/Stable to JUP/JLP/jupSOL) | 0         |
 * | Pegged assets (LST-LST, Stable-Stable)              | 0         |
 * | SOL-Stable                                          | 2         |
 * | LST-Stable                                          | 5         |
 * | Everything else                                     | 10        |
 * | New tokens (within 24 hours of token age)           | 50        |
 *
 * The wallet holds an /order's Jupiter fee to this rate (review/guard-service-fee.ts) and the
 * sandbox charges exactly this rate (`--jupiter-fee by-pair`, sandbox/swap-api/v2-order.ts).
 *
 * A token's class comes only from what the wallet knows for certain: the mainnet mints named
 * below (the sandbox uses the same mints for its counterparts). Any other token is "everything
 * else" (10 bps), and "new" (50 bps) only when the wallet is told, from the token directory's
 * `firstPool.createdAt` (the official Tokens API v2 schema's only age field,
 * openapi-spec/tokens/v2/tokens.yaml `MintInformation.firstPool`), that its first pool is under
 * a day old. A token whose age the wallet does not know is read as older: the lower cap is the
 * safe reading for the person, who then sees a new token's 50 bps refused in words rather than
 * any unknown token charged five times the usual rate on the service's say-so.
 */
import type { Address } from '../shared/address';

/** Wrapped SOL: "SOL" in the table. */
export const SOL_MINT = 'So11111111111111111111111111111111111111112';

/** Stablecoins the wallet can name for certain (USDC, USDT, PYUSD: the issuers' mainnet mints). */
export const STABLECOIN_MINTS: ReadonlySet<string> = new Set([
  'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', // USDC
  'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', // USDT
  '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo', // PYUSD (Token-2022)
]);

/** Liquid staked SOL tokens the wallet can name for certain. */
export const LST_MINTS: ReadonlySet<string> = new Set([
  'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So', // mSOL
  'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn', // JitoSOL
  'jupSoLaHXQiZZTSfEWMTRRgpnyFm8f6sZdosWBjx93v', // jupSOL
  'bSo13r4TkiE4KumL71LsHTPpL2euBYLFx6h9HP3piy1', // bSOL
]);

/** Jupiter's tokens, as the table names them: JUP, JLP, jupSOL. */
export const JUPITER_TOKEN_MINTS: ReadonlySet<string> = new Set([
  'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', // JUP
  '27G8MtK7VtTcCHkpASjSDdkWWYfoqT6ggEuKidVJidD4', // JLP
  'jupSoLaHXQiZZTSfEWMTRRgpnyFm8f6sZdosWBjx93v', // jupSOL
]);

/** "New tokens (within 24 hours of token age)". */
export const NEW_TOKEN_MS = 24 * 60 * 60 * 1000;

export type TokenClass = 'sol' | 'stable' | 'lst' | 'other';

/** The class of a mint by what the wallet can name (Jupiter's tokens are classed apart). */
export function tokenClassOf(mint: string): TokenClass {
  if (mint === SOL_MINT) return 'sol';
  if (STABLECOIN_MINTS.has(mint)) return 'stable';
  if (LST_MINTS.has(mint)) return 'lst';
  return 'other';
}

export interface PairFee {
  bps: number;
  /** The table's row, in words ("SOL–stablecoin pairs"). */
  row: string;
}

/**
 * When a token's first pool was created, if the wallet knows (the directory's
 * `firstPool.createdAt`); absent or null: unknown, read as older than a day.
 */
export type TokenAge = (mint: Address | string) => Date | null;

/**
 * Jupiter's published platform fee for swapping `inputMint` into `outputMint`.
 *
 * @example jupiterPairFee(SOL_MINT, USDC).bps // 2
 */
export function jupiterPairFee(
  inputMint: string,
  outputMint: string,
  options: { firstPoolAt?: TokenAge; now?: Date } = {},
): PairFee {
  const input = tokenClassOf(inputMint);
  const output = tokenClassOf(outputMint);
  if ((input === 'sol' || input === 'stable') && JUPITER_TOKEN_MINTS.has(outputMint)) {
    return { bps: 0, row: 'buying Jupiter’s tokens (JUP, JLP, jupSOL) with SOL or a stablecoin' };
  }
  const pair = [input, output].sort().join('-');
  if (pair === 'stable-stable') return { bps: 0, row: 'pegged pairs (stablecoin–stablecoin)' };
  if (pair === 'lst-lst') return { bps: 0, row: 'pegged pairs (LST–LST)' };
  if (pair === 'sol-stable') return { bps: 2, row: 'SOL–stablecoin pairs' };
  if (pair === 'lst-stable') return { bps: 5, row: 'LST–stablecoin pairs' };
  const now = (options.now ?? new Date()).getTime();
  const isNew = (mint: string, klass: TokenClass) => {
    if (klass !== 'other' || JUPITER_TOKEN_MINTS.has(mint)) return false;
    const at = options.firstPoolAt?.(mint) ?? null;
    return at !== null && now - at.getTime() < NEW_TOKEN_MS;
  };
  if (isNew(inputMint, input) || isNew(outputMint, output)) {
    return { bps: 50, row: 'tokens under a day old' };
  }
  return { bps: 10, row: 'every other pair' };
}

/**
 * The fee mint by the docs' priority ("Fee mint priority": SOL, stablecoins, LSTs, bluechips,
 * others); between two tokens of the same rank (and for bluechips, which the wallet does not
 * name) the input.
 */
export function jupiterFeeMint(inputMint: string, outputMint: string): string {
  const rank = (mint: string) => ['sol', 'stable', 'lst', 'other'].indexOf(tokenClassOf(mint));
  return rank(outputMint) < rank(inputMint) ? outputMint : inputMint;
}
