/**
 * The last check of Jupiter's own fee (guard-service-fee.ts): its rate may not pass the rate
 * Jupiter publishes for the pair (fees/jupiter-fee-table.ts), whatever its answer states. A
 * token under a day old at the review's own time is in the table's 50 bps row; its age is the
 * token directory's `firstPool.createdAt` (ReviewFacts.firstPools, carried with the market
 * facts), unknown when the directory did not say or said something that is not a date, and an
 * unknown age reads as older: the lower cap, the person's safe side.
 */
import {
  jupiterPairFee,
  NEW_TOKEN_MS,
  tokenClassOf,
  type PairFee,
} from '../fees/jupiter-fee-table';
import type { ReviewFacts } from './facts';
import type { ServiceFee } from './types';
import { shortAddress } from './words';

const HOUR_MS = 60 * 60 * 1000;

/** The table's row for the intent's pair, judged at the review's own time. */
export function pairFeeOf(
  facts: Pick<ReviewFacts, 'intent' | 'firstPools' | 'reviewedAt'>,
): PairFee {
  const firstPoolAt = (mint: string) => {
    const at = facts.firstPools?.get(mint) ?? null;
    return at === null ? null : new Date(at);
  };
  return jupiterPairFee(facts.intent.inputMint, facts.intent.outputMint, {
    firstPoolAt,
    now: new Date(facts.reviewedAt ?? Date.now()),
  });
}

/** "3 hours", "3 days": an age in words, whole units down. */
function ageInWords(ms: number): string {
  const hours = Math.max(0, Math.floor(ms / HOUR_MS));
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.floor(hours / 24)} days`;
}

/** Why neither token counted as new: their ages, as the directory gave them, or that it did not. */
function agesInWords(
  facts: Pick<ReviewFacts, 'intent' | 'firstPools' | 'reviewedAt' | 'tokens'>,
): string {
  const now = facts.reviewedAt ?? Date.now();
  const mints = [...new Set([facts.intent.inputMint, facts.intent.outputMint])].filter(
    (mint) => tokenClassOf(mint) === 'other',
  );
  const known = mints.flatMap((mint) => {
    const at = facts.firstPools?.get(mint) ?? null;
    const name = facts.tokens.get(mint)?.symbol ?? `token ${shortAddress(mint)}`;
    return at === null ? [] : [`${name}'s first pool is ${ageInWords(now - at)} old`];
  });
  const said = known.length > 0 ? `${known.join(' and ')}; ` : '';
  const unknown =
    mints.length > known.length
      ? 'a token whose age the token list does not give counts as older; '
      : '';
  return `: ${said}${unknown}only a token under ${NEW_TOKEN_MS / HOUR_MS} hours old is charged 50 bps`;
}

/**
 * The refusal's words when the fee's rate (`stated`, or a route's own rate if higher) passes
 * the table's rate for the pair; null when it does not.
 */
export function pairFeeRefusal(
  facts: Pick<ReviewFacts, 'intent' | 'firstPools' | 'reviewedAt' | 'tokens' | 'instructions'>,
  stated: Pick<ServiceFee, 'by' | 'feeBps'>,
): string | null {
  const table = pairFeeOf(facts);
  const routeBps = facts.instructions.flatMap(({ decoded }) =>
    decoded.kind === 'jupiterRoute' ? [decoded.platformFeeBps] : [],
  );
  const over = Math.max(stated.feeBps, ...routeBps);
  if (over <= table.bps) return null;
  // Past "every other pair" only the new-token row is higher: say why it did not apply.
  const why = table.bps === 10 && over <= 50 ? agesInWords(facts) : '';
  return `${stated.by}'s platform fee would be ${over} bps, above the ${table.bps} bps ${stated.by} publishes for ${table.row} (its docs' fee table${why}). Don't approve it: get a fresh quote, or choose Router as the swap path in Settings.`;
}
