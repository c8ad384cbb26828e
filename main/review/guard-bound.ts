/**
 * The on-chain bound rule (issue 21): the simulation shows the post-state at review time, but
 * the chain judges the transaction when it lands, after anyone else's trades. What protects the
 * person then is only what the swap instructions enforce: CP-Swap's `minimum_amount_out` /
 * `max_amount_in`, the aggregator's `quoted_*_amount` with its `slippage_bps`. So the wallet
 * reads them (swap-legs.ts) and refuses a transaction whose instructions would let it land on
 * worse terms than the wallet's own bound (swap-api/slippage-bound.ts: the amount and slippage
 * the person chose):
 *   - ExactIn: the least the chain lets reach the output (the destination, or the person's
 *     output holdings) is below the wallet's minimum; the input taken may exceed the amount;
 *   - ExactOut: the most the chain lets it take from the person exceeds the wallet's maximum,
 *     or less than the exact amount is sure to arrive;
 *     (a bound shared over parallel legs may round down by one base unit per extra leg);
 *   - a chained route is judged at its ends: an intermediate hop's bound may be loose only where
 *     the hops around it still pin what the person pays and gets; a loose middle that could draw
 *     on tokens the person already holds of that mint is refused;
 *   - a swap instruction whose bound the wallet cannot read, and a positive-slippage share the
 *     person never agreed to.
 * The passing verdict is what the review shows: "The network refuses this swap if you would
 * receive less than X" (ExactOut: "…pay more than X").
 */
import { heldBefore, swapLegs, worstCase, type WorstCase } from './swap-legs';
import { isUserAccount, type ReviewFacts } from './facts';
import { walletBound } from '../swap-api/slippage-bound';
import type { GuardVerdict } from './types';
import { formatToken, shortAddress, tokenName, unresolvedEntry, unresolvedWords } from './words';
import { isAllowedProgram, JUPITER_V6_PROGRAM, JUPITERZ_ORDER_ENGINE } from './program-ids';

const UNPROTECTED =
  'The transaction does not protect you on chain: anyone who trades before it lands could take the difference.';

/**
 * Swaps whose bound the wallet cannot read: an aggregator instruction it does not decode, and
 * any program outside the ones it reads (a venue the service labels, or one nobody names; the
 * programs rule refuses those too, in its own words).
 */
function unreadableSwaps(facts: ReviewFacts): string[] {
  return facts.instructions.flatMap(({ index, programId, programName, decoded }) => {
    if (
      (programId === JUPITER_V6_PROGRAM || programId === JUPITERZ_ORDER_ENGINE) &&
      decoded.kind === 'other' &&
      decoded.name === 'swap'
    ) {
      return [
        `Instruction ${index + 1} is a ${programName} swap whose amounts the wallet cannot read, so nothing says what the network would refuse. ${UNPROTECTED}`,
      ];
    }
    if (isAllowedProgram(programId, facts.allowJupiter)) return [];
    const which =
      programName === 'Unknown program'
        ? `a program the wallet does not know (${shortAddress(programId)})`
        : `the ${programName} program (${shortAddress(programId)})`;
    return [
      `Instruction ${index + 1} calls ${which}, whose swap bound the wallet cannot read, so nothing says what the network would refuse. ${UNPROTECTED}`,
    ];
  });
}

function positiveSlippage(facts: ReviewFacts): string[] {
  return facts.instructions.flatMap(({ index, decoded }) =>
    decoded.kind === 'jupiterRoute' && decoded.positiveSlippageBps > 0
      ? [
          `Instruction ${index + 1} would give ${decoded.positiveSlippageBps / 100}% of anything you receive above the quote to the swap service, which you did not agree to.`,
        ]
      : [],
  );
}

/**
 * What reaches the output under the worst case the chain allows. With a chosen destination, a
 * fixed forward out of the person's own account (an output-side fee paid first) may draw on
 * what they already held of the output token when the swap delivers less: that comes off what
 * the destination gets, so the end is judged as the destination's gain less that draw.
 */
function guaranteedOutput(facts: ReviewFacts, worst: WorstCase): bigint {
  const { intent } = facts;
  const target = facts.expectedDestination;
  const own = worst.user.get(intent.outputMint) ?? 0n;
  // A SOL payment: the swap pays the person's wrapped SOL, unwrapped, then a fixed SystemProgram
  // transfer pays the recipient (the payment rule checks it); the swap's end is the person's.
  if (intent.payment?.kind === 'transfer' && intent.payment.native === true) return own;
  if (!isUserAccount(facts, target))
    return (worst.accounts.get(target) ?? 0n) + (own < 0n ? own : 0n);
  return own;
}

/**
 * An aggregator route paying a token the network could not resolve (its mint an unresolved
 * lookup-table entry): its bound is read from its own arguments, as the program computes it
 * (⌊quoted_out_amount × (10,000 − slippage_bps) / 10,000⌋), and said so, rather than as "only 0
 * USDC arrived", which the arguments do not say (issue 32, the real DexSato /order).
 */
