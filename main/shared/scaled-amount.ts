/**
 * Token-2022 Scaled UI Amount (`ScaledUiAmountConfig`, issue 35): a mint whose displayed amount is
 * the raw amount times a multiplier the issuer may change (a stock split changes it at
 * `newMultiplierEffectiveTimestamp`). Transfers, pools and quotes stay in raw base units; only
 * what a person reads or types is scaled, at the edge.
 *
 * The arithmetic is the chain's own, in f64, as Token-2022's `AmountToUiAmount` and
 * `UiAmountToAmount` do and as @solana/spl-token's `...ForScaledUiAmountMintWithoutSimulation`
 * helpers repeat (checked against them in scaled-amount.test.ts): a wallet that computed more
 * exactly than the chain would show a number the RPC's `uiAmountString` contradicts. What the
 * wallet adds is the guide's two rules (solana.com, "Scaled UI Amount Integration Guide"): show
 * the UI amount truncated to the mint's decimals, and convert typed input to raw rounding down,
 * so the person never sends more than they typed. Pure (no Node): main and renderer share it.
 */
import { parseUnits, scaledText, U64_MAX } from './amount';
import { WalletError } from './errors';

/** The extension's state as the mint stores it (multipliers are f64 on chain). */
export interface ScaledUiAmountConfig {
  /** The multiplier in force before `newMultiplierEffectiveTimestamp`. */
  multiplier: number;
  /** The multiplier in force from `newMultiplierEffectiveTimestamp` (unix seconds) on. */
  newMultiplier: number;
  newMultiplierEffectiveTimestamp: bigint;
}

/** Size of the extension's value: authority (32), multiplier (f64), timestamp (i64), newMultiplier (f64). */
export const SCALED_UI_AMOUNT_CONFIG_SIZE = 56;

/**
 * The multiplier in force at `unixSeconds` (the chain's clock when it is known, the wall clock
 * otherwise), exactly as the program picks it: the new one from its timestamp on.
 */
export function multiplierAt(config: ScaledUiAmountConfig, unixSeconds: number): number {
  return BigInt(Math.floor(unixSeconds)) >= config.newMultiplierEffectiveTimestamp
    ? config.newMultiplier
    : config.multiplier;
}

/** Reads the extension's value bytes (56), as Token-2022 lays them out (little-endian). */
export function decodeScaledUiAmountConfig(
  value: Uint8Array,
): ScaledUiAmountConfig & { authority: Uint8Array } {
  if (value.length < SCALED_UI_AMOUNT_CONFIG_SIZE) {
    throw new WalletError('INVALID_AMOUNT', 'The mint’s scaled amount settings are cut short.');
  }
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  return {
    authority: value.slice(0, 32),
    multiplier: view.getFloat64(32, true),
    newMultiplierEffectiveTimestamp: view.getBigInt64(40, true),
    newMultiplier: view.getFloat64(48, true),
  };
}

/** Writes the extension's value bytes (56) for `authority` (32 bytes). */
export function encodeScaledUiAmountConfig(
  authority: Uint8Array,
  config: ScaledUiAmountConfig,
): Uint8Array {
  const value = new Uint8Array(SCALED_UI_AMOUNT_CONFIG_SIZE);
  value.set(authority.subarray(0, 32), 0);
  const view = new DataView(value.buffer);
  view.setFloat64(32, config.multiplier, true);
  view.setBigInt64(40, config.newMultiplierEffectiveTimestamp, true);
  view.setFloat64(48, config.newMultiplier, true);
  return value;
}

/** Token-2022's extension type number of ScaledUiAmountConfig. */
export const SCALED_UI_AMOUNT_EXTENSION = 25;
/** Where a Token-2022 mint's type-length-value area starts: the 165-byte base, the type byte. */
const TLV_START = 166;
const ACCOUNT_TYPE_MINT = 1;

/**
 * The ScaledUiAmountConfig value bytes (56) of a mint account's data, or null when the mint has
 * none (an SPL Token mint, a Token-2022 mint without the extension, or data that is not a mint).
 */
export function scaledConfigValue(data: Uint8Array): Uint8Array | null {
  if (data.length <= TLV_START || data[TLV_START - 1] !== ACCOUNT_TYPE_MINT) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = TLV_START; at + 4 <= data.length;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0 || at + 4 + length > data.length) return null;
    if (type === SCALED_UI_AMOUNT_EXTENSION && length >= SCALED_UI_AMOUNT_CONFIG_SIZE) {
      return data.subarray(at + 4, at + 4 + length);
    }
    at += 4 + length;
  }
  return null;
}

/** The ScaledUiAmountConfig of a mint account's data, or null (see scaledConfigValue). */
export function scaledConfigOfMint(data: Uint8Array): ScaledUiAmountConfig | null {
  const value = scaledConfigValue(data);
  if (value === null) return null;
  const { multiplier, newMultiplier, newMultiplierEffectiveTimestamp } =
    decodeScaledUiAmountConfig(value);
  return { multiplier, newMultiplier, newMultiplierEffectiveTimestamp };
}

/**
 * The scaled amount in the mint's smallest UI unit (10^-decimals), as the program computes it:
 * `trunc(raw as f64 * multiplier)`. A bigint, exact for every value the f64 holds.
 */
export function scaledAtomic(raw: bigint, multiplier: number): bigint {
  const scaled = Math.trunc(Number(raw) * multiplier);
  return Number.isFinite(scaled) && scaled >= 0 ? BigInt(scaled) : 0n;
}

/**
 * What a person reads for `raw` base units: the scaled amount truncated to the mint's decimals,
 * without trailing zeros ("1.5", never "1.50" nor "1.5e-7").
 * @example formatScaledUnits(1_000_000n, 6, 1.5) // '1.5'
 */
export function formatScaledUnits(raw: bigint, decimals: number, multiplier: number): string {
  return scaledText(scaledAtomic(raw, multiplier), decimals);
}

/**
 * The raw base units for an amount typed in UI units, rounded down as the guide says:
 * `trunc(ui * 10^decimals / multiplier)`, the program's `UiAmountToAmount`, with `ui * 10^decimals`
 * taken from the typed digits exactly (spl-token's `parseFloat(ui) * 10^decimals` turns "0.0006"
 * into 5.999…, one raw unit short). Rejects what parseUnits rejects (not digits, more decimals
 * than the mint has, beyond u64).
 * @example parseScaledUnits('1.5', 6, 1.5) // 1000000n
 */
export function parseScaledUnits(text: string, decimals: number, multiplier: number): bigint {
  const atomic = parseUnits(text, decimals);
  if (!(multiplier > 0) || !Number.isFinite(multiplier)) {
    throw new WalletError(
      'INVALID_AMOUNT',
      'This token’s multiplier is not a positive number, so no amount can be converted.',
    );
  }
  const raw = Math.trunc(Number(atomic) / multiplier);
  if (!Number.isFinite(raw) || BigInt(raw) > U64_MAX) {
    throw new WalletError('INVALID_AMOUNT', 'The amount is larger than any token balance can be.');
  }
  // Rounding down means never showing more than was typed: f64 can land a unit above, undo it.
  let result = BigInt(raw);
  while (result > 0n && scaledAtomic(result, multiplier) > atomic) result -= 1n;
  return result;
}

/** The multiplier as a person reads it ("1.5×"), up to 12 significant digits. */
export function multiplierText(multiplier: number): string {
  return `${Number(multiplier.toPrecision(12)).toString()}×`;
}
