/**
 * Bridge data types of integrator fees (issue 6). Amounts are decimal strings of base units;
 * bps are integers. Re-exported by api-types.ts.
 */

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
  /** Newest first. */
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
  /** 97.5% of the amount (the amount minus the operator's share). */
  integratorAmount: string;
  /** 2.5% of the amount, rounded down, as the service keeps it. */
  operatorAmount: string;
}
