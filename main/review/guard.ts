/**
 * The guard: every rule's verdict over one set of review facts, in the order a person reads
 * them (who signs and pays, what the instructions do, what the simulation shows).
 */
import type { ReviewFacts } from './facts';
import { balanceRules, simulationRule } from './guard-balances';
import { authorityRule } from './guard-authority';
import { onchainBoundRule } from './guard-bound';
import { custodyRule } from './guard-custody';
import { feeAccountRule } from './guard-fee';
import {
  blockhashRule,
  durableNonceRule,
  feePayerRule,
  lookupTablesRule,
  programsRule,
  signersRule,
} from './guard-message';
import { awaitedSignersRule } from './guard-awaited';
import {
  destinationRule,
  priorityFeeRule,
  solTransferRule,
  transfersRule,
} from './guard-transfers';
import { swapOutcome } from './outcome';
import type { GuardVerdict } from './types';

/**
 * Runs every rule. Balance rules are absent when the simulation failed (the simulation verdict
 * refuses then), so "accepted" must be read as: every verdict ok and the simulation ok.
 */
export function runGuard(facts: ReviewFacts): GuardVerdict[] {
  const outcome = swapOutcome(facts);
  return [
    feePayerRule(facts),
    signersRule(facts),
    ...awaitedSignersRule(facts),
    blockhashRule(facts),
    durableNonceRule(facts),
    lookupTablesRule(facts),
    programsRule(facts),
    authorityRule(facts),
    transfersRule(facts),
    solTransferRule(facts),
    custodyRule(facts, outcome?.deltas ?? null),
    priorityFeeRule(facts),
    destinationRule(facts),
    onchainBoundRule(facts),
    simulationRule(facts),
    ...(outcome === null ? [] : [...balanceRules(facts, outcome), feeAccountRule(facts, outcome)]),
  ];
}
