import { randomBytes } from 'node:crypto';

/**
 * A bigint's stand-in while JSON.stringify writes: no string of an answer can hold it (it starts
 * with a NUL, which JSON.stringify writes escaped, and carries this process's random tag).
 */
const TAG = `\u0000u64:${randomBytes(12).toString('hex')}:`;
const TAGGED = new RegExp(`"\\\\u0000u64:${TAG.slice(5, -1)}:(\\d+)"`, 'g');

/**
 * JSON with u64 values: a bigint is written as a bare number, exactly, as a validator writes its
 * u64 fields (JSON.stringify would throw, and Number() would round above 2^53). JSON.stringify
 * writes it, each bigint as a tagged string the digits then replace (issue 26: writing it field
 * by field in JavaScript cost a batch answer 0.2 ms).
 */
export function stringifyJson(value: unknown): string {
  if (value === undefined) return 'null';
  const text = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? `${TAG}${item.toString()}` : item,
  ) as string | undefined;
  return text === undefined ? 'null' : text.replace(TAGGED, '$1');
}
