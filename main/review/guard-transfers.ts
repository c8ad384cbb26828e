/**
 * Guard rules over the moves the instructions spell out: tokens leaving the person's accounts
 * for third parties, SOL leaving their account beyond fees and rent, and the priority fee.
 */
import { payoutShortfall } from './counterparty';
import { isUserAccount, mintOf, type ReviewFacts } from './facts';
import { solToOthers, tipAllowance, tipFlows, tokenFlows } from './flows';
import type { GuardVerdict } from './types';
import { formatSol, formatToken, shortAddress, tokenName } from './words';

/** Tokens from the user's accounts go only to the swap (or the platform fee). */
export function transfersRule(facts: ReviewFacts): GuardVerdict {
  const problems: string[] = [];
  for (const flow of tokenFlows(facts)) {
    if (!flow.userSourced || !flow.thirdParty) continue;
    // The platform fee, taken from the input or paid out of the output the person received, is
    // the one move to a third party the person agreed to; the fee-account rule checks where it
    // goes and how much it is.
    const { inputMint, outputMint } = facts.intent;
    if (flow.feeCandidate && (flow.mint === inputMint || flow.mint === outputMint)) continue;
    const table =
      flow.recipientTable === null
        ? ''
        : ` (that address was tucked into lookup table ${shortAddress(flow.recipientTable)})`;
    // A co-signer paying a token gesture is named with what it pays (issue 32).
    const short = payoutShortfall(facts, flow.destination);
    const who =
      short === null
        ? 'an address that is not part of the swap'
        : `an address that is not part of the swap: ${shortAddress(short.party)} ${short.words}, so it is not your swap's counterparty`;
    problems.push(
      `This transaction would move ${formatToken(flow.amount, flow.mint, facts.tokens)} from your account to ${shortAddress(flow.destination)}, ${who}${table}.`,
    );
  }
  for (const { decoded } of facts.instructions) {
    if (
      decoded.kind === 'tokenBurn' &&
      (isUserAccount(facts, decoded.account) || decoded.owner === facts.user)
    ) {
      problems.push(
        `This transaction would destroy (burn) ${formatToken(decoded.amount, mintOf(facts, decoded.account) ?? decoded.mint, facts.tokens)} from your ${tokenName(decoded.mint, facts.tokens)} account.`,
      );
    }
  }
  return problems.length === 0
    ? {
        rule: 'transfers',
        ok: true,
        reason: 'Tokens leave your accounts only for the swap itself.',
      }
    : { rule: 'transfers', ok: false, reason: problems.join(' ') };
}

/**
 * SOL from the user's account goes only to the user's own accounts, or as a tip to one of the
 * service's published tip accounts within the priority cap (service-terms.ts). A transfer to any
 * other address is refused whatever its size: "a tip" is no reason to pay a stranger.
 */
export function solTransferRule(facts: ReviewFacts): GuardVerdict {
  const flows = solToOthers(facts);
  const strangers = flows.filter((flow) => !facts.terms.tipAccounts.has(flow.to));
  const tips = tipFlows(facts);
  const tipTotal = tips.reduce((sum, flow) => sum + flow.lamports, 0n);
  const problems: string[] = [];
  if (strangers.length > 0) {
    const total = strangers.reduce((sum, flow) => sum + flow.lamports, 0n);
    const to = [...new Set(strangers.map((flow) => shortAddress(flow.to)))].join(', ');
    problems.push(
      `This transaction would send ${formatSol(total)} from your account to ${to}, which is not part of the swap.`,
    );
  }
  if (tipTotal > tipAllowance(facts)) {
    problems.push(
      `It would pay a tip of ${formatSol(tipTotal)}, more than the ${formatSol(tipAllowance(facts))} left of the priority fee you allowed.`,
    );
  }
  if (problems.length > 0) return { rule: 'sol-transfer', ok: false, reason: problems.join(' ') };
  if (tipTotal === 0n) {
    return {
      rule: 'sol-transfer',
      ok: true,
      reason:
        'SOL leaves your account only for the network fee, rent of your own accounts and wrapping.',
    };
  }
  const to = [...new Set(tips.map((flow) => shortAddress(flow.to)))].join(', ');
  return {
    rule: 'sol-transfer',
    ok: true,
    reason: `${formatSol(tipTotal)} goes to ${to}, a published tip account, as a priority tip within the priority fee you allowed.`,
  };
}

