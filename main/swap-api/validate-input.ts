/**
 * Checks shared by the quote and swap requests: run before any request is made, so that a
 * mistake is reported in the wallet's words instead of the service's.
 */
import { WalletError } from '../shared/errors';

/** Throws INVALID_SWAP_REQUEST with `message`. */
export function reject(message: string): never {
  throw new WalletError('INVALID_SWAP_REQUEST', message);
}

/** An optional integer in min..max; `what` names the setting for the person. */
export function checkInteger(value: unknown, what: string, min: number, max: number): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    reject(`${what} must be a whole number from ${min} to ${max}.`);
  }
}

/** An optional boolean. */
export function checkBoolean(value: unknown, what: string): void {
  if (value !== undefined && typeof value !== 'boolean') reject(`${what} must be on or off.`);
}

/**
 * Each optional boolean of `value` that `labels` names, in the order listed; a label is the
 * setting's name for the person (checkBoolean).
 */
export function checkBooleans<T extends object>(
  value: T,
  labels: Partial<Record<keyof T & string, string>>,
): void {
  for (const [name, what] of Object.entries(labels) as [keyof T & string, string][]) {
    checkBoolean(value[name], what);
  }
}

/**
 * An optional bigint that must also fit a JSON number exactly (the service reads these fields
 * as JSON numbers, and a JS number above 2^53 would silently change value).
 */
export function checkSafeBigint(value: unknown, what: string): void {
  if (value === undefined) return;
  if (typeof value !== 'bigint' || value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) {
    reject(`${what} must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`);
  }
}
