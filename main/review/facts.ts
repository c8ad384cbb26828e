/**
 * What the guard judges: the decoded message and instructions, the account states before and
 * after the simulation, and who owns what. Built once per review so that every rule reads the
 * same facts; the rules are pure functions of them (see guard-*.ts).
 */
import type { Address } from '../shared/address';
import type { AccountState } from './account-state';
import type { DecodedMessage } from './message';
import type {
  NetworkFee,
  ReviewedInstruction,
  SimulationSummary,
  SwapIntent,
  TokenWarning,
} from './types';
import type { ServiceTerms } from './service-terms';
import type { TokenBook } from './words';

/** How many blocks past its own a blockhash stays valid (MAX_PROCESSING_AGE on validators). */
export const BLOCKHASH_VALIDITY_BLOCKS = 150;

export interface ReviewFacts {
  user: Address;
  intent: SwapIntent;
  message: DecodedMessage;
  instructions: ReviewedInstruction[];
  /** Before the transaction: every account of the message plus the intent's accounts. */
  pre: ReadonlyMap<string, AccountState | null>;
  /** After the simulation (writable accounts); null when the simulation failed. */
  post: ReadonlyMap<string, AccountState | null> | null;
  simulation: SimulationSummary;
  networkFee: NetworkFee;
  blockHeight: number;
  /** What the swap service said: the last block height its blockhash is valid at. */
  claimedLastValidBlockHeight: number;
  /**
   * The wallet's own: never before the latest height any blockhash read now can be valid at
   * (the network's height + 150), so that a service claiming an early expiry cannot make the
   * wallet call a transaction expired while it can still land (blockhashRule).
   */
  lastValidBlockHeight: number;
  allowJupiter: boolean;
  tokens: TokenBook;
  /** The account the output must reach (the intent's destination or the user's ATA). */
  expectedDestination: Address;
  /** What the tokens the transaction touches can do to the person. */
  tokenWarnings: TokenWarning[];
  /** What the network's swap service may take besides the swap (service-terms.ts). */
  terms: ServiceTerms;
  /** Co-signers who sign after the person (an /order market maker); empty for most swaps. */
  awaitedCosigners?: ReadonlySet<string>;
  /** A fee payer that signed before the person (a merchant, issue 34); else absent. */
  signedFeePayer?: Address;
  /** When each token's first pool was created, ms (ReviewInput.firstPools); absent: unknown. */
  firstPools?: ReadonlyMap<string, number | null>;
  /** The review's own clock (ms), against which a token's age is judged; default: now. */
  reviewedAt?: number;
  /** The mints met, as read at review time (guard-extensions.ts: paused, transfer hook). */
  mintStates?: ReadonlyMap<string, AccountState | null>;
}

/**
 * A co-signer's signature counts as given when it is valid on these bytes, or when it is
 * missing and the co-signer is one the service says signs after the person (guard-awaited.ts
 * then holds it to being the swap's counterparty).
 */
export function signsFor(
  facts: Pick<ReviewFacts, 'awaitedCosigners'>,
  entry: ReviewFacts['message']['signatures'][number],
): boolean {
  return (
    entry.state === 'valid' ||
    (entry.state === 'missing' && facts.awaitedCosigners?.has(entry.signer) === true)
  );
}

/** The state after the transaction when simulated, else before. */
export function stateAfter(facts: ReviewFacts, address: string): AccountState | null {
  if (facts.post?.has(address)) return facts.post.get(address) ?? null;
  return facts.pre.get(address) ?? null;
}

/**
 * The wallet owner of an account: itself for a system account, the token owner for a token
 * account, judged on the state before the transaction (or after, for an account it creates), so
 * that a transaction handing an account to someone else still counts it as the person's.
 */
export function walletOwnerOf(facts: ReviewFacts, address: string): string | null {
  const before = facts.pre.get(address);
  const state = before ?? stateAfter(facts, address);
  if (state?.token) return state.token.owner;
  if (state) return null;
  return createdInTransaction(facts, address)?.owner ?? null;
}

/**
 * The token accounts this transaction's instructions open (and perhaps close again, like a
 * temporary wSOL account, so that neither state shows them), with the owner and mint the
 * creating instruction names. The token program (or the aggregator's `create_token_account`,
 * which opens it through the token program for the `user` it names) sets them, so they are what
 * the account was. The first instruction naming an account wins.
 */
export function openedByInstructions(
  facts: ReviewFacts,
): Map<string, { owner: string; mint: Address }> {
  const opened = new Map<string, { owner: string; mint: Address }>();
  for (const { decoded } of facts.instructions) {
    if (
      (decoded.kind === 'ataCreate' ||
        decoded.kind === 'tokenInitializeAccount' ||
        decoded.kind === 'jupiterCreateTokenAccount') &&
      !opened.has(decoded.account)
    ) {
      opened.set(decoded.account, { owner: decoded.owner, mint: decoded.mint });
    }
  }
  return opened;
}

function createdInTransaction(
  facts: ReviewFacts,
  address: string,
): { owner: string; mint: Address } | null {
  return openedByInstructions(facts).get(address) ?? null;
}

/** True for the user's own system account and the token accounts the user owns. */
export function isUserAccount(facts: ReviewFacts, address: string): boolean {
  return address === facts.user || walletOwnerOf(facts, address) === facts.user;
}

/** The mint of a token account (before, else after, else its creating instruction), or null. */
export function mintOf(facts: ReviewFacts, address: string): Address | null {
  const state = facts.pre.get(address)?.token ?? stateAfter(facts, address)?.token;
  return state?.mint ?? createdInTransaction(facts, address)?.mint ?? null;
}

/**
 * The account the aggregator's route pays the swap service's own stated fee into (an /order's
 * Jupiter fee, SwapIntent.serviceFee), or null: no such fee, or an integrator fee is set.
 */
export function serviceFeeAccount(facts: ReviewFacts): Address | null {
  if (feeConfigured(facts.intent) || !facts.intent.serviceFee) return null;
  for (const { decoded } of facts.instructions) {
    if (decoded.kind === 'jupiterRoute' && decoded.platformFeeBps > 0) {
      return decoded.platformFeeAccount;
    }
  }
  return null;
}

/** The platform fee is expected only with a fee account and a fee in the quote. */
export function feeConfigured(intent: SwapIntent): boolean {
  return intent.feeAccount !== null && intent.platformFee !== null && intent.platformFee.feeBps > 0;
}
