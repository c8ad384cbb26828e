/**
 * Scaled UI Amount in the renderer (issue 35): the multiplier in force of each scaled mint the
 * wallet has read (from `balances.get`, which reads the mint accounts), and amounts formatted
 * and parsed through it, as Solana's integration guide for the extension asks: a person reads
 * and types scaled amounts, typed ones become raw rounding down, and Max sends the raw balance.
 * The arithmetic is main/shared/scaled-amount.ts, so main's review and the screens agree.
 */
import {
  formatScaledUnits,
  multiplierText,
  parseScaledUnits,
  scaledAtomic,
} from '../../../main/shared/scaled-amount';
import { formatUnits, type FormatUnitsOptions } from './format';

const multipliers = new Map<string, number>();
/** The text Max wrote for a mint and the raw amount behind it. */
const maxes = new Map<string, { text: string; raw: bigint }>();

/** Records the multipliers a balances answer carries (a mint without one is unscaled). */
export function rememberMultipliers(
  tokens: readonly { mint: string; multiplier?: number | undefined }[],
): void {
  for (const token of tokens) {
    if (token.multiplier !== undefined) multipliers.set(token.mint, token.multiplier);
  }
}

/** The multiplier of a scaled mint, or undefined for a plain one (or one not read yet). */
export function multiplierOf(mint: string | null | undefined): number | undefined {
  return mint ? multipliers.get(mint) : undefined;
}

/**
 * Base units of `mint` as a person reads them: scaled and truncated to the decimals for a
 * scaled mint, plain otherwise.
 * @example formatMintUnits('100000000', 8, XSTK, { group: true }) // '1.5' at 1.5×
 */
export function formatMintUnits(
  amount: string | bigint,
  decimals: number,
  mint: string | null | undefined,
  options: FormatUnitsOptions = {},
): string {
  const multiplier = multiplierOf(mint);
  if (multiplier === undefined) return formatUnits(amount, decimals, options);
  const raw = BigInt(amount);
  const magnitude = raw < 0n ? -raw : raw;
  const shown = formatUnits(scaledAtomic(magnitude, multiplier), decimals, options);
  return raw < 0n ? `-${shown}` : shown;
}

/** The text Max writes for `raw` of `mint`, remembered so that reading it back gives `raw`. */
export function maxText(raw: bigint, decimals: number, mint: string): string {
  const multiplier = multiplierOf(mint);
  if (multiplier === undefined) return formatUnits(raw, decimals);
  const text = formatScaledUnits(raw, decimals, multiplier);
  maxes.set(mint, { text, raw });
  return text;
}

/**
 * Typed UI text → raw base units of `mint` (already checked by parseUnits' rules): rounded down
 * through the multiplier, or the raw balance when the text is what Max wrote.
 */
export function scaledRaw(text: string, decimals: number, mint: string): bigint | undefined {
  const multiplier = multiplierOf(mint);
  if (multiplier === undefined) return undefined;
  const max = maxes.get(mint);
  if (max !== undefined && max.text === text) return max.raw;
  return parseScaledUnits(text, decimals, multiplier);
}

/** The multipliers of `mints` now (scaled ones only), to keep with a quote. */
export function multipliersOf(mints: readonly string[]): Record<string, number> {
  const seen: Record<string, number> = {};
  for (const mint of mints) {
    const multiplier = multipliers.get(mint);
    if (multiplier !== undefined) seen[mint] = multiplier;
  }
  return seen;
}

/**
 * Why a quote is stale because a scaled mint's multiplier changed since it arrived (issue 35),
 * in words; null while every multiplier is the one the quote was shown at.
 */
export function multiplierChangeText(
  atQuote: Readonly<Record<string, number>>,
  nameOf: (mint: string) => string,
): string | null {
  for (const [mint, before] of Object.entries(atQuote)) {
    const now = multipliers.get(mint);
    if (now === undefined || now === before) continue;
    const name = nameOf(mint);
    return `${name}'s multiplier changed from ${multiplierText(before)} to ${multiplierText(now)} since this quote: its ${name} amounts are stale. Refresh the quote before you review.`;
  }
  return null;
}
