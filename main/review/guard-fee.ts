/**
 * The fee-account rule: the platform fee goes to the account the person configured, in the
 * quoted proportion, and no fee is taken when none was set.
 *
 * Two views, because the sandbox and mainnet move the fee differently. The sandbox pays it with
 * top-level transfers (flows.ts). On mainnet the aggregator pays it inside its route
 * instruction's CPIs, where no top-level transfer shows it; there the route instruction itself
 * says which account the fee goes to and how many bps it takes (decode-jupiter.ts), and the
 * simulation's post-state of the configured account says what really landed there.
 */
import { accountGain } from './balances';
import { feeConfigured, mintOf, type ReviewFacts } from './facts';
import { tokenFlows } from './flows';
import type { Outcome } from './guard-balances';
import type { DecodedInstruction, GuardVerdict } from './types';
import { formatToken, shortAddress } from './words';

const BPS = 10_000n;

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
  for (const route of routes(facts)) {
    if (route.platformFeeBps > 0 && configured === null) {
      problems.push(
        `The swap instruction takes a platform fee of ${route.platformFeeBps} bps for ${route.platformFeeAccount === null ? 'an unnamed account' : shortAddress(route.platformFeeAccount)}, but no platform fee was set for this swap.`,
      );
    } else if (route.platformFeeBps > bps) {
      problems.push(
        `The swap instruction takes a platform fee of ${route.platformFeeBps} bps, more than the ${bps} bps of the quote.`,
      );
    }
    if (
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

/** The rule. `spend` and `received` are the swap's simulated amounts (guard-balances.ts). */
export function feeAccountRule(facts: ReviewFacts, { spend, received }: Outcome): GuardVerdict {
  const { intent, tokens } = facts;
  const flows = tokenFlows(facts);
  const fromRoutes = routeProblems(facts);
  if (fromRoutes.length > 0) return fail(fromRoutes.join(' '));
  if (!feeConfigured(intent) || intent.feeAccount === null || intent.platformFee === null) {
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
  const mint = mintOf(facts, configured);
  const money = (amount: bigint) => formatToken(amount, mint, tokens);
  const fees = flows.filter((flow) => flow.feeCandidate);
  const flowTotal = fees.reduce((sum, flow) => sum + flow.amount, 0n);
  const toConfigured = fees
    .filter((flow) => flow.destination === configured)
    .reduce((sum, flow) => sum + flow.amount, 0n);
  // What the simulation shows arriving in the configured account, however it was moved.
  const landed = accountGain(facts, configured) ?? 0n;
  if (flowTotal === 0n) return insideTheProgram(facts, landed, { spend, received }, money);
  // The swap service may keep a share (the sandbox's operator 2.5%, a referral program's cut),
  // but most of the fee must reach the account the person configured.
  if (toConfigured * 2n < flowTotal) {
    const others = [
      ...new Set(
        fees
          .filter((flow) => flow.destination !== configured)
          .map((flow) => shortAddress(flow.destination)),
      ),
    ].join(', ');
    return fail(
      `The platform fee of ${money(flowTotal)} would go to ${others}, not to your configured fee account ${shortAddress(configured)}.`,
    );
  }
  const cap = feeCap(facts, mint, flowTotal, { spend, received });
  if (flowTotal > cap) {
    return fail(
      `The platform fee would be ${money(flowTotal)}, more than the ${intent.platformFee.feeBps} bps (${money(cap)}) the quote shows.`,
    );
  }
  const rest = flowTotal - toConfigured;
  const share = rest > 0n ? `, of which ${money(rest)} is the swap service's share` : '';
  return {
    rule: 'fee-account',
    ok: true,
    reason: `The platform fee of ${money(flowTotal)} goes to your fee account ${shortAddress(configured)}${share}.`,
  };
}

/** At most feeBps of what the fee is taken from: the input spent, or the gross output. */
function feeCap(
  facts: ReviewFacts,
  mint: string | null,
  fee: bigint,
  { spend, received }: Pick<Outcome, 'spend' | 'received'>,
): bigint {
  const base = mint === facts.intent.inputMint ? spend : received + fee;
  const bps = BigInt(facts.intent.platformFee?.feeBps ?? 0);
  return (base * bps + BPS - 1n) / BPS;
}

/**
 * No top-level transfer pays a fee: on mainnet the route instruction pays it inside the
 * program. The configured account's simulated gain is the fee; a fee the quote expects that
 * does not land there went somewhere else.
 */
function insideTheProgram(
  facts: ReviewFacts,
  landed: bigint,
  outcome: Pick<Outcome, 'spend' | 'received'>,
  money: (amount: bigint) => string,
): GuardVerdict {
  const { intent } = facts;
  const configured = intent.feeAccount as string;
  const expected = intent.platformFee?.amount ?? 0n;
  if (landed <= 0n) {
    if (expected === 0n)
      return { rule: 'fee-account', ok: true, reason: 'No platform fee is taken.' };
    return fail(
      `The quote takes a platform fee of ${intent.platformFee?.feeBps} bps, but the test run shows none of it landing in your configured fee account ${shortAddress(configured)}.`,
    );
  }
  const cap = feeCap(facts, mintOf(facts, configured), landed, outcome);
  if (landed > cap) {
    return fail(
      `Your fee account would gain ${money(landed)}, more than the ${intent.platformFee?.feeBps} bps (${money(cap)}) the quote shows.`,
    );
  }
  return {
    rule: 'fee-account',
    ok: true,
    reason: `The test run shows the platform fee of ${money(landed)} landing in your fee account ${shortAddress(configured)}.`,
  };
}