/** The compute-unit priority fee stays within what the person allowed. */
export function priorityFeeRule(facts: ReviewFacts): GuardVerdict {
  const { priorityLamports, computeUnitLimit, computeUnitPriceMicroLamports } = facts.networkFee;
  if (!facts.networkFee.paidByYou) {
    // A gasless order's payer pays it (feePayerRule says who): the person's cap is not drawn on.
    return {
      rule: 'priority-fee',
      ok: true,
      reason: `The priority fee of ${formatSol(priorityLamports)} is paid by ${shortAddress(facts.networkFee.paidBy)}, not from your SOL.`,
    };
  }
  const cap = facts.intent.maxPriorityFeeLamports;
  // The swap service turns a lamport budget into a per-unit price rounded up, and reports the
  // budget (the floor of limit × price); the runtime charges the ceiling. So a transaction built
  // for exactly the cap costs up to one lamport more than the cap (the shared real transaction:
  // 1,400,000 units at 51,664 µlamports, reported as 72,329 lamports, charged 72,330). The cap
  // is held to the service's figure, so an honest transaction at the cap is not refused.
  const servicesFigure = (BigInt(computeUnitLimit) * computeUnitPriceMicroLamports) / 1_000_000n;
  if (servicesFigure <= cap) {
    return {
      rule: 'priority-fee',
      ok: true,
      reason: `The priority fee is ${formatSol(priorityLamports)}, within the ${formatSol(cap)} you allowed.`,
    };
  }
  return {
    rule: 'priority-fee',
    ok: false,
    reason: `The priority fee would be ${formatSol(priorityLamports)}, above the ${formatSol(cap)} you allowed.`,
  };
}

/** The swap's output goes to the expected destination and nowhere else. */
export function destinationRule(facts: ReviewFacts): GuardVerdict {
  const { intent, tokens } = facts;
  const expected = facts.expectedDestination;
  const explicit = intent.destinationTokenAccount !== null;
  const problems: string[] = [];
  const heldMint = mintOf(facts, expected);
  if (heldMint !== null && heldMint !== intent.outputMint) {
    problems.push(
      `The destination ${shortAddress(expected)} holds ${tokenName(heldMint, tokens)}, not ${tokenName(intent.outputMint, tokens)}.`,
    );
  }
  const target = explicit
    ? `the destination you chose (${shortAddress(expected)})`
    : 'your account';
  for (const flow of tokenFlows(facts)) {
    if (flow.userSourced || flow.mint !== intent.outputMint || flow.destination === expected)
      continue;
    const strayToStranger = flow.thirdParty && !flow.feeCandidate;
    // A payment through the payer's account (issue 5) swaps into it first, then pays on.
    const throughPayer = intent.payment?.kind === 'transfer' && intent.payment.throughPayer;
    const strayToUser = explicit && !throughPayer && isUserAccount(facts, flow.destination);
    if (strayToStranger || strayToUser) {
      problems.push(
        `${formatToken(flow.amount, flow.mint, tokens)} of the swap's output would go to ${shortAddress(flow.destination)} instead of ${target}.`,
      );
    }
  }
  problems.push(...swapProgramPayees(facts, target));
  return problems.length === 0
    ? { rule: 'destination', ok: true, reason: `The output goes to ${target}.` }
    : { rule: 'destination', ok: false, reason: problems.join(' ') };
}

/**
 * A swap program pays inside its own instruction, where no top-level transfer shows it; but a
 * CP-Swap, AMM v4 or CLMM swap names the account it pays (its output account, decode-cp-swap.ts,
 * decode-amm-v4.ts, decode-clmm.ts). Every hop must
 * pay the person's own account (an intermediate, or their output account before a forward) or
 * the destination: a hop paying anyone else is a redirect, refused with the stranger named,
 * however small, even one the slippage bound alone would let through.
 */
function swapProgramPayees(facts: ReviewFacts, target: string): string[] {
  const problems: string[] = [];
  for (const { decoded } of facts.instructions) {
    if (decoded.kind !== 'cpSwap' && decoded.kind !== 'ammV4Swap' && decoded.kind !== 'clmmSwap')
      continue;
    const payee = decoded.destination;
    if (payee === facts.expectedDestination || isUserAccount(facts, payee)) continue;
    const [venue, mint] =
      decoded.kind === 'cpSwap'
        ? ['CP-Swap', decoded.outputMint]
        : decoded.kind === 'clmmSwap'
          ? ['CLMM', decoded.outputMint]
          : ['Raydium AMM v4', mintOf(facts, payee)];
    const token = mint === null ? 'output' : tokenName(mint, facts.tokens);
    problems.push(
      `Its ${venue} swap would pay its ${token} to ${shortAddress(payee)} instead of ${target}.`,
    );
  }
  return problems;
}
