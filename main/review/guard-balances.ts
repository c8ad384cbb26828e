/**
 * Guard rules over the simulated outcome (outcome.ts): the test run succeeded, the person
 * spends no more than the quote's bound, receives at least the minimum (ExactIn) or exactly
 * the amount (ExactOut) where they asked, and no other balance of theirs drops. Rules that
 * need the simulation's post-state are left out (not passed) when it failed: the simulation
 * rule refuses then.
 */
import type { ReviewFacts } from './facts';
import type { Outcome } from './outcome';
import { NATIVE_MINT } from './program-ids';
import type { GuardVerdict } from './types';
import { formatToken, shortAddress, tokenName } from './words';

export function simulationRule(facts: ReviewFacts): GuardVerdict {
  const { simulation } = facts;
  if (simulation.ok) {
    const units =
      simulation.unitsConsumed === null ? '' : ` (${simulation.unitsConsumed} compute units)`;
    return {
      rule: 'simulation',
      ok: true,
      reason: `The network's test run of this transaction succeeded${units}.`,
    };
  }
  return {
    rule: 'simulation',
    ok: false,
    reason: `The network's test run of this transaction failed: ${simulation.reason ?? 'no reason given'}`,
  };
}

/** The balance rules over a simulated outcome. */
export function balanceRules(facts: ReviewFacts, result: Outcome): GuardVerdict[] {
  return [inputSpend(facts, result), output(facts, result), otherTokens(facts, result)];
}

function inputSpend(facts: ReviewFacts, { spend }: Outcome): GuardVerdict {
  const { intent, tokens } = facts;
  const exactIn = intent.swapMode === 'ExactIn';
  const bound = exactIn ? intent.amount : intent.otherAmountThreshold;
  const money = (amount: bigint) => formatToken(amount, intent.inputMint, tokens);
  if (spend <= bound) {
    return {
      rule: 'input-spend',
      ok: true,
      reason: `You pay ${money(spend)}, within the ${money(bound)} the quote allows.`,
    };
  }
  const what = exactIn ? 'the amount you entered' : 'the most the quote allows with your slippage';
  return {
    rule: 'input-spend',
    ok: false,
    reason: `This transaction would take ${money(spend)} from you, more than ${money(bound)} (${what}).`,
  };
}

function output(facts: ReviewFacts, { received }: Outcome): GuardVerdict {
  const { intent, tokens } = facts;
  const money = (amount: bigint) => formatToken(amount, intent.outputMint, tokens);
  const where =
    intent.destinationTokenAccount === null
      ? 'you'
      : `the destination ${shortAddress(intent.destinationTokenAccount)}`;
  if (intent.swapMode === 'ExactIn') {
    return received >= intent.otherAmountThreshold
      ? {
          rule: 'output',
          ok: true,
          reason: `${where === 'you' ? 'You receive' : `${where} receives`} ${money(received)}, at least the minimum of ${money(intent.otherAmountThreshold)}.`,
        }
      : {
          rule: 'output',
          ok: false,
          reason: `${where === 'you' ? 'You would receive' : `${where} would receive`} ${money(received)}, less than the minimum of ${money(intent.otherAmountThreshold)} the quote promised.`,
        };
  }
  return received === intent.amount
    ? {
        rule: 'output',
        ok: true,
        reason: `Exactly ${money(intent.amount)} arrives at ${where === 'you' ? 'your account' : where}.`,
      }
    : {
        rule: 'output',
        ok: false,
        reason: `${money(received)} would arrive at ${where === 'you' ? 'your account' : where} instead of exactly ${money(intent.amount)}.`,
      };
}

function otherTokens(facts: ReviewFacts, { deltas, nativeSwap }: Outcome): GuardVerdict {
  const { intent, tokens } = facts;
  const problems: string[] = [];
  const defaultDestination = intent.destinationTokenAccount === null;
  for (const [mint, delta] of deltas.byMint) {
    if (delta >= 0n || mint === intent.inputMint) continue;
    if (mint === intent.outputMint && defaultDestination) continue; // the output rule's
    problems.push(
      `Your ${tokenName(mint, tokens)} balance would drop by ${formatToken(-delta, mint, tokens)}, though this swap does not pay with ${tokenName(mint, tokens)}.`,
    );
  }
  const solIsInput = intent.inputMint === NATIVE_MINT;
  const solIsOutput = intent.outputMint === NATIVE_MINT && defaultDestination;
  if (!solIsInput && !solIsOutput && nativeSwap < 0n) {
    problems.push(
      `Your SOL would drop by ${formatToken(-nativeSwap, NATIVE_MINT, tokens)} beyond the network fee and rent, though this swap does not pay with SOL.`,
    );
  }
  return problems.length === 0
    ? { rule: 'other-tokens', ok: true, reason: 'No other balance of yours goes down.' }
    : { rule: 'other-tokens', ok: false, reason: problems.join(' ') };
}
