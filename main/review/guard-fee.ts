/**
 * The fee-account rule: the platform fee is exactly what the quote's rate makes it, the
 * configured fee account receives all of it but the swap service's published share
 * (service-terms.ts: 2.5% on the sandbox, none at swap time on mainnet), that share goes only
 * to the service's own account, and nothing fee-like goes anywhere else. No fee is taken when
 * none was set. This protects the person running the wallet as an integrator: a fee that is
 * "almost right" (most of it, or one base unit, reaching them) is refused.
 *
 * What landed is read from the simulated post-state of the accounts, however it was moved: the
 * sandbox pays the fee with top-level transfers (flows.ts); on mainnet the aggregator pays it
 * inside its route instruction, whose own `platform_fee_bps` and fee account are checked too
 * (decode-jupiter.ts).
 *
 * The fee's size follows the swap API's formula on the amounts the swap really moved (so a pool
 * that moved between quote and build does not make an honest fee look wrong): ExactIn with the
 * fee in the input, ⌊amount × bps / 10,000⌋; ExactIn in the output, ⌊gross output × bps /
 * 10,000⌋ where the gross is what the person received plus the fee; ExactOut (always the
 * input), ⌈input before the fee × bps / 10,000⌉. One base unit either way is rounding (for a fee
 * from the output, whose gross includes the fee, that still lets through a shortfall of two).
 */
import { associatedTokenAddress } from '../tokens/associated-token';
import { accountGain } from './balances';
import { feeConfigured, mintOf, type ReviewFacts } from './facts';
import { tokenFlows } from './flows';
import type { Outcome } from './outcome';
import { TOKEN_PROGRAM } from './program-ids';
import { serviceShareOf } from './service-terms';
import { serviceFeeRule } from './guard-service-fee';
import type { DecodedInstruction, GuardVerdict } from './types';
import { formatToken, shortAddress } from './words';

const BPS = 10_000n;
/** The swap API's rounding of a fee: one base unit either way. */
const ROUNDING = 1n;

type Route = Extract<DecodedInstruction, { kind: 'jupiterRoute' }>;

const fail = (reason: string): GuardVerdict => ({ rule: 'fee-account', ok: false, reason });

function routes(facts: ReviewFacts): Route[] {
  return facts.instructions.flatMap(({ decoded }) =>
    decoded.kind === 'jupiterRoute' ? [decoded] : [],
  );
}

/** What the aggregator's route instructions say about the fee, against the configuration. */
function routeProblems(facts: ReviewFacts): string[] {
  const { intent } = facts;
  const configured = feeConfigured(intent) ? intent.feeAccount : null;
  const bps = configured === null ? 0 : (intent.platformFee?.feeBps ?? 0);
  const problems: string[] = [];
  // The service's own stated fee (an /order's Jupiter fee) is held by guard-service-fee.ts.
  const serviceFee = configured === null && (intent.serviceFee?.feeBps ?? 0) > 0;
  for (const route of routes(facts)) {
    if (route.platformFeeBps > 0 && configured === null) {
      if (serviceFee) continue;
      problems.push(
        `The swap instruction takes a platform fee of ${route.platformFeeBps} bps for ${route.platformFeeAccount === null ? 'an unnamed account' : shortAddress(route.platformFeeAccount)}, but no platform fee was set for this swap.`,
      );
    } else if (route.platformFeeBps > bps) {
      problems.push(
        `The swap instruction takes a platform fee of ${route.platformFeeBps} bps, more than the ${bps} bps of the quote.`,
      );
    }
    // The V2 forms have no fee-account slot: they pay the first account after their own
    // (decode-jupiter.ts), and the simulated post-state shows what landed, below.
    if (
      (route.feeAccountSlot || route.platformFeeAccount !== null) &&
      route.platformFeeBps > 0 &&
      configured !== null &&
      route.platformFeeAccount !== configured
    ) {
      problems.push(
        `The swap instruction sends the platform fee to ${route.platformFeeAccount === null ? 'no account' : shortAddress(route.platformFeeAccount)}, not to your configured fee account ${shortAddress(configured)}.`,
      );
    }
  }
  return problems;
}

/** The swap service's fee account of `mint`: its owner's associated token account. */
function serviceFeeAccount(facts: ReviewFacts, mint: string, configured: string): string | null {
  const share = facts.terms.feeShare;
  if (share === null) return null;
  const program = facts.pre.get(configured)?.programOwner ?? TOKEN_PROGRAM;
  return associatedTokenAddress(mint, share.owner, program);
}

/**
 * The fee the swap API's formula gives for what the swap moved, given `total` (what landed in
 * the fee accounts): null when the fee mint is on neither side the mode allows.
 */
