/**
 * Reading JSON-RPC params the way a validator does: positional, with an optional config object
 * last, and the validator's messages for what is wrong.
 */
import bs58 from 'bs58';
import { invalidParams } from './rpc-error';

export type Params = unknown[];

/** The params array (a missing params member counts as empty). */
export function paramsOf(raw: unknown): Params {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw invalidParams('Invalid params: invalid type: map, expected a sequence.');
  return raw;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`;
  if (typeof value === 'number')
    return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
  if (typeof value === 'boolean') return `boolean \`${value}\``;
  return Array.isArray(value) ? 'sequence' : 'map';
}

export function requireParam(params: Params, index: number): unknown {
  if (params.length <= index)
    throw invalidParams(
      `Invalid params: invalid length ${params.length}, expected ${index + 1} or more.`,
    );
  return params[index];
}

export function stringParam(params: Params, index: number): string {
  const value = requireParam(params, index);
  if (typeof value !== 'string')
    throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected a string.`);
  return value;
}

/** A base58 32-byte address, or the validator's "Invalid param: Invalid" error. */
export function pubkeyParam(params: Params, index: number): string {
  return checkPubkey(stringParam(params, index));
}

export function checkPubkey(value: string): string {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw invalidParams('Invalid param: Invalid');
  }
  if (bytes.length !== 32) throw invalidParams('Invalid param: WrongSize');
  return value;
}

export function u64Param(params: Params, index: number): bigint {
  const value = requireParam(params, index);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected u64.`);
  }
  return BigInt(value);
}

/** The config object at `index`, or an empty one. */
export function configParam(params: Params, index: number): Record<string, unknown> {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams(
      `Invalid params: invalid type: ${describe(value)}, expected struct config.`,
    );
  }
  return value as Record<string, unknown>;
}

/**
 * `config[key]`, undefined when absent or null, or the validator's invalid-type refusal
 * ("expected `expected`") when it is not what `accepts` takes.
 */
function optionalField<T>(
  config: Record<string, unknown>,
  key: string,
  accepts: (value: unknown) => value is T,
  expected: string,
): T | undefined {
  const value = config[key];
  if (value === undefined || value === null) return undefined;
  if (!accepts(value)) {
    throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected ${expected}.`);
  }
  return value;
}

export function optionalBoolean(config: Record<string, unknown>, key: string): boolean | undefined {
  return optionalField(config, key, (value) => typeof value === 'boolean', 'a boolean');
}

export function optionalInteger(config: Record<string, unknown>, key: string): number | undefined {
  const isUsize = (value: unknown): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0;
  return optionalField(config, key, isUsize, 'usize');
}

export function optionalString(config: Record<string, unknown>, key: string): string | undefined {
  return optionalField(config, key, (value) => typeof value === 'string', 'a string');
}

export function stringArrayParam(params: Params, index: number): string[] {
  const value = requireParam(params, index);
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw invalidParams(
      `Invalid params: invalid type: ${describe(value)}, expected a sequence of strings.`,
    );
  }
  return value as string[];
}
