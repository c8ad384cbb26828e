/**
 * jsonParsed for Scaled UI Amount mints (issue 35), as a validator answers: a token account's
 * `uiAmount`/`uiAmountString` are the raw amount times the multiplier in force on the chain's
 * clock, truncated to the mint's decimals (Token-2022's `amount_to_ui_amount`); the mint's
 * `scaledUiAmountConfig` extension carries its state, multipliers printed as decimal strings.
 */
import bs58 from 'bs58';
import {
  decodeScaledUiAmountConfig,
  formatScaledUnits,
  scaledConfigValue,
} from '../../shared/scaled-amount';
import type { UiTokenAmount } from '../ledger/token-layout';

/** `uiTokenAmount` of a scaled mint's token account. */
export function scaledTokenAmount(
  amount: bigint,
  decimals: number,
  multiplier: number,
): UiTokenAmount {
  const text = formatScaledUnits(amount, decimals, multiplier);
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text };
}

/** Rust prints an f64 in full decimal, never with an exponent. */
function f64Text(value: number): string {
  const text = value.toString();
  if (!/e/i.test(text)) return text;
  return value.toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 17 });
}

/** The `state` of a mint's scaledUiAmountConfig entry, or null when its data has none. */
export function scaledUiAmountState(data: Uint8Array): Record<string, unknown> | null {
  const value = scaledConfigValue(data);
  if (value === null) return null;
  const config = decodeScaledUiAmountConfig(value);
  const authority = config.authority.every((byte) => byte === 0)
    ? null
    : bs58.encode(config.authority);
  return {
    authority,
    multiplier: f64Text(config.multiplier),
    newMultiplierEffectiveTimestamp: Number(config.newMultiplierEffectiveTimestamp),
    newMultiplier: f64Text(config.newMultiplier),
  };
}
