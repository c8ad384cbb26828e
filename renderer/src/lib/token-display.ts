/**
 * Token amounts for display: base units (decimal text) with the token's decimals and symbol,
 * through bigint (lib/format). A mint the wallet does not know is shown in base units, said so,
 * rather than guessed.
 */
import type { TokenInfo } from '../../../preload/api-types';
import { formatUnits, SOL_DECIMALS } from './format';
import { tokenName } from '../stores/tokens-store';
import { formatMintUnits } from './token-scale';

/**
 * "1.5 USDC"; for an unknown mint "1500000 base units of EPjF…Dt1v".
 * @example formatTokenAmount('1500000', usdc) // '1.5 USDC'
 */
export function formatTokenAmount(
  amount: string | bigint,
  token: TokenInfo | null,
  mint: string | null = token?.mint ?? null,
): string {
  if (!token) return `${amount.toString()} base units of ${tokenName(null, mint)}`;
  // A scaled mint (issue 35) is said at its multiplier, as everywhere a person reads it.
  return `${formatMintUnits(amount, token.decimals, mint, { group: true })} ${tokenName(token, mint)}`;
}

/** A signed change with an explicit sign: "+1.5 USDC", "−0.25 SOL", "0 SOL". */
export function formatSignedChange(change: string, token: TokenInfo | null, mint: string | null) {
  const value = BigInt(change);
  const magnitude = value < 0n ? -value : value;
  const sign = value > 0n ? '+' : value < 0n ? '−' : '';
  return `${sign}${formatTokenAmount(magnitude, token, mint)}`;
}

/** Lamports as SOL with a sign: "−0.000005 SOL". */
export function formatSignedSol(lamports: string | bigint): string {
  const value = BigInt(lamports);
  const magnitude = value < 0n ? -value : value;
  const sign = value > 0n ? '+' : value < 0n ? '−' : '';
  return `${sign}${formatUnits(magnitude, SOL_DECIMALS, { group: true })} SOL`;
}

/**
 * A price impact fraction ("0.0123", a cost) as a percent ("1.23%"); a negative one is the
 * person's gain (an /order's positive `priceImpact`, issue 32): "0.25% in your favour".
 */
export function formatImpactPercent(priceImpactPct: string): string {
  const percent = Number(priceImpactPct) * 100;
  if (!Number.isFinite(percent)) return 'unknown';
  if (percent === 0) return '0%';
  const size = Math.abs(percent);
  const text = size < 0.01 ? '<0.01%' : `${size.toFixed(2)}%`;
  return percent < 0 ? `${text} in your favour` : text;
}
