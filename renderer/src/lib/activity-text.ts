/**
 * Words of the Activity screen shared by the wallet's entries and the chain's (issue 18): a
 * time in the person's locale, and an amount with its token, marked when unverified.
 */
import type { TokenInfo } from '../../../preload/api-types';
import { findToken } from '../stores/tokens-store';
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

/** An amount with its token, marked when the token is not on the verified list. */
export function amountText(
  amount: string | bigint,
  mint: string | null,
  tokens: readonly TokenInfo[],
): string {
  // SOL is SOL on every network, listed or not.
  const token = findToken(tokens, mint) ?? (mint === NATIVE_MINT ? SOL_TOKEN : null);
  const text = formatTokenAmount(amount, token, mint);
  return token?.verified || mint === null ? text : `${text} (unverified)`;
}
