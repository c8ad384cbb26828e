/**
 * The fee-account rule when the swap service takes its own fee (issue 22): on mainnet a
 * Meta-Aggregator /order carries Jupiter's platform fee by pair even when the integrator set
 * none, and its answer states it (`platformFee` {amount, feeBps, feeMint}, docs-v2 "Order &
 * Execute"). The answer names no fee account; the aggregator's route instruction does (V1, its
 * `platform_fee_account`; V2, the first account after its own: decode-jupiter.ts). So the fee
 * is honest when (issue 32, "fees only where they belong"):
 *
 * - a route of the aggregator takes it, at no more than the rate the answer states, and no
 *   more than the rate Jupiter publishes for the pair (fees/jupiter-fee-table.ts): the
 *   service's statement cannot raise the table;
 * - every route names the same one fee account, holding the token the answer names (else one
 *   the swap moves), and that account is one the wallet can attribute: the associated token
 *   account of one of Jupiter's program authorities (the service terms' `jupiterFeeOwners`,
 *   fees/jupiter-fee-account.ts), or of the integrator's own referral account;
 * - what lands there is the stated rate of what the swap really moved (the fee formula of
 *   guard-fee.ts, one base unit either way), and nothing fee-like reaches any other account.
 *
 * Anything more, or elsewhere, is refused in words. The fee is shown as the service's
 * ("Jupiter's platform fee"), never as the integrator's.
 */
import { feeAccountOwner } from '../fees/jupiter-fee-account';
import { accountGain } from './balances';
import { pairFeeOf, pairFeeRefusal } from './guard-fee-table-rate';
import { mintOf, stateAfter, type ReviewFacts } from './facts';
import { rentFromOthers } from './rent-from-others';
import { tokenFlows } from './flows';
import type { Outcome } from './outcome';
import type { GuardVerdict, ServiceFee } from './types';
import { formatToken, shortAddress } from './words';

const BPS = 10_000n;
/** The swap API's rounding of a fee: one base unit either way. */
const ROUNDING = 1n;

const fail = (reason: string): GuardVerdict => ({ rule: 'fee-account', ok: false, reason });

/** The account the aggregator's routes pay their fee into, or a refusal. */
function namedAccount(facts: ReviewFacts, stated: ServiceFee): string | GuardVerdict | null {
  const feeRoutes = facts.instructions.flatMap(({ decoded }) =>
    decoded.kind === 'jupiterRoute' && decoded.platformFeeBps > 0 ? [decoded] : [],
  );
  if (feeRoutes.length === 0) return null;
  const problems: string[] = [];
  for (const route of feeRoutes) {
    if (route.platformFeeBps > stated.feeBps) {
      problems.push(
        `The swap instruction takes a platform fee of ${route.platformFeeBps} bps, more than the ${stated.feeBps} bps ${stated.by}'s answer states.`,
      );
    }
    if (route.platformFeeAccount === null) {
      problems.push(
        `The swap instruction takes a platform fee of ${route.platformFeeBps} bps but names no account for it.`,
      );
    }
  }
  const accounts = [...new Set(feeRoutes.map((route) => route.platformFeeAccount))];
  if (accounts.length > 1) {
    problems.push(
      `The swap instructions pay a platform fee to ${accounts.length} accounts (${accounts.map((a) => (a === null ? 'none' : shortAddress(a))).join(', ')}); ${stated.by}'s answer states one fee.`,
    );
  }
  if (problems.length > 0) return fail(problems.join(' '));
  return accounts[0] as string;
}

/**
 * Null when `account` (holding `mint`) is Jupiter's (an associated token account of one of the
 * terms' `jupiterFeeOwners`, still owned by it) or the integrator's own referral account's;
 * else the refusal's words. The derivation alone is not enough: an account whose owner was
 * changed is no longer the authority's, so the token owner before and after must agree.
 */
function attribution(
  facts: ReviewFacts,
  account: string,
  mint: string | null,
  stated: ServiceFee,
): string | null {
  const before = facts.pre.get(account) ?? null;
  const after = stateAfter(facts, account);
  const program = (before ?? after)?.programOwner ?? null;
  const owners = [...facts.terms.jupiterFeeOwners];
  const referral = stated.integratorReferral ?? null;
  if (referral !== null) owners.push(referral);
  const owner =
    mint === null || program === null ? null : feeAccountOwner(account, mint, program, owners);
  const heldBy = [before?.token?.owner, after?.token?.owner].filter((o) => o !== undefined);
  if (owner !== null && heldBy.every((held) => held === owner)) return null;
  return `The swap instruction pays ${stated.by}'s platform fee into ${shortAddress(account)}, an account the wallet cannot attribute to ${stated.by} (${stated.by}'s fee goes to a token account of its own program's authorities) nor to your referral account: whoever holds it would be paid the fee. Don't approve it: get a fresh quote, or choose Router as the swap path in Settings.`;
}

