/**
 * Plain data types returned across the bridge. Amounts are decimal strings of base units
 * (bigint in code on both sides, strings on the wire); no secret ever appears in these types.
 */
/** How an account's secret came into the keychain. */
export type AccountKind = 'generated' | 'secret-key' | 'cli-keypair' | 'recovery-phrase';

export interface AccountSummary {
  /** Base58 public key. */
  address: string;
  label: string;
  kind: AccountKind;
  /** BIP44 path for accounts derived from a recovery phrase, e.g. m/44'/501'/0'/0'. */
  derivationPath?: string;
  /** ISO-8601 time the account was added. */
  createdAt: string;
}

export interface AccountsState {
  accounts: AccountSummary[];
  /** Address of the account the screens act for, or null when there is none. */
  current: string | null;
}

export interface NetworkInfo {
  id: 'sandbox' | 'mainnet' | 'custom';
  label: string;
  rpcUrl: string;
  swapApiUrl: string;
  /**
   * What the swap API at swapApiUrl speaks: the spec (`v6`) or today's service (`swap-v1`,
   * which has no auto slippage with a maximum). The swap screen offers only what it takes.
   */
  swapApiFlavour: 'v6' | 'swap-v1';
  isSandbox: boolean;
}

export interface AppInfo {
  version: string;
  network: NetworkInfo;
  /** Where the app runs: the Electron window or the web preview. */
  shell: 'electron' | 'web-preview';
}

export interface TokenBalance {
  mint: string;
  symbol: string | null;
  decimals: number;
  /** Base units, decimal string. */
  amount: string;
  tokenAccount: string;
  tokenProgram: string;
}

export interface Balances {
  address: string;
  /** Lamports, decimal string. */
  lamports: string;
  tokens: TokenBalance[];
  /** Slot the balances were read at. */
  slot: number;
}

export interface FundResult {
  signatures: string[];
}

/* ---------------------------------------------------------------------------------------------
 * Tokens, swap, activity and settings (issue 4). Amounts are decimal strings of base units.
 * ------------------------------------------------------------------------------------------- */

export type NetworkId = NetworkInfo['id'];

/** A token a picker can offer: from the sandbox's list, the bundled mainnet list, or the chain. */
export interface TokenInfo {
  mint: string;
  /** null for a mint read from the chain that no list names. */
  symbol: string | null;
  name: string | null;
  decimals: number;
  /** SPL Token or Token-2022 program id. */
  tokenProgram: string;
  /** Where the entry came from. */
  source: 'sandbox' | 'bundled' | 'chain';
}

export type SwapModeName = 'ExactIn' | 'ExactOut';

export interface RouteHopView {
  ammKey: string;
  /** Venue name, e.g. "Whirlpool"; null when the service did not name it. */
  label: string | null;
  inputMint: string;
  outputMint: string;
  inAmount: string;
  outAmount: string;
  /** The venue's fee for this hop; null when the service did not report it (since 2025). */
  feeAmount: string | null;
  feeMint: string | null;
  /** Share of the token this hop spends, 0..100 (may have decimals: 29.5). */
  percent: number;
}

/** A quote as the renderer sees it; main keeps the service's raw answer under `quoteId`. */
export interface QuoteView {
  quoteId: string;
  inputMint: string;
  outputMint: string;
  swapMode: SwapModeName;
  inAmount: string;
  outAmount: string;
  /** ExactIn: minimum received. ExactOut: maximum spent. */
  otherAmountThreshold: string;
  /** Set for ExactIn (= otherAmountThreshold), else null. */
  minimumReceived: string | null;
  /** Set for ExactOut (= otherAmountThreshold), else null. */
  maximumSpent: string | null;
  slippageBps: number;
  /** Present when auto slippage was asked for and the service computed one. */
  computedAutoSlippageBps: number | null;
  /** As the service sent it (numeric text). */
  priceImpactPct: string;
  platformFee: { amount: string; feeBps: number } | null;
  /** With fees on (issue 6): the fee, its mint, the fee account and the 97.5/2.5 split. */
  platformFeeDetail?: PlatformFeeDetailView | null;
  route: RouteHopView[];
  /** The slot the service computed the quote at; null when it did not say. */
  contextSlot: number | null;
  /** Seconds the wallet waited for the swap service's rate limit before this quote; null if none. */
  rateLimitWaitSeconds?: number | null;
  /** ISO-8601 time the quote arrived. */
  quotedAt: string;
  /** ISO-8601 time after which swap.review refuses this quote id (ask for a fresh quote). */
  expiresAt: string;
}