function formulaFee(
  facts: ReviewFacts,
  mint: string | null,
  total: bigint,
  { spend, received }: Pick<Outcome, 'spend' | 'received'>,
): bigint | null {
  const { intent } = facts;
  const bps = BigInt(intent.platformFee?.feeBps ?? 0);
  if (intent.swapMode === 'ExactOut') {
    if (mint !== intent.inputMint) return null;
    return ((spend - total) * bps + BPS - 1n) / BPS;
  }
  if (mint === intent.inputMint) return (intent.amount * bps) / BPS;
  if (mint === intent.outputMint) return ((received + total) * bps) / BPS;
  return null;
}

/** The rule. `spend` and `received` are the swap's simulated amounts (outcome.ts). */
export function feeAccountRule(facts: ReviewFacts, outcome: Outcome): GuardVerdict {
  const { intent, tokens } = facts;
  const flows = tokenFlows(facts);
  const fromRoutes = routeProblems(facts);
  if (fromRoutes.length > 0) return fail(fromRoutes.join(' '));
  if (!feeConfigured(intent) || intent.feeAccount === null || intent.platformFee === null) {
    if (intent.serviceFee && intent.serviceFee.feeBps > 0) {
      return serviceFeeRule(facts, outcome, intent.serviceFee);
    }
    const taken = flows.filter((flow) => flow.thirdParty && !flow.userSourced);
    if (taken.length === 0)
      return {
        rule: 'fee-account',
        ok: true,
        reason: 'No platform fee is taken, as none was set.',
      };
    return fail(
      taken
        .map(
          (flow) =>
            `A fee of ${formatToken(flow.amount, flow.mint, tokens)} would be taken and sent to ${shortAddress(flow.destination)}, but no platform fee was set for this swap.`,
        )
        .join(' '),
    );
  }
  const configured = intent.feeAccount;
  const bps = intent.platformFee.feeBps;
  const mint = mintOf(facts, configured);
  const money = (amount: bigint) => formatToken(amount, mint, tokens);
  const serviceAccount = mint === null ? null : serviceFeeAccount(facts, mint, configured);

  // Nothing fee-like goes anywhere but the configured account and the service's own.
  const elsewhere = flows.filter(
    (flow) =>
      flow.feeCandidate && flow.destination !== configured && flow.destination !== serviceAccount,
  );
  if (elsewhere.length > 0) {
    const total = elsewhere.reduce((sum, flow) => sum + flow.amount, 0n);
    const to = [...new Set(elsewhere.map((flow) => shortAddress(flow.destination)))].join(', ');
    return fail(
      `${money(total)} of the platform fee would go to ${to}, not to your configured fee account ${shortAddress(configured)}.`,
    );
  }

  // What the simulation shows arriving, however it was moved.
  const toConfigured = accountGain(facts, configured) ?? 0n;
  const toService = serviceAccount === null ? 0n : (accountGain(facts, serviceAccount) ?? 0n);
  const total = toConfigured + toService;
  const expected = formulaFee(facts, mint, total, outcome);
  if (expected === null) {
    return fail(
      `Your fee account ${shortAddress(configured)} holds a token this swap can't take its fee in (an ExactIn fee is taken in the token paid or received, an ExactOut fee in the token paid).`,
    );
  }
  if (total === 0n && expected === 0n) {
    return {
      rule: 'fee-account',
      ok: true,
      reason: `No platform fee is taken: ${bps} bps of this amount rounds to nothing.`,
    };
  }
  if (toConfigured <= 0n) {
    return fail(
      `The quote takes a platform fee of ${bps} bps, but the test run shows none of it landing in your configured fee account ${shortAddress(configured)}.`,
    );
  }
  const feeOff = total > expected ? total - expected : expected - total;
  if (feeOff > ROUNDING) {
    return fail(
      total < expected
        ? `The platform fee of ${bps} bps comes to ${money(expected)}, but only ${money(total)} of it would reach your fee account${serviceAccount === null ? '' : ' and the swap service'}: the rest is kept elsewhere.`
        : `The platform fee would be ${money(total)}, more than the ${bps} bps (${money(expected)}) the quote shows.`,
    );
  }
  // The aggregator's route instruction pays the fee whole to the fee account, on any network
  // (the referral program's cut comes later, at claim): a share is kept only from a fee the
  // service moves with its own transfers (the sandbox without Jupiter's program).
  const share = routes(facts).length > 0 ? 0n : serviceShareOf(facts.terms, total);
  if (toService !== share) {
    return fail(
      `The swap service's share of the platform fee is ${money(share)}, but ${money(toService)} would go to it, and ${money(toConfigured)} to your fee account ${shortAddress(configured)}.`,
    );
  }
  const less =
    share > 0n
      ? ` (the platform fee of ${money(total)} less the swap service's share of ${money(share)})`
      : ` (the platform fee of ${bps} bps)`;
  return {
    rule: 'fee-account',
    ok: true,
    reason: `Your fee account ${shortAddress(configured)} receives ${money(toConfigured)}${less}.`,
  };
}
