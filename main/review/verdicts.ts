/**
 * The two shapes every guard rule answers in. Made here once so that no rule can word a pass
 * or join its reasons differently from the others.
 */
import type { GuardVerdict } from './types';

/** `rule` holds; `reason` says what the person can rely on. */
export const pass = (rule: GuardVerdict['rule'], reason: string): GuardVerdict => ({
  rule,
  ok: true,
  reason,
});

/** `rule` is broken; each of `reasons` is a sentence, read together as one refusal. */
export const fail = (rule: GuardVerdict['rule'], reasons: string[]): GuardVerdict => ({
  rule,
  ok: false,
  reason: reasons.join(' '),
});
