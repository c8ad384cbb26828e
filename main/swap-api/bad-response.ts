/**
 * The one error for an answer that breaks the spec: the person learns the service is not to be
 * trusted right now; the specific rule that broke is in the message for support.
 */
import { WalletError } from '../shared/errors';
import { parseBaseUnits, U64_MAX } from '../shared/amount';
import { isAddress, type Address } from '../shared/address';
import { z } from 'zod';

/** Throws SWAP_API_BAD_RESPONSE naming what was wrong. */
export function badResponse(what: string): never {
  throw new WalletError(
    'SWAP_API_BAD_RESPONSE',
    `The swap service answered something the wallet can't trust (${what}). Nothing was signed. ` +
      'Try again; if it repeats, use another swap service in Settings.',
  );
}

/** A decimal integer string within u64, as a bigint. */
export const amountText = z.string().transform((text, ctx): bigint => {
  const value = parseBaseUnits(text);
  if (value === undefined || value > U64_MAX) {
    ctx.addIssue({ code: 'custom', message: 'not a decimal integer amount within u64' });
    return z.NEVER;
  }
  return value;
});

/** A base58 32-byte address. */
export const addressText = z.custom<Address>((value) => isAddress(value), 'not a valid address');

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Base64 text (standard alphabet, padded), as bytes; empty text only when `allowEmpty`. */
export function base64Bytes(allowEmpty = false) {
  return z.string().transform((text, ctx): Uint8Array => {
    if ((!allowEmpty && text.length === 0) || !BASE64.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'not base64 text' });
      return z.NEVER;
    }
    return new Uint8Array(Buffer.from(text, 'base64'));
  });
}

/**
 * `body` as `schema` reads it. Throws SWAP_API_BAD_RESPONSE naming the first thing that broke
 * the schema (every answer parser's first step).
 */
export function readAnswer<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) badResponse(describeIssue(result.error));
  return result.data;
}

/**
 * "field.path: problem" for the first issue, for the bad-response message. A path may hold a
 * key the service chose (a record's key): only short plain names are named (issue 32).
 */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'malformed answer';
  const path = issue.path
    .map((part) => (/^[A-Za-z0-9_]{1,40}$/.test(String(part)) ? String(part) : '…'))
    .join('.');
  return `${path === '' ? 'body' : path}: ${issue.message}`;
}
