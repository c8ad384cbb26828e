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
  /** Venue name, e.g. "Whirlpool". */
  label: string;
  inputMint: string;
  outputMint: string;
  inAmount: string;
  outAmount: string;
  feeAmount: string;
  feeMint: string;
  /** Share of the amount through this hop, 0..100. */
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
  route: RouteHopView[];
  contextSlot: number;
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
