/**
 * When each sandbox token's first pool was created, as the sandbox's Tokens API answers it
 * (`firstPool` {id, createdAt}, the official Tokens API v2 schema's `MintInformation.firstPool`)
 * and as its /order charges Jupiter's fee table by (`--jupiter-fee by-pair`,
 * swap-api/v2-order.ts): one date for both, so the fee the sandbox charges for a pair is the
 * fee the wallet's review accepts for it (fees/jupiter-fee-table.ts, 50 bps for a token under a
 * day old).
 *
 * Every token is old (its pools "date" from JUP's real first pool, 2024-01-29T17:33:29Z, the
 * Tokens API reference's example: only the age matters here) except UNVR, the unverified token
 * of issue 11, whose first pool is NEW_TOKEN_AGE_MS older than the sandbox process: a freshly
 * launched token, what an unverified one often is, so Jupiter's 50 bps row can be seen and
 * tested. No test swaps UNVR with `--jupiter-fee by-pair` on but the one about it. A token
 * with no CP-Swap pool (PDLG, PAUS, HOOK: only the market maker trades them) is listed without a
 * `firstPool`; the wallet then reads its age as unknown (older).
 */
import { CP_POOL_SEEDS } from '../cp-swap/pool-seeds';
import { feeTierConfigAddress } from '../cp-swap/fee-tiers';
import { mintsInOrder, poolAddresses } from '../cp-swap/program';
import { SANDBOX_TOKENS, type SandboxToken } from '../tokens';

/** An old token's first pool (JUP's, from the Tokens API reference's example answer). */
const OLD_FIRST_POOL_AT = Date.parse('2024-01-29T17:33:29Z');
/** The sandbox's one new token. */
export const NEW_TOKEN_SYMBOL = 'UNVR';
/** How long before the sandbox started the new token's first pool was created: 3 hours. */
export const NEW_TOKEN_AGE_MS = 3 * 60 * 60 * 1000;
/** The process's start: the new token stays new for the sandbox's first 21 hours. */
const STARTED_AT = Date.now();

const bySymbol = new Map(SANDBOX_TOKENS.map((token) => [token.symbol, token.mint]));

/** When `token`'s first pool was created, ms since the epoch. */
function firstPoolTime(token: Pick<SandboxToken, 'symbol'>): number {
  return token.symbol === NEW_TOKEN_SYMBOL ? STARTED_AT - NEW_TOKEN_AGE_MS : OLD_FIRST_POOL_AT;
}

/** Addresses found (a PDA search each): every search answer and /order asks again. */
const addresses = new Map<string, string | null>();

/** The address of the first CP-Swap pool naming `symbol` in the sandbox's seeds, or null. */
function firstPoolAddress(symbol: string): string | null {
  if (!addresses.has(symbol)) addresses.set(symbol, seededPoolAddress(symbol));
  return addresses.get(symbol) ?? null;
}

function seededPoolAddress(symbol: string): string | null {
  const seed = CP_POOL_SEEDS.find((pool) => pool.a === symbol || pool.b === symbol);
  const a = seed && bySymbol.get(seed.a);
  const b = seed && bySymbol.get(seed.b);
  if (!seed || !a || !b) return null;
  const [mint0, mint1] = mintsInOrder(a, b) ? [a, b] : [b, a];
  return poolAddresses(feeTierConfigAddress(seed.feeTier), mint0, mint1).pool;
}

/** `firstPool` of a Tokens API entry; absent for a token without a pool. */
export function firstPoolEntry(
  token: Pick<SandboxToken, 'symbol'>,
): { id: string; createdAt: string } | undefined {
  const id = firstPoolAddress(token.symbol);
  if (id === null) return undefined;
  // The schema's form, seconds and a Z ("2024-01-29T17:33:29Z").
  const createdAt = new Date(firstPoolTime(token)).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { id, createdAt };
}

/**
 * The date the Tokens API publishes for `mint` (ms), for /order's fee: null for a mint without
 * a published first pool, which the table then reads as older, as the wallet does.
 */
export function firstPoolTimeOf(mint: string): number | null {
  const token = SANDBOX_TOKENS.find((candidate) => candidate.mint === mint);
  const entry = token && firstPoolEntry(token);
  return entry ? Date.parse(entry.createdAt) : null;
}
