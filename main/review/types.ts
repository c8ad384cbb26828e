/**
 * The review module's public shapes: what `reviewTransaction` takes (the unsigned /swap
 * transaction, the person, the quote they accepted) and the report it answers. Amounts are
 * bigint base units (lamports for SOL); a bridge handler turns them into decimal strings.
 */
import type { TradeValuation } from './valuation-types';
import type {
  AddressLookupTableAccount,
  Connection,
  PublicKey,
  VersionedTransaction,
} from '@solana/web3.js';
import type { Address } from '../shared/address';
import type { SwapMode } from '../swap-api/types';
import type { ServiceTerms } from './service-terms';
import type { DecodedInstruction } from './decoded-types';
import type { SimulationView, TokenWarningKind } from '../../preload/contract/views/review';

/** What the person approved, taken from the accepted quote and the /swap request. */
export interface SwapIntent {
  swapMode: SwapMode;
  inputMint: Address;
  outputMint: Address;
  /** Quote's inAmount (ExactIn: the amount paid; ExactOut: the expected spend). */
  inAmount: bigint;
  /** Quote's outAmount (after venue and platform fees, before slippage). */
  outAmount: bigint;
  /** ExactIn: minimum received. ExactOut: maximum spent. */
  otherAmountThreshold: bigint;
  /** The requested amount: input (ExactIn) or the exact output (ExactOut). */
  amount: bigint;
  slippageBps: number;
  /** The quote's platform fee, null when none is taken. */
  platformFee: { amount: bigint; feeBps: number } | null;
  /** The configured fee token account sent to /swap, or null when no fee is configured. */
  feeAccount: Address | null;
  /**
   * The swap service's own fee as its answer states it (Jupiter's platform fee by pair on an
   * /order, issue 22): never the integrator's. The aggregator's route takes it into the
   * account the route names (guard-service-fee.ts). Null or absent: the service states none.
   */
  serviceFee?: ServiceFee | null;
  /** Where the output must land; null means the person's own associated token account. */
  destinationTokenAccount: Address | null;
  /** Highest priority fee (lamports) the person agreed to, on top of the base network fee. */
  maxPriorityFeeLamports: bigint;
  /** Set for payments (issue 5): what the payee must get, checked by the payment rule. */
  payment?: PaymentIntent;
  /** The quote's price impact as a fraction (decimal text); explains a USD gap (issue 11). */
  priceImpactPct?: string;
  /**
   * Every mint the quoted route passes through (input and output included). The person's
   * token accounts may be opened only for these and the fee mint.
   */
  routeMints?: Address[];
  /**
   * The quoted route's legs, hop by hop: the mint each takes and the mint it gives (issue 21).
   * A counterparty that pays the person a leg's output may receive that leg's input from them
   * (the market maker's hop after a CP-Swap hop), as much as the balance rules allow.
   */
  routeLegs?: RouteLeg[];
}

/** A fee the swap service states it takes for itself (SwapIntent.serviceFee). */
export interface ServiceFee {
  /** Who takes it, for the review's words ("Jupiter"). */
  by: string;
  feeBps: number;
  /** The amount the answer states, or null when it states the rate alone (issue 32). */
  amount: bigint | null;
  /** The token it is taken in, when the answer names it; else the input's or the output's. */
  mint: Address | null;
  /**
   * The integrator's own referral account (Fees), when one is set: a fee the route pays into
   * its token account is the integrator's, so attributable (guard-service-fee.ts).
   */
  integratorReferral?: Address | null;
}

/** One leg of a quoted route: what the person pays into it and what comes out. */
export interface RouteLeg {
  inputMint: Address;
  outputMint: Address;
  /**
   * The least the person accepted from this leg's fill, in its output token: the leg's quoted
   * output less the chosen slippage, ⌊outAmount × (10,000 − bps) / 10,000⌋ (issue 32). A
   * counterparty paying a middle token must cover it (counterparty.ts); without it, none does.
   */
  minOutAmount?: bigint;
}

/**
 * A payment's promises on top of the swap's. `transfer`: the payee's token account gains
 * exactly `amount`; when `throughPayer`, the payer's own account pays it with a TransferChecked
 * that is the LAST instruction, carries `references` in order as read-only non-signer keys and
 * follows the `memo` instruction (merchants validate a Solana Pay payment this way).
 * `create-destination`: the transaction only creates the payee's associated token account.
 */
export type PaymentIntent =
  | {
      kind: 'transfer';
      payeeTokenAccount: Address;
      mint: Address;
      amount: bigint;
      decimals: number;
      references: Address[];
      memo: string | null;
      throughPayer: boolean;
      /**
       * What the payer's last TransferChecked sends when the mint withholds a Token-2022
       * transfer fee: `amount` grossed up (pay/transfer-fee.ts), so the payee gains exactly
       * `amount`; `transferFee` is what the token program keeps. Absent: the transfer is `amount`.
       */
      transferAmount?: bigint;
      transferFee?: bigint;
      /**
       * A native SOL request (no spl-token): `payeeTokenAccount` is the recipient wallet itself,
       * `mint` is the native mint, and the last instruction is a SystemProgram transfer whose
       * extra keys are the references; the recipient's lamports must grow by exactly `amount`.
       */
      native?: boolean;
    }
  | {
      kind: 'create-destination';
      payeeTokenAccount: Address;
      owner: Address;
      mint: Address;
      tokenProgram: Address;
    };

