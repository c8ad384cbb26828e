/**
 * Integrator fees: settings, fee accounts, creation and claims, balances (issue 6).
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, method } from './schemas';
import type { ActivityKind, ReviewTicketView, SubmissionView } from './views';

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
  /**
   * The named referral account on Jupiter's Ultra project that the Swap API v2's /order pays
   * referral fees to (issue 22): its name, derived address and the fee asked (50..255 bps).
   */
  orderReferral: { name: string; account: string; feeBps: number } | null;
}

/** fees.orderReferral: the /order referral account, its token accounts and what they hold. */
export interface OrderReferralView {
  name: string;
  account: string;
  project: string;
  /** The referral account as the chain has it; null when it is not created yet. */
  onChain: { partner: string; shareBps: number } | null;
  /** False where the referral program is not deployed (the sandbox emulates no program). */
  programDeployed: boolean;
  /** One per fee mint in Jupiter's priority order (SOL, USDC first). */
  tokenAccounts: {
    mint: string;
    symbol: string;
    address: string;
    exists: boolean;
    /** Fees earned, not yet claimed (base units); null when the account is missing. */
    balance: string | null;
  }[];
  /** Fee mints whose token account is missing: /order would pay no referral fee in them. */
  payingNothing: string[];
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

export const feesMethods = {
  /* Integrator fees (issue 6). */
  /** The fee settings of the current network. */
  'fees.get': method<FeeSettingsView>()(z.object({}).strict()),
  /**
   * Turns fees on or off, sets the platform fee (0..10000 bps; a warning above 100) and the
   * referral account (null removes it). Omitted fields keep their value.
   */
  'fees.set': method<FeeSettingsView>()(
    z
      .object({
        enabled: z.boolean().optional(),
        platformFeeBps: z.number().int().min(0).max(10_000).optional(),
        referralAccount: base58Address.nullable().optional(),
        orderReferral: z
          .object({
            name: z.string().min(1).max(32),
            feeBps: z.number().int().min(50).max(255),
          })
          .strict()
          .nullable()
          .optional(),
      })
      .strict(),
  ),
  /** The /order referral account (issue 22): on chain or not, token accounts, balances. */
  'fees.orderReferral': method<OrderReferralView>()(z.object({}).strict()),
  /** A review ticket creating the named /order referral account (initializeReferralAccountWithName). */
  'fees.createOrderReferral': method<ReviewTicketView>()(z.object({}).strict()),
  /**
   * A review ticket creating the missing token accounts of the /order referral account, by
   * priority (SOL and USDC first), at most four; `mints` narrows the choice.
   */
  'fees.createOrderReferralTokenAccounts': method<ReviewTicketView>()(
    z.object({ mints: z.array(base58Address).max(8).optional() }).strict(),
  ),
  /** A review ticket claiming the /order referral fees earned in `mint` (claimV2). */
  'fees.claimOrderReferral': method<ReviewTicketView>()(z.object({ mint: base58Address }).strict()),
  /** The referral fee token account of (referral account, mint) and what the chain says. */
  'fees.deriveAccount': method<FeeAccountCheckView>()(
    z.object({ referralAccount: base58Address, mint: base58Address }).strict(),
  ),
  /** Reads any token account as a fee account for `mint` (exists, program, mint, balance). */
  'fees.checkAccount': method<FeeAccountCheckView>()(
    z.object({ mint: base58Address, address: base58Address }).strict(),
  ),
  /**
   * The fee account of a mint: an explicit token account, `fromReferral` (derived from the
   * referral account), or `address: null` to remove it.
   */
  'fees.setFeeAccount': method<FeeSettingsView>()(
    z.union([
      z.object({ mint: base58Address, address: base58Address.nullable() }).strict(),
      z.object({ mint: base58Address, fromReferral: z.literal(true) }).strict(),
    ]),
  ),
  /**
   * A review ticket for creating the fee account of `mint`: the referral token account
   * (initializeReferralTokenAccount) where the referral program exists, else the account's
   * associated token account for the mint. Approve with fees.approve.
   */
  'fees.createAccount': method<ReviewTicketView>()(z.object({ mint: base58Address }).strict()),
  /** A review ticket for claiming the referral token account of `mint` (referral program only). */
  'fees.claim': method<ReviewTicketView>()(z.object({ mint: base58Address }).strict()),
  /** Signs and sends a fees.createAccount / fees.claim ticket, like swap.approve. */
  'fees.approve': method<SubmissionView>()(
    z
      .object({
        ticketId: z.uuid(),
        transactionBase64: z
          .string()
          .max(4096)
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 text'),
      })
      .strict(),
  ),
  /** Balances of every configured fee account, totals per mint, and the fee of each swap. */
  'fees.balances': method<FeeBalancesView>()(z.object({}).strict()),
} as const;
