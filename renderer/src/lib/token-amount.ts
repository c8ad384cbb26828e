/**
 * The amount a person types in the swap form, in user units ("1.5"), turned into base units
 * (bigint) with the token's decimals, and the Max amount of a balance. Pure functions: the
 * parsing itself is main/shared/amount.ts (renderer-safe), so the renderer and main agree on
 * every digit.
 */
import { parseUnits } from '../../../main/shared/amount';
import { WalletError } from '../../../main/shared/errors';
import { scaledRaw } from './token-scale';

/** Wrapped SOL: paying with it spends lamports of the account itself. */
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';

/**
 * Lamports Max leaves when paying with SOL: the network fee of a few transactions plus the rent
 * of the token accounts a swap may open (about 0.002 SOL each), so that the swap, and the next
 * one, can still be paid for.
 */
export const SOL_FEE_RESERVE = 10_000_000n;

/**
 * Base units of `mint` held in a balances answer (SOL: the account's lamports; a token: the sum
 * over every account of that mint), or null while the balances or the mint are unknown.
 */
export function heldBalance(
  balances: { lamports: string; tokens: readonly { mint: string; amount: string }[] } | null,
  mint: string | null,
): bigint | null {
  if (!balances || !mint) return null;
  if (mint === NATIVE_MINT) return BigInt(balances.lamports);
  return balances.tokens
    .filter((t) => t.mint === mint)
    .reduce((sum, t) => sum + BigInt(t.amount), 0n);
}

export type AmountInput =
  | { state: 'empty' }
  | { state: 'invalid'; message: string }
  | { state: 'valid'; baseUnits: bigint };

/**
 * Reads the text of the **You pay** box for a token with `decimals` decimals. Empty text is
 * not an error (nothing to quote yet); zero is, since nothing can be swapped for it.
 *
 * @example readAmountInput('1.5', 6) // { state: 'valid', baseUnits: 1500000n }
 * @example readAmountInput('0.1234567', 6).state // 'invalid': "This token has 6 decimals: …"
 * A scaled mint's text (issue 35) is converted through its multiplier (lib/token-scale.ts).
 */
export function readAmountInput(
  text: string,
  decimals: number,
  mint: string | null = null,
): AmountInput {
  const trimmed = text.trim();
  if (trimmed === '') return { state: 'empty' };
  // A leading point (".5") is how many people type a fraction: accept it as 0.5.
  const normalized = trimmed.startsWith('.') ? `0${trimmed}` : trimmed;
  try {
    const typed = parseUnits(normalized, decimals);
    // A scaled mint (issue 35): the text is in scaled units, the quote in raw ones.
    const baseUnits = (mint ? scaledRaw(normalized, decimals, mint) : undefined) ?? typed;
    if (baseUnits === 0n) return { state: 'invalid', message: 'Enter an amount above zero.' };
    return { state: 'valid', baseUnits };
  } catch (error) {
    if (error instanceof WalletError) return { state: 'invalid', message: error.message };
    throw error;
  }
}

/**
 * The most a person can pay from `balance` base units: all of a token, or for SOL the balance
 * less SOL_FEE_RESERVE (zero when the balance does not cover the reserve).
 */
export function maxSpendable(mint: string, balance: bigint): bigint {
  if (mint !== NATIVE_MINT) return balance;
  return balance > SOL_FEE_RESERVE ? balance - SOL_FEE_RESERVE : 0n;
}
