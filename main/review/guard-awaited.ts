/**
 * The co-signers who sign after the person (issue 22): on the Swap API v2's /order, a market
 * maker's fill is signed by the market maker at /execute, after the person approved. The
 * transaction the person reviews therefore lacks that signature. Missing is allowed only for
 * the maker the /order answer names, and only when that maker is the swap's counterparty in
 * these very bytes (it pays the person their side of the quoted route, facts.ts
 * counterparties): a co-signer that pays nothing would be someone else approving later what the
 * person signs now. Whatever it signs is these bytes: a signature over any other message does
 * not verify with the person's, so the message that lands is the one the person signed.
 */
import { counterparties, type ReviewFacts } from './facts';
import type { GuardVerdict } from './types';
import { shortAddress } from './words';

/** Verdicts on the awaited co-signers; none when the review awaits nobody. */
export function awaitedSignersRule(facts: ReviewFacts): GuardVerdict[] {
  const awaited = facts.awaitedCosigners;
  if (awaited === undefined || awaited.size === 0) return [];
  const missing = facts.message.signatures.filter(
    (entry) => entry.state === 'missing' && awaited.has(entry.signer),
  );
  if (missing.length === 0) return [];
  const parties = counterparties(facts);
  const strangers = missing.filter((entry) => !parties.has(entry.signer));
  if (strangers.length === 0) {
    return [
      {
        rule: 'awaited-signers',
        ok: true,
        reason: `The market maker ${missing.map((e) => shortAddress(e.signer)).join(', ')} signs after you, when the swap is executed; it is the one paying you in this transaction, and its signature can only be over these bytes.`,
      },
    ];
  }
  return [
    {
      rule: 'awaited-signers',
      ok: false,
      reason: strangers
        .map(
          (entry) =>
            `The swap service says ${shortAddress(entry.signer)} signs after you, but it pays you nothing in this transaction, so it is not the market maker of your swap.`,
        )
        .join(' '),
    },
  ];
}
