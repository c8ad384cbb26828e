/**
 * Words of the Activity screen shared by the wallet's entries and the chain's (issue 18): a
 * time in the person's locale, and an amount with its token, marked when unverified.
 */
import type { TokenInfo, TokenLabelView } from '../../../preload/api-types';
import { findToken, tokenName } from '../stores/tokens-store';
import { formatUnits } from './format';
import { multiplierOf } from './token-scale';
import { multiplierText } from '../../../main/shared/scaled-amount';
import { formatTokenAmount } from './token-display';
import { SOL_TOKEN } from './held-tokens';
import { NATIVE_MINT } from './token-amount';

/** An ISO time in the person's locale; the text itself when it is not a time. */
export function timeOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString([], { dateStyle: 'medium', timeStyle: 'medium' });
}

/** A label main gave a token (issue 26) as the token the formatters take. */
function labelled(label: TokenLabelView): TokenInfo {
  return {
    mint: label.mint,
    symbol: label.symbol,
    name: label.name,
    decimals: label.decimals,
    tokenProgram: '',
    source: 'chain',
    verified: label.verified,
    hasLogo: false,
  };
}

/**
 * An amount with its token, marked when the token is not on the verified list. Named as the
 * Wallet names it: the token list's entry, else the label main sent with the entry (the chain's
 * name and the mint's decimals), so an amount reads in whole tokens, not base units.
 */
export function amountText(
  amount: string | bigint,
  mint: string | null,
  tokens: readonly TokenInfo[],
  labels: readonly TokenLabelView[] = [],
): string {
  const label = labels.find((l) => l.mint === mint);
  // SOL is SOL on every network, listed or not.
  const token =
    findToken(tokens, mint) ??
    (mint === NATIVE_MINT ? SOL_TOKEN : null) ??
    (label ? labelled(label) : null);
  const text = formatTokenAmount(amount, token, mint);
  return token?.verified || mint === null ? text : `${text} (unverified)`;
}

/**
 * A past movement of a token as the person read it then (issue 35). A Scaled UI Amount token's
 * amount is the one the network recorded at the block's time (`uiChange`, the multiplier then
 * in force), not today's multiplier times the raw amount: a holding from before a split reads
 * as it did. When the network's record cannot tell (no UI amount, or one equal to the raw
 * amount), the amount is today's multiplier times the raw amount, and said so.
 */
export function movementText(
  change: bigint,
  uiChange: string | undefined,
  mint: string,
  tokens: readonly TokenInfo[],
  labels: readonly TokenLabelView[] = [],
): string {
  const magnitude = change < 0n ? -change : change;
  const multiplier = multiplierOf(mint);
  if (multiplier === undefined || multiplier === 1) {
    return amountText(magnitude, mint, tokens, labels);
  }
  const label = labels.find((l) => l.mint === mint);
  const token = findToken(tokens, mint) ?? (label ? labelled(label) : null);
  const recorded = uiChange === undefined ? null : BigInt(uiChange);
  if (token && recorded !== null && recorded !== change) {
    const ui = recorded < 0n ? -recorded : recorded;
    const text = `${formatUnits(ui, token.decimals, { group: true })} ${tokenName(token, mint)}`;
    return `${text} (at the multiplier then in force)${token.verified ? '' : ' (unverified)'}`;
  }
  return `${amountText(magnitude, mint, tokens, labels)} (raw amount × today's ${multiplierText(multiplier)} multiplier)`;
}