/** The RPC calls the review makes, as web3.js's Connection has them. */
export type ReviewConnection = Pick<
  Connection,
  'getAddressLookupTable' | 'getMultipleAccountsInfo' | 'simulateTransaction' | 'getBlockHeight'
>;

/** An account as the review reads it (web3.js's `AccountInfo<Buffer>` is one). */
export interface ReviewAccountInfo {
  lamports: number;
  owner: { toBase58(): string };
  data: Uint8Array;
}

/** What the review reads of a simulation (web3.js's `SimulatedTransactionResponse` is one). */
export interface ReviewSimulated {
  err: unknown;
  logs: string[] | null;
  unitsConsumed?: number;
  accounts?: ({ lamports: number; owner: string; data: string[] | string } | null)[] | null;
}

/**
 * The reads of a review, no more: a web3.js Connection (ReviewConnection) is one, and so is the
 * lean client of main/ledger/review-rpc.ts, which the app uses (issue 26).
 */
export interface ReviewReads {
  getAddressLookupTable(key: PublicKey): Promise<{ value: AddressLookupTableAccount | null }>;
  getMultipleAccountsInfo(
    keys: PublicKey[],
    config:
      'confirmed' | { commitment: 'confirmed'; dataSlice: { offset: number; length: number } },
  ): Promise<(ReviewAccountInfo | null)[]>;
  /**
   * getMultipleAccountsInfo of base58 addresses (optional): the review has addresses, and
   * making keys of them for a client that writes them back as text cost as much as the read.
   */
  getMultipleAccountsByAddress?(
    addresses: readonly string[],
    config: Parameters<ReviewReads['getMultipleAccountsInfo']>[1],
  ): Promise<(ReviewAccountInfo | null)[]>;
  simulateTransaction(
    tx: VersionedTransaction,
    config: ReviewSimulationConfig,
  ): Promise<{ value: ReviewSimulated }>;
  /**
   * simulateTransaction of `wire`, the transaction's bytes as the service sent them (optional):
   * the review reads them without web3.js, so no web3.js transaction is made to be serialized.
   */
  simulateWire?(
    wire: Uint8Array,
    config: ReviewSimulationConfig,
  ): Promise<{ value: ReviewSimulated }>;
  getBlockHeight(commitment: 'confirmed'): Promise<number>;
}

/** The simulation the review asks for: the bytes as they are, and the writable accounts after. */
export interface ReviewSimulationConfig {
  sigVerify: false;
  replaceRecentBlockhash: false;
  commitment: 'confirmed';
  accounts: { encoding: 'base64'; addresses: string[] };
}

export interface ReviewInput {
  /** Wire bytes of the transaction as /swap sent it (v0 or legacy, user signature empty). */
  transaction: Uint8Array;
  /** The person's wallet address: the only key the wallet will sign with. */
  user: Address;
  intent: SwapIntent;
  /** From the /swap answer; past it the transaction can no longer land. */
  lastValidBlockHeight: number;
  connection: ReviewReads;
  /** GET /program-id-to-label answer, used to name programs (never to allow them). */
  programLabels?: Record<string, string>;
  /** True on mainnet-like networks: allows the Jupiter v6 program. Default false (sandbox). */
  allowJupiter?: boolean;
  /** Token symbols by mint, for the sentences of the report (decimals are read on chain). */
  tokenSymbols?: Record<string, string>;
  /**
   * What the network's swap service may take besides the swap: its share of a platform fee and
   * its tip accounts (service-terms.ts). Default: mainnet's, the strictest.
   */
  serviceTerms?: ServiceTerms;
  /**
   * Co-signers whose signature is added after the person's (a market maker of an /order fill
   * signs at /execute, issue 22): missing is allowed for them only, and only while they are
   * the quoted route's counterparty (guard-awaited.ts).
   */
  awaitedCosigners?: readonly Address[];
  /**
   * A fee payer that signed before the person (a Solana Pay merchant paying the network fee,
   * issue 34): accepted as fee payer only while its signature is valid on these bytes, so it
   * can no longer hold the transaction back (guard-message.ts).
   */
  signedFeePayer?: Address;
  /**
   * When the first pool of each of the intent's tokens was created (ms since the epoch), as
   * the token directory read it (`firstPool.createdAt`; market facts, app/market-facts.ts),
   * read beside the review: Jupiter's fee table charges 50 bps for a token under a day old
   * (guard-service-fee.ts). A mint absent, a null, or a failed read: unknown, read as older.
   */
  firstPools?: Promise<ReadonlyMap<string, number | null>>;
}

