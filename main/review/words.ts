/**
 * Amounts and addresses in the words of the report: "1.5 USDC", "0.000015 SOL",
 * "7E4h…jjLs". Decimals come from the mint accounts read on chain; symbols from the caller.
 */
import { formatUnits } from '../shared/amount';
import { NATIVE_MINT } from './program-ids';

export interface TokenInfo {
  decimals: number | null;
  symbol: string | null;
}

export type TokenBook = ReadonlyMap<string, TokenInfo>;

/** "7E4h…jjLs": enough of an address to recognise it, short enough for a sentence. */
export function shortAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 4)}…${address.slice(-4)}`;
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
  const symbol = info?.symbol ?? (mint === NATIVE_MINT ? 'SOL' : `token ${shortAddress(mint)}`);
  const magnitude = amount < 0n ? -amount : amount;
  const sign = amount < 0n ? '-' : '';
  if (info?.decimals === null || info?.decimals === undefined) {
    return `${sign}${magnitude} base units of ${symbol}`;
  }
  return `${sign}${formatUnits(magnitude, info.decimals)} ${symbol}`;
}

/** The symbol alone, e.g. "USDC", for sentences like "your USDC account" ("wrapped SOL" for wSOL). */
export function tokenName(mint: string | null, book: TokenBook): string {
  if (mint === null) return 'token';
  if (mint === NATIVE_MINT) return 'wrapped SOL';
  return book.get(mint)?.symbol ?? `token ${shortAddress(mint)}`;
}
