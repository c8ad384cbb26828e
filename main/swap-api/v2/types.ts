/**
 * What the Swap API v2 client takes and gives (official OpenAPI:
 * test/fixtures/real-world/schema/jup-ag-docs-1dda348d-openapi-swap-v2.yaml). Amounts are bigint
 * base units; the quote half of an answer is the wallet's usual `Quote`, checked by the same
 * rules as a /quote answer (route chains, bound from the person's slippage, fee asked for).
 */
import type { Address } from '../../shared/address';
import type { Quote, QuoteParams, SwapInstruction } from '../types';

/** GET /build parameters (ExactIn only). Undefined means "not sent". */
export interface BuildParams extends Pick<
  QuoteParams,
  'inputMint' | 'outputMint' | 'amount' | 'dexes' | 'excludeDexes'
> {
  /** Required by /build: the person who signs. */
  taker: Address;
  slippageBps: number;
  /** With `feeAccount` (required when positive). */
  platformFeeBps?: number;
  feeAccount?: Address;
  /** 1..64. */
  maxAccounts?: number;
  destinationTokenAccount?: Address;
  nativeDestinationAccount?: Address;
  /** Lamports, for Jupiter's send endpoint; the tip goes to one of the 16 published accounts. */
  tipAmount?: bigint;
  /** Named level or 0..10000 bps; the wallet sends a named level only. */
  computeUnitPricePercentile?: 'medium' | 'high' | 'veryHigh';
  mode?: 'fast';
}

/** GET /order parameters (ExactIn only). */
export interface OrderParams {
  inputMint: Address;
  outputMint: Address;
  amount: bigint;
  /** Without it the answer is a quote with no transaction. */
  taker?: Address;
  slippageBps?: number;
  receiver?: Address;
  /** Both or neither; `referralFee` 50..255 bps. */
  referralAccount?: Address;
  referralFee?: number;
  priorityFeeLamports?: bigint;
  jitoTipLamports?: bigint;
  broadcastFeeType?: 'maxCap' | 'exactFee';
  excludeRouters?: readonly ('metis' | 'jupiterz' | 'dflow' | 'okx')[];
  excludeDexes?: readonly string[];
}

/** A validated GET /build answer: a quote, the instructions, and the service's table claims. */
export interface BuildAnswer {
  quote: Quote;
  computeBudgetInstructions: SwapInstruction[];
  setupInstructions: SwapInstruction[];
  swapInstruction: SwapInstruction;
  cleanupInstruction: SwapInstruction | null;
  otherInstructions: SwapInstruction[];
  tipInstruction: SwapInstruction | null;
  /**
   * The service's claim of what each lookup table holds (null when it sent none). A claim only:
   * the wallet compares it with the tables read from its own RPC (v2/lookup-tables.ts).
   */
  addressesByLookupTableAddress: Map<Address, Address[]> | null;
  /** The service's blockhash, kept for the record; the wallet assembles with its own. */
  serviceBlockhash: { blockhash: Uint8Array; lastValidBlockHeight: number } | null;
}

export type V2Router = 'metis' | 'jupiterz' | 'dflow' | 'okx';

/** A validated GET /order answer. */
export interface OrderAnswer {
  quote: Quote;
  requestId: string;
  /** Which router won; null when the service did not say. */
  router: V2Router | null;
  mode: string | null;
  /** The unsigned v0 transaction; null when no taker was sent. */
  transaction: Uint8Array | null;
  /**
   * Set when the router quoted but could not build (transaction ""): the reason in the wallet's
   * words, and the service's `errorMessage` apart, sanitized (issue 32), or null.
   */
  notBuilt: { errorCode: number | null; reason: string; serviceMessage: string | null } | null;
  lastValidBlockHeight: number | null;
  /** Total fee rate (platform fee plus e.g. gasless recoup), bps; null when not said. */
  feeBps: number | null;
  feeMint: Address | null;
  /**
   * Jupiter's own platform fee as the answer states it (`platformFee`), or null; its `amount`
   * null when the answer states the rate alone (the schema leaves it optional).
   */
  platformFee: { amount: bigint | null; feeBps: number; feeMint: Address | null } | null;
  referralAccount: Address | null;
  gasless: boolean;
  /** Who pays the signature fee (a market maker, Jupiter's gas wallet, an integrator), or null. */
  signatureFeePayer: Address | null;
  prioritizationFeePayer: Address | null;
  rentFeePayer: Address | null;
  /** The market maker of an RFQ fill (it signs at /execute), or null. */
  maker: Address | null;
  quoteId: string | null;
  expireAt: string | null;
  taker: Address | null;
  inUsdValue: number | null;
  outUsdValue: number | null;
  /** Price impact in percentage points, as sent. */
  priceImpact: number | null;
}

/** The `code` of an /execute answer in words. */
export interface ExecuteAnswer {
  status: 'Success' | 'Failed';
  signature: string | null;
  slot: bigint | null;
  code: number | null;
  /** What a failure means for the person, in the wallet's words; null on success. */
  error: string | null;
  /** The service's own `error` text, sanitized (issue 32): never part of `error`. */
  serviceMessage: string | null;
  totalInputAmount: bigint | null;
  totalOutputAmount: bigint | null;
  inputAmountResult: bigint | null;
  outputAmountResult: bigint | null;
}