export interface GuardVerdictView {
  rule: string;
  ok: boolean;
  reason: string;
}

export interface BalanceChangeView {
  account: string;
  role: 'user' | 'destination' | 'fee';
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
  accounts: { address: string; signer: boolean; writable: boolean }[];
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
  simulation: {
    ok: boolean;
    error: string | null;
    reason: string | null;
    logs: string[];
    unitsConsumed: number | null;
  };
  networkFee: {
    signatures: number;
    baseLamports: string;
    computeUnitLimit: number;
    computeUnitPriceMicroLamports: string;
    priorityLamports: string;
    totalLamports: string;
  };
  rentLamports: string;
  balanceChanges: BalanceChangeView[];
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

export type TransactionStatus = 'pending' | 'confirmed' | 'failed' | 'expired';

/** swap.approve's answer. A second approve of the same ticket answers the first submission. */
export interface SubmissionView {
  signature: string;
  activityId: string;
  /** The status right after sending: usually 'pending'; poll swap.status for the outcome. */
  status: TransactionStatus;
}

export interface TransactionStatusView {
  signature: string;
  status: TransactionStatus;
  /** Why it failed or expired, in words; null otherwise. */
  error: string | null;
  /** The activity entry of this signature, when the wallet sent it. */
  activityId: string | null;
  explorerUrl: string | null;
}

export type ActivityKind = 'swap' | 'pay' | 'other';

export interface ActivityEntryView {
  id: string;
  kind: ActivityKind;
  networkId: NetworkId;
  /** The wallet address that signed. */
  account: string;
  signature: string;
  status: TransactionStatus;
  error: string | null;
  inputMint: string | null;
  outputMint: string | null;
  /** Base units, decimal strings: quoted in and out amounts. */
  inAmount: string | null;
  outAmount: string | null;
  /** ExactIn: minimum received; ExactOut: maximum spent. */
  otherAmountThreshold: string | null;
  swapMode: SwapModeName | null;
  /** ISO-8601 times. */
  createdAt: string;
  updatedAt: string;
  /** A block explorer page for mainnet and custom networks; null on the sandbox. */
  explorerUrl: string | null;
  /** Payments only (kind 'pay'): the request and, once pay.receipt read it, the receipt. */
  payment?: PaymentSummaryView | null;
  /** Swaps that carried an integrator fee (issue 6): where it went and what it paid. */
  platformFee?: PlatformFeePaidView | null;
}

/** The integrator fee of one swap; `received` is read from the confirmed transaction. */
export interface PlatformFeePaidView {
  feeAccount: string;
  mint: string;
  feeBps: number;
  /** Base units the fee account gained; null until fees.balances read the confirmed swap. */
  received: string | null;
}

export interface NetworkChoiceView extends NetworkInfo {
  /** An API key for this network's swap service is stored in the keychain. */
  apiKeySet: boolean;
  /** False when this shell cannot use the network (the web preview runs the sandbox only). */
  available: boolean;
  /** Why it is unavailable, in words; null when available. */
  unavailableReason: string | null;
}

export interface SettingsView {
  /** The network every screen is on. */
  network: NetworkInfo;
  /** An API key is stored for the current network's swap service (never the key itself). */
  apiKeySet: boolean;
  /** Every network the person can pick, with its current URLs. */
  networks: NetworkChoiceView[];
}

/* ---------------------------------------------------------------------------------------------
 * Pay (issue 5). Amounts are decimal strings of base units unless named "...Text" (user units).
 * ------------------------------------------------------------------------------------------- */

export interface PaymentSummaryView {
  recipient: string;
  payeeTokenAccount: string;
  mint: string;
  amount: string;
  payWithMint: string;
  /** The most the payer could spend: the quote's maximum, or the amount when paid directly. */
  maxSpend: string;
  references: string[];
  memo: string | null;
  label: string | null;
  message: string | null;
  /** From the confirmed transaction (pay.receipt); null until read. */
  delivered: string | null;
  spent: string | null;
}

/** pay.parse's answer: the request as the link says it, the token, and the payee's account. */
export interface PaymentRequestView {
  recipient: string;
  /** The token to pay (spl-token). */
  mint: {
    mint: string;
    symbol: string | null;
    decimals: number;
    tokenProgram: string;
    /**
     * True for a request without spl-token: native SOL (mint is the wrapped-SOL mint, 9
     * decimals, tokenProgram the System Program); payee.tokenAccount is the wallet itself.
     */
    native?: boolean;
  };
  /** User units as the link wrote it ("12.5"); null when the payer must enter it. */
  amountText: string | null;
  /** Base units; null when the payer must enter the amount. */
  amount: string | null;
  references: string[];
  label: string | null;
  message: string | null;
  memo: string | null;
  payee: {
    recipientKind: 'wallet' | 'token-account';
    /** Where the tokens arrive (the wallet's associated token account, or the recipient). */
    tokenAccount: string;
    /** False: pay.createDestination must run first (DESTINATION_MISSING otherwise). */
    exists: boolean;
    /** Lamports the creation puts into the new account; "0" when it exists. */
    rentLamports: string;
  };
}

/** pay.quote's answer: how the payment would be made and what it can cost at most. */
export interface PaymentPlanView {
  planId: string;
  /**
   * True for a SOL request: paid with SOL by a SystemProgram transfer (direct), or with a token
   * by an ExactOut swap into SOL, unwrapped, then that transfer (swap-through-payer).
   */
  native?: boolean;
  /** direct: the payer holds the token, one TransferChecked; swap: an ExactOut swap. */
  kind: 'direct' | 'swap';
  /** swap-to-payee: the swap pays the payee's account; swap-through-payer: swap, memo, transfer. */
  route: 'direct-transfer' | 'swap-to-payee' | 'swap-through-payer';
  mint: string;
  payWithMint: string;
  /** Exactly what the payee receives. */
  amount: string;
  payeeTokenAccount: string;
  /** "You pay at most": the quote's otherAmountThreshold (the amount itself when direct). */
  maxSpend: string;
  /** The quote's inAmount (the amount itself when direct). */
  expectedSpend: string;
  /**
   * Lamports of rent for the payer's own token account of the paid token, when an invoice paid
   * by a swap opens it (the account stays the payer's); "0" otherwise. Paid on top of maxSpend.
   */
  payerAccountRentLamports: string;
  slippageBps: number;
  platformFee: { amount: string; feeBps: number } | null;
  /** Venue fees of each hop; label, amount and mint are null where the service left them out. */
  venueFees: { label: string | null; amount: string | null; mint: string | null }[];
  /** The swap's quote, null for a direct transfer. */
  quote: Omit<QuoteView, 'quoteId' | 'expiresAt'> | null;
  /** ISO-8601: when the quote arrived (its age is now minus this). */
  quotedAt: string;
  /** ISO-8601: pay.review refuses the plan after this. */
  expiresAt: string;
}

/** pay.receipt's answer, read from the confirmed transaction. */
export interface PaymentReceiptView {
  signature: string;
  status: 'confirmed' | 'failed';
  error: string | null;
  mint: string;
  payeeTokenAccount: string;
  /** What the payee's account gained, from the transaction's token balances. */
  delivered: string;
  payWithMint: string;
  /** What the payer's balance of payWithMint went down by (for SOL: the network fee included). */
  spent: string;
  networkFeeLamports: string;
  /** The keys of the last instruction after TransferChecked's four, in order. */
  references: string[];
  memo: string | null;
  slot: number;
  blockTime: number | null;
}

/* ---------------------------------------------------------------------------------------------
 * Integrator fees (issue 6). Amounts are decimal strings of base units; bps are integers.
 * ------------------------------------------------------------------------------------------- */

/** The token program that owns a token account, as the fee rules care about it. */
export type FeeTokenProgramName = 'spl-token' | 'token-2022';

/** Where the fee account of a mint comes from. */
export type FeeAccountSource = 'address' | 'referral';

/** One configured fee account: the mint it collects and its address. */
export interface FeeAccountSetting {
  mint: string;
  source: FeeAccountSource;
  /** The address fees go to (for 'referral': derived from the referral account and the mint). */
  address: string;
}

/** fees.get / fees.set: the integrator's fee settings on the current network. */
export interface FeeSettingsView {
  networkId: 'sandbox' | 'mainnet' | 'custom';
  enabled: boolean;
  /** 0..10000. */
  platformFeeBps: number;
  /** A sentence when the fee is above common values (over 100 bps), else null. */
  highFeeWarning: string | null;
  referralAccount: string | null;
  accounts: FeeAccountSetting[];
  /** The swap service keeps this share of every platform fee: 250 bps of it (2.5%). */
  operatorShareBps: number;
}

/** What the chain says about a fee token account (fees.deriveAccount, fees.balances). */
export interface FeeAccountCheckView {
  address: string;
  exists: boolean;
  /** null when the account does not exist or is not a token account. */
  tokenProgram: FeeTokenProgramName | null;
  /** The account's mint as the chain has it; null when it does not exist. */
  mint: string | null;
  /** The token account's owner (authority); for a referral account, the project. */
  owner: string | null;
  balance: string | null;
  decimals: number | null;
  /** Whether the referral program exists on this network. */
  referralProgramDeployed: boolean;
  /** Why this account cannot receive fees (code and sentence), or null when it can. */
  problem: { code: string; message: string } | null;
  /** Set when the referral program is missing: the way that works since January 2025. */
  advice: string | null;
}

/** A platform fee of one swap or payment, read from its confirmed transaction. */
export interface FeePaidView {
  signature: string;
  activityId: string | null;
  /** A swap, or a payment whose swap paid the fee (issue 5). */
  kind: ActivityKind;
  feeAccount: string;
  mint: string;
  platformFeeBps: number;
  /** What the fee account gained in that transaction; null until confirmed and read. */
  received: string | null;
  status: 'pending' | 'confirmed' | 'failed' | 'expired';
  createdAt: string;
}

/** fees.balances: every configured fee account, totals per mint, and the fees each swap paid. */
export interface FeeBalancesView {
  accounts: (FeeAccountCheckView & { source: FeeAccountSource; configuredMint: string })[];
  /** Sum of the balances of the existing fee accounts, per mint. */
  totals: { mint: string; balance: string; decimals: number | null }[];
  /** Every swap and payment that paid a platform fee, newest first. */
  swaps: FeePaidView[];
}

/** The fee a quote carries, with the split the service applies. */
export interface PlatformFeeDetailView {
  amount: string;
  feeBps: number;
  /** The mint the quote states the amount in (ExactIn: output, ExactOut: input). */
  mint: string;
  /** The mint of the configured fee account /swap will be given. */
  feeAccountMint: string;
  feeAccount: string;
  /**
   * The fee in the fee account's mint: the quote's amount, except for an ExactIn fee taken in
   * the input mint, where it is feeBps of the input amount (rounded down).
   */
  feeAccountAmount: string;
  /** 97.5% of feeAccountAmount (minus the operator's share): what the fee account receives. */
  integratorAmount: string;
  /** 2.5% of feeAccountAmount, rounded down, as the service keeps it. */
  operatorAmount: string;
}
