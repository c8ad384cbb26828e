/**
 * An Action's form (Solana Actions spec, packages/actions-spec/README.md "ActionParameter",
 * "ActionParameterSelectable"): each field read strictly, and the person's values checked in
 * main against it before anything is posted (required, type, pattern, min/max, options). The
 * spec asks clients to check "client side"; the page does, and main checks again, because the
 * page's word is not main's. A pattern is the action's own regular expression: it runs in a
 * separate context with a deadline, so a pattern built to backtrack for ever cannot stall main.
 */
import { runInNewContext } from 'node:vm';
import { merchantWords } from '../merchant/merchant-http';
import type { ActionParameterView } from '../../../preload/contract/actions';

export const PARAMETER_TYPES = [
  'text',
  'email',
  'url',
  'number',
  'date',
  'datetime-local',
  'textarea',
  'select',
  'radio',
  'checkbox',
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];
const SELECTABLE = new Set<ParameterType>(['select', 'radio', 'checkbox']);

/** A field of an action's form, as main read it: the bridge's view, its type one main knows. */
export interface ActionParameter extends Omit<ActionParameterView, 'type'> {
  type: ParameterType;
}

/** The values a form sends: one string per field, a list for checkboxes. */
export type ActionValues = Record<string, string | string[]>;

/** The longest value a field takes: an Action's field is a short input. */
export const MAX_VALUE_LENGTH = 512;
const PATTERN_DEADLINE_MS = 50;

function bound(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.length <= 64 && value.trim() !== '') return value.trim();
  return null;
}

function validPattern(pattern: unknown): string | null {
  if (typeof pattern !== 'string' || pattern === '' || pattern.length > 512) return null;
  try {
    new RegExp(pattern);
    return pattern;
  } catch {
    return null; // The spec: "If the pattern is not a valid regular expression, it should be ignored".
  }
}

/** A parameter of a linked action, or why the action cannot be filled in, in words. */
export function readParameter(raw: unknown): ActionParameter | string {
  if (typeof raw !== 'object' || raw === null) return 'One of its fields is not readable.';
  const entry = raw as Record<string, unknown>;
  const name = entry.name;
  if (typeof name !== 'string' || !/^[\w.-]{1,64}$/.test(name)) {
    return 'One of its fields has no usable name.';
  }
  // The spec: an unknown or missing type is shown as text.
  const type = PARAMETER_TYPES.find((known) => known === entry.type) ?? 'text';
  const options: ActionParameter['options'] = [];
  if (SELECTABLE.has(type)) {
    if (!Array.isArray(entry.options) || entry.options.length === 0 || entry.options.length > 50) {
      return `Its field "${name}" offers no list of choices.`;
    }
    for (const option of entry.options as unknown[]) {
      const o = (option ?? {}) as Record<string, unknown>;
      const label = merchantWords(o.label);
      if (label === null || typeof o.value !== 'string' || o.value.length > MAX_VALUE_LENGTH) {
        return `A choice of its field "${name}" is not readable.`;
      }
      options.push({ label, value: o.value, selected: o.selected === true });
    }
  }
  return {
    name,
    label: merchantWords(entry.label),
    type,
    required: entry.required === true,
    pattern: SELECTABLE.has(type) ? null : validPattern(entry.pattern),
    patternDescription: merchantWords(entry.patternDescription),
    min: bound(entry.min),
    max: bound(entry.max),
    options,
  };
}

/** True when `value` matches all of `pattern` (HTML's rule); false too when it runs too long. */
function matchesPattern(pattern: string, value: string): boolean {
  try {
    return runInNewContext(
      'new RegExp("^(?:" + p + ")$").test(v)',
      { p: pattern, v: value },
      {
        timeout: PATTERN_DEADLINE_MS,
      },
    ) as boolean;
  } catch {
    return false;
  }
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Compares two decimal texts exactly (no float): -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const units = (text: string) => {
    const negative = text.startsWith('-');
    const [whole, fraction = ''] = text.replace('-', '').split('.');
    const value = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
    return negative ? -value : value;
  };
  const [x, y] = [units(a), units(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Why `value` does not fit `field`, in words; null when it fits. */
function misfit(field: ActionParameter, value: string): string | null {
  const name = field.label ?? field.name;
  if (value.length > MAX_VALUE_LENGTH)
    return `"${name}" is longer than ${MAX_VALUE_LENGTH} characters.`;
  if (field.options.length > 0 && !field.options.some((o) => o.value === value)) {
    return `"${name}" must be one of the choices offered.`;
  }
  const { min, max } = field;
  if (field.type === 'number') {
    if (!DECIMAL.test(value)) return `"${name}" must be a number, like 1.5.`;
    if (min !== null && DECIMAL.test(min) && compareDecimal(value, min) < 0) {
      return `"${name}" must be at least ${min}.`;
    }
    if (max !== null && DECIMAL.test(max) && compareDecimal(value, max) > 0) {
      return `"${name}" must be at most ${max}.`;
    }
  } else if (field.type === 'date' || field.type === 'datetime-local') {
    if (min !== null && value < min) return `"${name}" must be on or after ${min}.`;
    if (max !== null && value > max) return `"${name}" must be on or before ${max}.`;
  } else if (field.options.length === 0) {
    if (min !== null && DECIMAL.test(min) && value.length < Number(min)) {
      return `"${name}" must be at least ${min} characters long.`;
    }
    if (max !== null && DECIMAL.test(max) && value.length > Number(max)) {
      return `"${name}" must be at most ${max} characters long.`;
    }
  }
  if (field.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    return `"${name}" must be an email address.`;
  }
  if (field.type === 'url' && !/^https:\/\/\S+$/i.test(value)) {
    return `"${name}" must be an https address.`;
  }
  if (field.pattern !== null && !matchesPattern(field.pattern, value)) {
    return `"${name}" is not in the form asked: ${field.patternDescription ?? 'the action gives no description of it'}.`;
  }
  return null;
}

/**
 * Every reason the `values` do not fill `fields` (a missing required value, a value of a
 * field the action did not ask for, one outside its type, pattern, bounds or choices), each a
 * sentence naming the field; empty when they fit.
 */
export function valueRefusals(fields: readonly ActionParameter[], values: ActionValues): string[] {
  const refusals: string[] = [];
  for (const key of Object.keys(values)) {
    if (!fields.some((field) => field.name === key)) {
      refusals.push(`The action asks for no value "${key}".`);
    }
  }
  for (const field of fields) {
    const given = values[field.name];
    const list = given === undefined ? [] : Array.isArray(given) ? given : [given];
    const present = list.filter((value) => value !== '');
    if (present.length === 0) {
      if (field.required) refusals.push(`"${field.label ?? field.name}" is required.`);
      continue;
    }
    if (present.length > 1 && field.type !== 'checkbox') {
      refusals.push(`"${field.label ?? field.name}" takes one value.`);
      continue;
    }
    for (const value of present) {
      const reason = misfit(field, value);
      if (reason !== null) refusals.push(reason);
    }
  }
  return refusals;
}

/** The href with each `{name}` replaced by its value, URL-encoded (a list joined by commas). */
export function fillHref(href: string, values: ActionValues): string {
  return href.replace(/\{([^{}]*)\}/g, (_, name: string) => {
    const value = values[name];
    const text = value === undefined ? '' : Array.isArray(value) ? value.join(',') : value;
    return encodeURIComponent(text);
  });
}