export type {
  ClmmSwapInstruction,
  CpSwapInstruction,
  DecodedInstruction,
  JupiterRoute,
} from './decoded-types';

export interface AccountRef {
  address: Address;
  signer: boolean;
  writable: boolean;
}

export interface ReviewedInstruction {
  index: number;
  programId: Address;
  /** 'SPL Token', 'Jupiter v6', a label from /program-id-to-label, or 'Unknown program'. */
  programName: string;
  decoded: DecodedInstruction;
  /** The instruction in words, e.g. "Transfer 5000000 base units from A to B". */
  summary: string;
  accounts: AccountRef[];
}

export interface TouchedAccount extends AccountRef {
  /** Index in the message's account list (static keys first, then lookup-table keys). */
  index: number;
  /** Set when the key came from an address lookup table rather than the message. */
  fromLookupTable: Address | null;
}

/** `service-fee`: the account the swap service's own fee lands in (Jupiter's, on /order). */
export type BalanceRole = 'user' | 'destination' | 'fee' | 'service-fee';

export interface BalanceChange {
  /** The system account (SOL) or the token account. */
  account: Address;
  role: BalanceRole;
  /** null for SOL. */
  mint: Address | null;
  /** Decimals of the mint (9 for SOL); null when the mint could not be read. */
  decimals: number | null;
  /** The token account's owner (the wallet for 'user' rows); the user for SOL. */
  owner: Address | null;
  before: bigint;
  after: bigint;
  /** after − before, base units (lamports for SOL). */
  change: bigint;
  /** The account does not exist before and exists after (rent paid). */
  created: boolean;
  /** The account exists before and not after (rent returned). */
  closed: boolean;
}

export interface NetworkFee {
  signatures: number;
  /** 5000 lamports per signature. */
  baseLamports: bigint;
  computeUnitLimit: number;
  computeUnitPriceMicroLamports: bigint;
  /** ceil(limit × price / 1e6). */
  priorityLamports: bigint;
  totalLamports: bigint;
  /**
   * Who pays it: the fee payer, the message's first account. Someone other than the person
   * only on a gasless /order (a market maker, or the service's gas payer, issue 22).
   */
  paidBy: Address;
  /** Whether the person pays it (their SOL goes down by it). */
  paidByYou: boolean;
}

/** The simulation holds no amount, so main keeps it in the bridge's own shape. */
export type SimulationSummary = SimulationView;

export type GuardRule =
  | 'fee-payer'
  | 'signers'
  | 'awaited-signers'
  | 'programs'
  | 'authority'
  | 'transfers'
  | 'sol-transfer'
  | 'input-spend'
  | 'other-tokens'
  | 'output'
  | 'destination'
  | 'fee-account'
  | 'priority-fee'
  | 'simulation'
  | 'blockhash'
  | 'lookup-tables'
  | 'durable-nonce'
  | 'sol-custody'
  | 'onchain-bound'
  | 'payment'
  | 'paused'
  | 'transfer-hook';

export interface GuardVerdict {
  rule: GuardRule;
  ok: boolean;
  /** A sentence a person understands, for passing and failing rules alike. */
  reason: string;
}

export interface ReviewReport {
  /** True only when every verdict is ok. */
  accepted: boolean;
  verdicts: GuardVerdict[];
  /** The reasons of the failing verdicts, in rule order (empty when accepted). */
  refusals: string[];
  format: 'legacy' | 'v0';
  /** Serialized message bytes (what the user signs), base64, and their SHA-256 hex. */
  messageBase64: string;
  messageSha256: string;
  feePayer: Address;
  recentBlockhash: string;
  lastValidBlockHeight: number;
  signatures: { signer: Address; state: 'missing' | 'valid' | 'invalid' }[];
  lookupTables: { address: Address; writable: Address[]; readonly: Address[] }[];
  accounts: TouchedAccount[];
  instructions: ReviewedInstruction[];
  simulation: SimulationSummary;
  networkFee: NetworkFee;
  /**
   * Lamports the user puts into accounts the transaction creates: their own and any other they
   * fund, such as a payee's token account (net of rent returned by closes of their own).
   */
  rentLamports: bigint;
  balanceChanges: BalanceChange[];
  /** What the tokens it touches can do to the person, dangerous first (token-warnings.ts). */
  tokenWarnings: TokenWarning[];
  /** Both sides in USD and whose prices (issue 25); absent when no market facts were read. */
  valuation?: TradeValuation;
}

/** What a token of the transaction can do to the person (token-warnings.ts). */
export interface TokenWarning {
  mint: Address;
  kind: TokenWarningKind;
  /** Dangerous: main signs only once the person has acknowledged it. */
  mustAcknowledge: boolean;
  /** What it means, in one sentence. */
  sentence: string;
  /** 'scaled-amount' (issue 35): the multiplier the review's amounts were said at. */
  multiplier?: number;
}

/** The review entry point (implemented in review.ts). */
export type ReviewTransaction = (input: ReviewInput) => Promise<ReviewReport>;
