/**
 * Whether typed text is shaped like a Solana address, for the forms that take one (a
 * recipient, a referral account, a fee account, a mint): main checks it for real; this only
 * lets a form say at once that the text cannot be one.
 */

const ADDRESS_TEXT = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** True when `text` is 32 to 44 base58 characters (no trimming: callers trim). */
export function looksLikeAddress(text: string): boolean {
  return ADDRESS_TEXT.test(text);
}
