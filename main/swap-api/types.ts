/**
 * What the swap API client takes and gives. Amounts are bigint base units; addresses are
 * branded; the raw quote text is kept so POST /swap can send it back exactly as received.
 */
import type { Address } from '../shared/address';

export type SwapMode = 'ExactIn' | 'ExactOut';

/** GET /quote parameters (SWAP-API-SPEC 4.1). Undefined means "not sent" (the service default). */
export interface QuoteParams {
  inputMint: Address;
  outputMint: Address;
  /** Base units: the input amount (ExactIn) or the exact output amount (ExactOut). */
  amount: bigint;
  /** Default 50 on the service unless autoSlippage is true. */
  slippageBps?: number;
  /** Default ExactIn. */
  swapMode?: SwapMode;
  /** Venue labels to use, sent comma-separated. */
  dexes?: readonly string[];
  /** Venue labels to avoid, sent comma-separated. */
  excludeDexes?: readonly string[];
  restrictIntermediateTokens?: boolean;
  onlyDirectRoutes?: boolean;
  asLegacyTransaction?: boolean;
  /** Must be set here for a fee to be taken at /swap (with feeAccount there). */
  platformFeeBps?: number;
  /** Not allowed with ExactOut (the service rejects the pair). */
  maxAccounts?: number;
  autoSlippage?: boolean;
  maxAutoSlippageBps?: number;
  autoSlippageCollisionUsdValue?: number;
}

export interface PlatformFee {
  amount: bigint;
  feeBps: number;
}

/**
 * One route step. Today's service may leave out the venue's name and the step's venue fee
 * (deprecated in 2025, nullable in the swap/v1 schema): null here, and the screen says so.
 */
export interface RouteHop {
  ammKey: Address;
  /** Venue name, e.g. "Whirlpool"; null when the service did not name it. */
  label: string | null;
  inputMint: Address;
  outputMint: Address;
  inAmount: bigint;
  outAmount: bigint;
  /** The venue's fee for this step; null when the service did not report it. */
  feeAmount: bigint | null;
  feeMint: Address | null;
  /** Share of the token this step spends, in basis points (from `bps`, else `percent`). */
  shareBps: number;
}

/** A validated quote. `raw` is the exact JSON text the service sent (see swap()). */
export interface Quote {
  inputMint: Address;
  outputMint: Address;
  inAmount: bigint;
  outAmount: bigint;
  /**
   * ExactIn: minimum received. ExactOut: maximum spent. Never looser than the wallet's own
   * bound, computed from the quote's amount and the slippage the person chose
   * (swap-api/slippage-bound.ts): a quote whose bound is looser is refused when it arrives.
   */
  otherAmountThreshold: bigint;
  swapMode: SwapMode;
  slippageBps: number;
  platformFee: PlatformFee | null;
  /** As sent (numeric text; units not fixed by the spec). */
  priceImpactPct: string;
  routePlan: RouteHop[];
  /** The slot the quote was computed at; null when the service left it out. */
  contextSlot: number | null;
  /** Seconds, per API-NOTES; null when the service left it out. */
  timeTaken: number | null;
  /** Set when autoSlippage was requested and the service computed one. */
  computedAutoSlippage: number | null;
  swapUsdValue: string | null;
  /** Clock reading (ms since epoch, from the injected `now`) when the answer arrived. */
  receivedAt: number;
  /** Set when the service's rate limit made the wallet wait before this answer (ms). */
  rateLimitWaitMs?: number;
  /** The response body exactly as received; POST /swap sends this text back verbatim. */
  raw: string;
}

export type PriorityLevel = 'medium' | 'high' | 'veryHigh';

/** The forms of `prioritizationFeeLamports` (API-NOTES). Lamports are bigint. */
export type PrioritizationFee =
  | bigint
  | 'auto'
  | { priorityLevelWithMaxLamports: { priorityLevel: PriorityLevel; maxLamports: bigint } }
  | { jitoTipLamports: bigint };

/** POST /swap (and /swap-instructions) body fields (SWAP-API-SPEC 4.2 plus API-NOTES). */
export interface SwapRequest {
  quote: Quote;
  userPublicKey: Address;
  wrapAndUnwrapSol?: boolean;
  useSharedAccounts?: boolean;
  feeAccount?: Address;
  trackingAccount?: Address;
  prioritizationFeeLamports?: PrioritizationFee;
  /** Alternative to prioritizationFeeLamports; the two together are rejected. */
  computeUnitPriceMicroLamports?: bigint;
  asLegacyTransaction?: boolean;
  useTokenLedger?: boolean;
  destinationTokenAccount?: Address;
  dynamicComputeUnitLimit?: boolean;
  skipUserAccountsRpcCalls?: boolean;
  /** Let the service tune slippage at build time, bounded by maxBps. */
  dynamicSlippage?: { maxBps: number };
}

/** Why the service's own simulation failed, in words, and the codes behind it. */
export interface SimulationFailure {
  /** The service's errorCode, sanitized. */
  serviceCode: string;
  /** Sanitized service text: the error's serviceMessage, never part of `reason` (issue 32). */
  serviceText: string;
  /** The swap program's error number when one could be read from the text. */
  programError?: number;
  /** What happened and what to do, for the person. */
  reason: string;
}

/** A validated POST /swap answer. `signable` is false when the service's simulation failed. */
export interface SwapTransaction {
  /** The serialized unsigned transaction (versioned unless asLegacyTransaction). */
  transaction: Uint8Array;
  /** The same bytes as the base64 text the service sent. */
  swapTransaction: string;
  lastValidBlockHeight: number;
  prioritizationFeeLamports?: bigint;
  computeUnitLimit?: number;
  prioritizationType?: unknown;
  dynamicSlippageReport?: unknown;
  signable: boolean;
  simulationFailure: SimulationFailure | null;
}

export interface InstructionAccount {
  pubkey: Address;
  isSigner: boolean;
  isWritable: boolean;
}

export interface SwapInstruction {
  programId: Address;
  accounts: InstructionAccount[];
  data: Uint8Array;
}

/** A validated POST /swap-instructions answer. */
export interface SwapInstructions {
  tokenLedgerInstruction: SwapInstruction | null;
  computeBudgetInstructions: SwapInstruction[];
  setupInstructions: SwapInstruction[];
  swapInstruction: SwapInstruction;
  cleanupInstruction: SwapInstruction | null;
  otherInstructions: SwapInstruction[];
  addressLookupTableAddresses: Address[];
  prioritizationFeeLamports?: bigint;
  computeUnitLimit?: number;
  signable: boolean;
  simulationFailure: SimulationFailure | null;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborting it cancels the request (e.g. a quote the person has typed past). */
  signal?: AbortSignal;
}
