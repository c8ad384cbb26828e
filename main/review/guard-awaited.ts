/**
 * The co-signers who sign after the person (issue 22): on the Swap API v2's /order, a market
 * maker's fill is signed by the market maker at /execute, after the person approved. The
 * transaction the person reviews therefore lacks that signature. Missing is allowed only for
 * the maker the /order answer names, and only when that maker is the swap's counterparty in
 * these very bytes (it pays the person their side of the quoted route, at least the minimum
 * they accepted: counterparty.ts): a co-signer that pays nothing, or a token gesture, would be
 * someone else approving later what the person signs now. Whatever it signs is these bytes: a signature over any other message does
 * not verify with the person's, so the message that lands is the one the person signed.
 *
 * The other co-signer a gasless order awaits is the service's own published gas payer
 * (service-terms.ts), which pays the network fee or rent and is paid nothing by the person here:
 * it is no counterparty, and the transfer rules refuse anything the person would send it.
 */
import { counterparties, payoutShortfall } from './counterparty';
import type { ReviewFacts } from './facts';
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
  const gasPayer = facts.terms.gasPayer;
  const makers = missing.filter((entry) => parties.has(entry.signer));
  const strangers = missing.filter(
    (entry) => !parties.has(entry.signer) && entry.signer !== gasPayer,
  );
  if (strangers.length === 0) {
    const reasons: string[] = [];
    if (makers.length > 0) {
      reasons.push(
        `The market maker ${makers.map((e) => shortAddress(e.signer)).join(', ')} signs after you, when the swap is executed; it is the one paying you in this transaction, and its signature can only be over these bytes.`,
      );
    }
    if (gasPayer !== null && missing.some((entry) => entry.signer === gasPayer)) {
      reasons.push(
        `The swap service's gas payer ${shortAddress(gasPayer)} signs after you, when the swap is executed, to pay its network costs; you pay it nothing here, and its signature can only be over these bytes.`,
      );
    }
    return [{ rule: 'awaited-signers', ok: true, reason: reasons.join(' ') }];
  }
  return [
    {
      rule: 'awaited-signers',
      ok: false,
      reason: strangers
        .map((entry) => {
          // Paying a token gesture (one base unit) does not make a market maker (issue 32).
          const short = payoutShortfall(facts, entry.signer);
          const pays =
            short === null
              ? 'but it pays you nothing in this transaction'
              : `but it ${short.words}`;
          return `The swap service says ${shortAddress(entry.signer)} signs after you as your market maker, ${pays}, so it is not the market maker of your swap. Do not approve it; get a fresh quote.`;
        })
        .join(' '),
    },
  ];
}