function unresolvedOutputs(facts: ReviewFacts, accepted: string): string[] {
  return facts.instructions.flatMap(({ index, decoded }) => {
    if (decoded.kind !== 'jupiterRoute' || decoded.swapMode !== 'ExactIn') return [];
    const entry = unresolvedEntry(decoded.destinationMint);
    if (entry === null) return [];
    const { quotedAmount: quoted, slippageBps: bps } = decoded;
    return [
      `Instruction ${index + 1} (${decoded.name}) makes the network refuse it if ${shortAddress(decoded.destination)} would receive less than ${decoded.bound} base units (its quoted_out_amount ${quoted} less its slippage_bps ${bps}: ${quoted} × (10,000 − ${bps}) / 10,000), but of the token of ${unresolvedWords(entry)}, so the wallet cannot tell that they are the ${accepted}.`,
    ];
  });
}

/** A route's middle that could take tokens the person already held (see the file comment). */
function loseMiddles(facts: ReviewFacts, worst: WorstCase): string[] {
  const { intent, tokens } = facts;
  const problems: string[] = [];
  for (const [mint, change] of worst.user) {
    // Both ends are the input and output checks'.
    if (change >= 0n || mint === intent.inputMint || mint === intent.outputMint) continue;
    const held = heldBefore(facts, mint);
    if (held === 0n) continue; // the network refuses it rather than take what is not there
    const atRisk = -change < held ? -change : held;
    problems.push(
      `Its swap instructions do not pin the middle of the route: if prices moved before it lands, it could take up to ${formatToken(atRisk, mint, tokens)} of the ${tokenName(mint, tokens)} you already hold.`,
    );
  }
  return problems;
}

export function onchainBoundRule(facts: ReviewFacts): GuardVerdict {
  const { intent, tokens } = facts;
  const problems = [...unreadableSwaps(facts), ...positiveSlippage(facts)];
  const legs = swapLegs(facts);
  if (legs.length === 0) {
    return problems.length > 0
      ? { rule: 'onchain-bound', ok: false, reason: problems.join(' ') }
      : {
          rule: 'onchain-bound',
          ok: true,
          reason:
            'Its amounts are written in its instructions: no pool price decides them when it lands.',
        };
  }
  const worst = worstCase(facts, legs);
  const bound = walletBound(intent);
  const exactIn = intent.swapMode === 'ExactIn';
  const spent = -(worst.user.get(intent.inputMint) ?? 0n);
  const spendCap = exactIn ? intent.amount : bound;
  const inMoney = (amount: bigint) => formatToken(amount, intent.inputMint, tokens);
  const outMoney = (amount: bigint) => formatToken(amount, intent.outputMint, tokens);
  const slippage = `${(intent.slippageBps / 100).toFixed(2)}%`;
  // An exact-input payment (issue 22) has no slippage of the person's at this end: its floor is
  // the amount the transfer must pay, and its input the amount the plan sized.
  const payment = exactIn && intent.payment?.kind === 'transfer';
  const floorWords = payment ? 'this payment must deliver' : `your slippage of ${slippage} allows`;
  const inputWords = payment ? 'the payment plan spends' : 'you entered';
  // A bound split over parallel legs (one hop through several pools) is shared out leg by leg
  // and each share rounded: up to one base unit per extra leg, never more.
  const inputLegs = legs.filter((leg) => leg.inputMint === intent.inputMint).length;
  const outputLegs = legs.filter((leg) => leg.outputMint === intent.outputMint).length;
  const spendSlack = BigInt(Math.max(inputLegs - 1, 0));
  const outputSlack = BigInt(Math.max(outputLegs - 1, 0));
  if (!worst.unmeasured.has(intent.inputMint) && spent > spendCap + spendSlack) {
    problems.push(
      exactIn
        ? `Its swap instructions would take up to ${inMoney(spent)} from you, more than the ${inMoney(spendCap)} ${inputWords}.`
        : `Its swap instructions would let the network take up to ${inMoney(spent)} from you, more than the ${inMoney(spendCap)} your slippage of ${slippage} allows. ${UNPROTECTED}`,
    );
  }
  const arrives = guaranteedOutput(facts, worst);
  const floor = exactIn ? bound : intent.amount;
  const unresolved = unresolvedOutputs(facts, `${outMoney(floor)} ${floorWords}`);
  problems.push(...unresolved);
  if (
    unresolved.length === 0 &&
    intent.inputMint !== intent.outputMint &&
    arrives + (exactIn ? outputSlack : 0n) < floor
  ) {
    problems.push(
      exactIn
        ? `Its swap instructions would let the network complete this swap even if only ${outMoney(arrives)} arrived, less than the ${outMoney(floor)} ${floorWords}. ${UNPROTECTED}`
        : `Its swap instructions make sure of only ${outMoney(arrives)} arriving, not the exact ${outMoney(floor)} asked for.`,
    );
  }
  problems.push(...loseMiddles(facts, worst));
  if (problems.length > 0) return { rule: 'onchain-bound', ok: false, reason: problems.join(' ') };
  const toOther = !isUserAccount(facts, facts.expectedDestination);
  return {
    rule: 'onchain-bound',
    ok: true,
    reason: exactIn
      ? `The network refuses this swap if ${toOther ? `the destination ${shortAddress(facts.expectedDestination)} would` : 'you would'} receive less than ${outMoney(arrives)}.`
      : `The network refuses this swap if you would pay more than ${inMoney(spent)}.`,
  };
}