/**
 * The rule, for a swap with no integrator fee whose service states its own fee of
 * `intent.serviceFee` (feeBps > 0). `spend` and `received` are the swap's simulated amounts.
 */
export function serviceFeeRule(
  facts: ReviewFacts,
  outcome: Pick<Outcome, 'received'>,
  stated: ServiceFee,
): GuardVerdict {
  const { intent, tokens } = facts;
  const named = namedAccount(facts, stated);
  if (typeof named === 'object' && named !== null) return named;
  // Fee-like moves the instructions spell out: only into the account the route names.
  const taken = tokenFlows(facts).filter(
    (flow) => flow.thirdParty && !flow.userSourced && flow.destination !== named,
  );
  if (taken.length > 0) {
    return fail(
      taken
        .map(
          (flow) =>
            `A fee of ${formatToken(flow.amount, flow.mint, tokens)} would be taken and sent to ${shortAddress(flow.destination)}, an account ${stated.by}'s answer does not name (its own fee goes where its swap instruction says).`,
        )
        .join(' '),
    );
  }
  if (named === null) {
    return {
      rule: 'fee-account',
      ok: true,
      reason: `No platform fee is taken: ${stated.by}'s answer states ${stated.feeBps} bps, and its swap instruction takes none.`,
    };
  }
  const mint = mintOf(facts, named);
  const money = (amount: bigint) => formatToken(amount, mint, tokens);
  if (stated.mint !== null && mint !== stated.mint) {
    return fail(
      `The swap instruction pays ${stated.by}'s platform fee into ${shortAddress(named)}, which holds ${mint === null ? 'no token' : formatToken(0n, mint, tokens).replace(/^0 /, '')}, not ${formatToken(0n, stated.mint, tokens).replace(/^0 /, '')} as its answer states.`,
    );
  }
  const unattributed = attribution(facts, named, mint, stated);
  if (unattributed !== null) return fail(unattributed);
  const gain = accountGain(facts, named) ?? 0n;
  const bps = BigInt(stated.feeBps);
  // The formula of guard-fee.ts on what the swap moved: ExactIn only (v2 has no ExactOut).
  const expected =
    intent.swapMode !== 'ExactIn'
      ? null
      : mint === intent.inputMint
        ? (intent.amount * bps) / BPS
        : mint === intent.outputMint
          ? ((outcome.received - rentFromOthers(facts) + gain) * bps) / BPS
          : null;
  if (expected === null) {
    return fail(
      `The swap instruction pays ${stated.by}'s platform fee into ${shortAddress(named)}, which holds a token this swap can't take its fee in (an exact-input fee is taken in the token paid or received).`,
    );
  }
  const off = gain > expected ? gain - expected : expected - gain;
  if (off > ROUNDING) {
    return fail(
      gain > expected
        ? `${stated.by}'s platform fee would be ${money(gain)}, more than the ${stated.feeBps} bps (${money(expected)}) its answer states.`
        : `${stated.by}'s platform fee of ${stated.feeBps} bps comes to ${money(expected)}, but the test run shows ${money(gain)} landing in ${shortAddress(named)}, the account its swap instruction names.`,
    );
  }
  // Last, so that a fee landing elsewhere or in the wrong amount is named first: the rate itself
  // may not pass Jupiter's published table for the pair (at the tokens' ages), whatever its
  // answer states.
  const aboveTable = pairFeeRefusal(facts, stated);
  if (aboveTable !== null) return fail(aboveTable);
  const row = pairFeeOf(facts);
  const said =
    stated.amount !== null && stated.amount > 0n ? `, its answer said ${money(stated.amount)}` : '';
  return {
    rule: 'fee-account',
    ok: true,
    reason: `${stated.by}'s platform fee of ${stated.feeBps} bps (${money(gain)}${said}) goes to ${shortAddress(named)}, the account its swap instruction names. It is ${stated.by}'s fee: no integrator fee is set for this swap. Its rate is within the ${row.bps} bps ${stated.by} publishes for ${row.row}.`,
  };
}
