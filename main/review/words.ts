/**
 * Amounts and addresses in the words of the report: "1.5 USDC", "0.000015 SOL",
 * "7E4h…jjLs". Decimals come from the mint accounts read on chain; symbols from the caller.
 */
import { formatUnits } from '../shared/amount';
import { formatScaledUnits } from '../shared/scaled-amount';
import { NATIVE_MINT } from './program-ids';

export interface TokenInfo {
  decimals: number | null;
  symbol: string | null;
  /**
   * A Scaled UI Amount mint's multiplier at the review's clock (issue 35): its amounts are said
   * scaled, as the person reads them everywhere else.
   */
  multiplier?: number;
}

export type TokenBook = ReadonlyMap<string, TokenInfo>;

/**
 * The review's placeholder for a lookup-table entry the network could not resolve
 * (message.ts: `unresolved:<table>:<index>`), read back; null for any real address.
 */
export function unresolvedEntry(address: string): { table: string; index: number } | null {
  const match = /^unresolved:([1-9A-HJ-NP-Za-km-z]{32,44}):(\d+)$/.exec(address);
  return match === null ? null : { table: match[1]!, index: Number(match[2]) };
}

/**
 * An unresolved entry in words (issue 32): "an account from lookup table 3oy9…R7yW, entry 13,
 * that the network could not resolve", never the placeholder cut short as if it were an address.
 */
export function unresolvedWords(entry: { table: string; index: number }): string {
  return `an account from lookup table ${shortAddress(entry.table)}, entry ${entry.index}, that the network could not resolve`;
}

/**
 * "7E4h…jjLs": enough of an address to recognise it, short enough for a sentence; an
 * unresolved lookup-table entry in words (unresolvedWords).
 */
export function shortAddress(address: string): string {
  const entry = unresolvedEntry(address);
  if (entry !== null) return unresolvedWords(entry);
  return address.length <= 12 ? address : `${address.slice(0, 4)}…${address.slice(-4)}`;
}

/** A mint the review cannot name: the token of an unresolved entry, else "token 7E4h…jjLs". */
function unnamedToken(mint: string): string {
  const entry = unresolvedEntry(mint);
  if (entry !== null) return `the token of ${unresolvedWords(entry)}`;
  return `token ${shortAddress(mint)}`;
}

/** Lamports as SOL, e.g. "0.000015 SOL". */
export function formatSol(lamports: bigint): string {
  const sign = lamports < 0n ? '-' : '';
  return `${sign}${formatUnits(lamports < 0n ? -lamports : lamports, 9)} SOL`;
}

/** A token amount with its symbol, e.g. "5 USDC"; base units when the decimals are unknown. */
export function formatToken(amount: bigint, mint: string | null, book: TokenBook): string {
  if (mint === null) return `${amount} base units of an unknown token`;
  const info = book.get(mint);
  const symbol = info?.symbol ?? (mint === NATIVE_MINT ? 'SOL' : unnamedToken(mint));
  const magnitude = amount < 0n ? -amount : amount;
  const sign = amount < 0n ? '-' : '';
  if (info?.decimals === null || info?.decimals === undefined) {
    return `${sign}${magnitude} base units of ${symbol}`;
  }
  const text =
    info.multiplier === undefined
      ? formatUnits(magnitude, info.decimals)
      : formatScaledUnits(magnitude, info.decimals, info.multiplier);
  return `${sign}${text} ${symbol}`;
}

/** The symbol alone, e.g. "USDC", for sentences like "your USDC account" ("wrapped SOL" for wSOL). */
export function tokenName(mint: string | null, book: TokenBook): string {
  if (mint === null) return 'token';
  if (mint === NATIVE_MINT) return 'wrapped SOL';
  return book.get(mint)?.symbol ?? unnamedToken(mint);
}
