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

export interface RouteHop {
  ammKey: Address;
  label: string;
  inputMint: Address;
  outputMint: Address;
  inAmount: bigint;
  outAmount: bigint;
  feeAmount: bigint;
  feeMint: Address;
  /** Share of the amount routed through this step, 0..100. */
  percent: number;
  /** Same share in basis points, when the service sends it. */
  bps?: number;
}

/** A validated quote. `raw` is the exact JSON text the service sent (see swap()). */
export interface Quote {
  inputMint: Address;
  outputMint: Address;
  inAmount: bigint;
  outAmount: bigint;
  /** ExactIn: minimum received. ExactOut: maximum spent. */
  otherAmountThreshold: bigint;
  swapMode: SwapMode;
  slippageBps: number;
  platformFee: PlatformFee | null;
  /** As sent (numeric text; units not fixed by the spec). */
  priceImpactPct: string;
  routePlan: RouteHop[];
  contextSlot: number;
  /** Seconds, per API-NOTES. */
  timeTaken: number;
  /** Present when autoSlippage was requested and the service computed one. */
  computedAutoSlippage?: number;
  swapUsdValue?: string;
  /** Clock reading (ms since epoch, from the injected `now`) when the answer arrived. */
  receivedAt: number;
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
  /** Sanitized service text. */
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
