/**
 * The fee methods of the bridge contract (issue 6), spread into `contract` in contract.ts.
 * Same rules as there: strict zod request schemas, a phantom response type, amounts as decimal
 * strings. Kept apart so the fee methods read as one group.
 */
import { z } from 'zod';
import type {
  FeeAccountCheckView,
  FeeBalancesView,
  FeeSettingsView,
  ReviewTicketView,
  SubmissionView,
} from './api-types';

interface FeeMethod<Req extends z.ZodType, Res> {
  request: Req;
  response?: Res;
}

function method<Res>() {
  return <Req extends z.ZodType>(request: Req): FeeMethod<Req, Res> => ({ request });
}

const base58Address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 address');

export const feesContract = {
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
      })
      .strict(),
  ),
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
