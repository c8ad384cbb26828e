/**
 * A review ticket and its report, the answer of every method that builds a transaction for the
 * person to approve (swap.review, pay.review, pay.createDestination, fees.createAccount,
 * fees.claim). Every amount is a decimal string.
 */

/** The network's test run of the transaction, as main reads it and the screen shows it. */
export interface SimulationView {
  ok: boolean;
  /** The RPC's error value as text (sanitized), null when the simulation succeeded. */
  error: string | null;
  /** The error in the wallet's own words, null when ok: never the network's text (issue 32). */
  reason: string | null;
  /**
   * What the network said about the failure (its error text and failing log lines, which a
   * program of the transaction writes as it likes), sanitized (shared/service-message.ts) and
   * defanged, for the "Show the network's message" disclosure; absent when it said nothing or
   * succeeded.
   */
  networkMessage?: string;
  /** The failed simulation's log lines; empty when it succeeded (main's ticket keeps them). */
  logs: string[];
  unitsConsumed: number | null;
}

export interface GuardVerdictView {
  rule: string;
  ok: boolean;
  reason: string;
}

export interface BalanceChangeView {
  account: string;
  /** `service-fee`: where the swap service's own fee lands (Jupiter's, on /order). */
  role: 'user' | 'destination' | 'fee' | 'service-fee';
  /** null for SOL. */
  mint: string | null;
  /** Decimals of the mint (9 for SOL); null when the mint could not be read. */
  decimals: number | null;
  owner: string | null;
  before: string;
  after: string;
  /** after − before, signed decimal string ("-1000"). */
  change: string;
  created: boolean;
  closed: boolean;
}

export interface ReviewedInstructionView {
  index: number;
  programId: string;
  programName: string;
  /** Decoded fields with amounts as decimal strings; `kind` names the instruction. */
  decoded: { kind: string } & Record<string, string | number | boolean | null>;
  summary: string;
}

/** The review report of main/review with every amount as a decimal string. */
export interface ReviewReportView {
  /** True only when every verdict is ok; approve refuses otherwise. */
  accepted: boolean;
  verdicts: GuardVerdictView[];
  /** Reasons of the failing verdicts, in rule order (empty when accepted). */
  refusals: string[];
  format: 'legacy' | 'v0';
  messageSha256: string;
  feePayer: string;
  recentBlockhash: string;
  lastValidBlockHeight: number;
  signatures: { signer: string; state: 'missing' | 'valid' | 'invalid' }[];
  lookupTables: { address: string; writable: string[]; readonly: string[] }[];
  accounts: {
    address: string;
    signer: boolean;
    writable: boolean;
    index: number;
    fromLookupTable: string | null;
  }[];
  instructions: ReviewedInstructionView[];
  simulation: SimulationView;
  networkFee: {
    signatures: number;
    baseLamports: string;
    computeUnitLimit: number;
    computeUnitPriceMicroLamports: string;
    priorityLamports: string;
    totalLamports: string;
    /** Who pays it; not the person only on a gasless order (a market maker, a gas payer). */
    paidBy: string;
    paidByYou: boolean;
  };
  rentLamports: string;
  balanceChanges: BalanceChangeView[];
  /** What the tokens it touches can do to the person, dangerous first. */
  tokenWarnings: TokenWarningView[];
  /** Both sides in USD and whose prices (issue 25); absent when the market was not read. */
  valuation?: TradeValuationView;
}

/** One side of a trade in USD (main/review/valuation-types.ts), amounts as decimal strings. */
/** The prices behind one side's value: the same text in main and on the screen. */
export interface PriceEvidenceView {
  /** Pyth's price per whole token when its feed passed every check. */
  oraclePrice: string | null;
  /** The swap service's price per whole token. */
  servicePrice: string | null;
  /** The Pyth feed the wallet's table names for the mint (e.g. `SOL/USD`); null: none. */
  feed: string | null;
  /** Why that feed's price was not used (stale, too wide, …); null when used or absent. */
  oracleRefusal: string | null;
  /** The price per whole token `usd` is at when it is not the service's (issue 32). */
  evidencePrice: string | null;
  /** How far that price may honestly be from today's, in basis points; null: the service's. */
  toleranceBps: number | null;
  /** Whose price `usd` is at, in words ("the deepest Raydium CP-Swap pool the wallet found, …"). */
  evidence: string | null;
}

export interface SideValuationView extends PriceEvidenceView {
  mint: string;
  /** Base units valued: the most paid (input) or the least received (output). */
  amount: string;
  /** USD value, exact decimal text; null when nobody prices the token. */
  usd: string | null;
  /**
   * `oracle`: Pyth's price read from the network; `stale-oracle`: Pyth's last price, within a
   * band for its age; `pool`: the deepest CP-Swap pool the wallet found; `stake-pool`: a liquid
   * staking token's stake pool rate × SOL's price; `service`: the swap service's.
   */
  source: 'oracle' | 'stale-oracle' | 'pool' | 'stake-pool' | 'service' | null;
}

export interface TradeValuationView {
  /** ExactIn: the input is exact and the output its least; ExactOut: the input its most. */
  swapMode: 'ExactIn' | 'ExactOut';
  input: SideValuationView;
  output: SideValuationView;
  sentences: string[];
}

/** What a token warning is about: an authority, a Token-2022 extension, or the trade's value. */
export type TokenWarningKind =
  | 'permanent-delegate'
  | 'scaled-amount'
  | 'transfer-hook'
  | 'transfer-fee'
  | 'non-transferable'
  | 'default-frozen'
  | 'confidential-transfer'
  | 'freeze-authority'
  | 'pause-authority'
  | 'mint-authority'
  | 'unverified'
  | 'value-loss'
  | 'value-unknown'
  | 'price-divergence'
  | 'service-price-moved'
  | 'oracle-unavailable';

/**
 * A token warning: an issuer who can freeze or mint, or a Token-2022 extension. Approve needs
 * `risksAcknowledged` when any has `mustAcknowledge` (checkbox **I understand this risk**).
 */
export interface TokenWarningView {
  mint: string;
  kind: TokenWarningKind;
  mustAcknowledge: boolean;
  sentence: string;
  /** 'scaled-amount' (issue 35): the multiplier the review's amounts were said at. */
  multiplier?: number;
}

/** swap.review's answer: the unsigned transaction and the ticket Approve must bring back. */
export interface ReviewTicketView {
  ticketId: string;
  /** The unsigned transaction exactly as reviewed; swap.approve must send these bytes back. */
  transactionBase64: string;
  /** SHA-256 hex of the message bytes the wallet will sign. */
  messageHash: string;
  /** ISO-8601 time after which swap.approve refuses the ticket (get a fresh quote). */
  expiresAt: string;
  lastValidBlockHeight: number;
  report: ReviewReportView;
}
