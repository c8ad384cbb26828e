/**
 * A merchant's words against its transaction (issue 34, "a label that claims one amount and a
 * transaction that pays another"). The label and message are the merchant's own text and are
 * shown as such; but when they state an amount of the very token the transaction pays ("Pay
 * 1.00 USDC", "$1 coffee" for a dollar token), that amount must be what the transaction pays,
 * or the person would approve one thing while reading another.
 */
import { formatUnits, parseUnits } from '../../shared/amount';

/** Symbols whose unit is a US dollar, so "$1.50" states an amount of them. */
const DOLLAR_TOKENS = new Set(['USDC', 'USDT', 'PYUSD', 'USDG', 'USDS']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The amounts `text` states in `symbol` (decimal text as written). */
export function statedAmounts(text: string, symbol: string): string[] {
  const sym = escape(symbol);
  const number = '(\\d+(?:[.,]\\d+)?)';
  const patterns = [
    new RegExp(`${number}\\s*${sym}\\b`, 'gi'),
    new RegExp(`\\b${sym}\\s*${number}`, 'gi'),
    ...(DOLLAR_TOKENS.has(symbol.toUpperCase()) ? [new RegExp(`\\$\\s*${number}`, 'g')] : []),
  ];
  const found: string[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.push(match[1]!.replace(',', '.'));
  }
  return found;
}

/**
 * Refusals for every amount the merchant's `texts` state in the paid token that is not what
 * the transaction pays; empty when none is stated or all agree.
 *
 * @example
 * claimRefusals('shop.example', ['Coffee, 1.00 USDC'], { symbol: 'USDC', decimals: 6, amount: 5_000_000n })
 * // ['shop.example says "1.00 USDC", but its transaction pays 5 USDC. …']
 */
export function claimRefusals(
  domain: string,
  texts: readonly (string | null)[],
  paid: { symbol: string | null; decimals: number; amount: bigint },
): string[] {
  if (paid.symbol === null) return [];
  const refusals: string[] = [];
  for (const text of texts) {
    if (text === null) continue;
    for (const stated of statedAmounts(text, paid.symbol)) {
      let value: bigint | null;
      try {
        value = parseUnits(stated, paid.decimals);
      } catch {
        value = null;
      }
      if (value === paid.amount) continue;
      refusals.push(
        `${domain} says "${stated} ${paid.symbol}", but its transaction pays ${formatUnits(paid.amount, paid.decimals)} ${paid.symbol}. Do not approve it; ask the merchant which is right.`,
      );
    }
  }
  return refusals;
}
