/**
 * Turns a zod error into a sentence that names the fields at fault and never repeats what was
 * sent: a payload may carry a secret key or a recovery phrase, and the message goes back across
 * the bridge and into logs.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

const IDENTIFIER = /^[A-Za-z_$][\w$]{0,39}$/;

function fieldOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the request';
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && IDENTIFIER.test(key)) out += out ? `.${key}` : key;
    else out += out ? '.(field)' : '(field)';
  }
  return out;
}

function sizeWord(origin: string): string {
  if (origin === 'string') return 'characters';
  if (origin === 'array' || origin === 'set') return 'items';
  return '';
}

const ARTICLE: Record<string, string> = {
  object: 'an object',
  array: 'a list',
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
};

/** The value at `path` in what was sent; read only to tell "missing" from "wrong type". */
function valueAt(payload: unknown, path: readonly PropertyKey[]): unknown {
  let value = payload;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function describeOne(issue: Issue, payload: unknown): string {
  const field = fieldOf(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return issue.path.length > 0 && valueAt(payload, issue.path) === undefined
        ? `${field} is required`
        : `${field} must be ${ARTICLE[issue.expected] ?? `a ${issue.expected}`}`;
    case 'too_big': {
      const unit = sizeWord(issue.origin);
      return unit
        ? `${field} must have at most ${String(issue.maximum)} ${unit}`
        : `${field} must be at most ${String(issue.maximum)}`;
    }
    case 'too_small': {
      const unit = sizeWord(issue.origin);
      if (unit === 'characters' && Number(issue.minimum) === 1) return `${field} must not be empty`;
      return unit
        ? `${field} must have at least ${String(issue.minimum)} ${unit}`
        : `${field} must be at least ${String(issue.minimum)}`;
    }
    case 'unrecognized_keys': {
      const named = issue.keys.filter((key) => IDENTIFIER.test(key));
      return named.length === issue.keys.length
        ? `unexpected field${named.length > 1 ? 's' : ''} ${named.join(', ')}${issue.path.length ? ` in ${field}` : ''}`
        : `${field} has unexpected fields`;
    }
    case 'invalid_format':
    case 'custom':
      // These messages are written in the contract (e.g. "must be a base58 address"); they
      // are static text, but a message that happens to contain the input is replaced anyway.
      return messageEchoes(issue.message, valueAt(payload, issue.path))
        ? `${field} is not valid`
        : `${field} ${issue.message}`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    default:
      return `${field} is not valid`;
  }
}

function messageEchoes(message: string, input: unknown): boolean {
  return typeof input === 'string' && input.length >= 3 && message.includes(input);
}

/**
 * Joins the first few issues into one readable sentence. `payload` is what was parsed; it is
 * consulted only to tell a missing field from a wrong one, never quoted.
 */
export function describeIssues(error: z.ZodError, payload: unknown): string {
  const parts = error.issues.slice(0, 4).map((issue) => describeOne(issue, payload));
  const more = error.issues.length > 4 ? ` (and ${error.issues.length - 4} more)` : '';
  return `${parts.join('; ')}${more}.`;
}
