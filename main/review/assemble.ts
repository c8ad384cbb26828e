/**
 * The pure half of the review: from what was read (the decoded message, account states
 * before and after, the block height) to the facts the guard judges and the report. No I/O
 * here, so unit tests drive it with states they build.
 */
import { createHash } from 'node:crypto';
import type { Address } from '../shared/address';
import type { AccountState } from './account-state';
import { balanceChanges } from './balances';
import { tokenWarnings } from './token-warnings';
import { scaledAmountWarnings, scaledConfigs } from './scaled-warning';
import { multiplierAt } from '../shared/scaled-amount';
import { decodeInstruction } from './decode-instruction';
import { describeInstruction } from './describe';
import { BLOCKHASH_VALIDITY_BLOCKS, mintOf, type ReviewFacts } from './facts';
import { runGuard } from './guard';
import { paymentRules } from './guard-payment';
import { extensionRules } from './guard-extensions';
import { networkFee } from './network-fee';
import { programName } from './program-ids';
import { rentPaid } from './rent';
import { MAINNET_TERMS, type ServiceTerms } from './service-terms';
import type { ReviewedInstruction, ReviewReport } from './types';
import type { TokenInfo } from './words';

/** What the review is given: the facts it reads as given, and what it derives the rest from. */
export interface FactsInput extends Pick<
  ReviewFacts,
  | 'user'
  | 'intent'
  | 'message'
  | 'pre'
  | 'post'
  | 'simulation'
  | 'blockHeight'
  | 'allowJupiter'
  | 'expectedDestination'
> {
  /** What the swap service said: the last block height its blockhash is valid at. */
  lastValidBlockHeight: number;
  /** States of the mints met (for decimals); may include any other account. */
  mintStates: ReadonlyMap<string, AccountState | null>;
  tokenSymbols?: Record<string, string>;
  programLabels?: Record<string, string>;
  /** What the swap service may take besides the swap; mainnet's (the strictest) by default. */
  terms?: ServiceTerms;
  /** Co-signers who sign after the person (ReviewInput.awaitedCosigners). */
  awaitedCosigners?: readonly Address[];
  /** A fee payer that signed before the person (ReviewInput.signedFeePayer). */
  signedFeePayer?: Address;
  /** When each token's first pool was created, ms (ReviewInput.firstPools). */
  firstPools?: ReadonlyMap<string, number | null>;
  /** The review's clock (ms); default: now. */
  reviewedAt?: number;
}

/** Decodes the instructions, prices the network fee and gathers the facts. */
export function assembleFacts(input: FactsInput): ReviewFacts {
  const tokens = new Map<string, TokenInfo>();
  const reviewedAt = input.reviewedAt ?? Date.now();
  const scaled = scaledConfigs(input.mintStates);
  for (const [address, state] of input.mintStates) {
    if (state === null || state.mintDecimals === null) continue;
    const config = scaled.get(address);
    tokens.set(address, {
      decimals: state.mintDecimals,
      symbol: input.tokenSymbols?.[address] ?? null,
      ...(config ? { multiplier: multiplierAt(config, reviewedAt / 1000) } : {}),
    });
  }
  const labels = input.programLabels ?? {};
  const instructions: ReviewedInstruction[] = input.message.instructions.map((raw, index) => ({
    index,
    programId: raw.programId,
    programName: programName(raw.programId, labels),
    decoded: decodeInstruction(
      raw.programId,
      raw.data,
      raw.accounts.map((a) => a.address),
    ),
    summary: '',
    accounts: raw.accounts,
  }));
  const facts: ReviewFacts = {
    user: input.user,
    intent: input.intent,
    message: input.message,
    instructions,
    pre: input.pre,
    post: input.post,
    simulation: input.simulation,
    networkFee: networkFee(input.message.signatures.length, instructions, {
      feePayer: input.message.feePayer,
      user: input.user,
    }),
    blockHeight: input.blockHeight,
    claimedLastValidBlockHeight: input.lastValidBlockHeight,
    lastValidBlockHeight: Math.max(
      input.lastValidBlockHeight,
      input.blockHeight + BLOCKHASH_VALIDITY_BLOCKS,
    ),
    allowJupiter: input.allowJupiter,
    tokens,
    expectedDestination: input.expectedDestination,
    tokenWarnings: [
      ...tokenWarnings(input.mintStates, tokens),
      ...scaledAmountWarnings(scaled, tokens, reviewedAt),
    ],
    terms: input.terms ?? MAINNET_TERMS,
    awaitedCosigners: new Set(input.awaitedCosigners ?? []),
    ...(input.signedFeePayer === undefined ? {} : { signedFeePayer: input.signedFeePayer }),
    firstPools: input.firstPools ?? new Map(),
    reviewedAt,
    mintStates: input.mintStates,
  };
  for (const instruction of instructions) {
    instruction.summary = describeInstruction(
      instruction.decoded,
      instruction.programName,
      tokens,
      (account) => mintOf(facts, account),
    );
  }
  return facts;
}

/** Runs the guard over `facts` and writes the report. */
export function reportOf(facts: ReviewFacts): ReviewReport {
  const { message } = facts;
  const verdicts = [...runGuard(facts), ...paymentRules(facts), ...extensionRules(facts)];
  const refusals = verdicts.filter((v) => !v.ok).map((v) => v.reason);
  return {
    accepted: refusals.length === 0 && facts.simulation.ok,
    verdicts,
    refusals,
    format: message.format,
    messageBase64: Buffer.from(message.messageBytes).toString('base64'),
    messageSha256: createHash('sha256').update(message.messageBytes).digest('hex'),
    feePayer: message.feePayer,
    recentBlockhash: message.recentBlockhash,
    lastValidBlockHeight: facts.lastValidBlockHeight,
    signatures: message.signatures,
    lookupTables: message.lookupTables,
    accounts: message.accounts,
    instructions: facts.instructions,
    simulation: facts.simulation,
    networkFee: facts.networkFee,
    rentLamports: rentPaid(facts),
    balanceChanges: balanceChanges(facts),
    tokenWarnings: facts.tokenWarnings,
  };
}
