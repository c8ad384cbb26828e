/**
 * The integrator fee an approved swap or payment carries, as Activity keeps it: the fee
 * account and bps from what the person approved, the mint from the reviewed fee account row.
 * Swaps and payments are journalled with it by the submitter, so fees.balances lists both.
 */
import type { PlatformFeePaid } from '../activity/activity-file';
import type { ReviewReport, SwapIntent } from '../review';

/**
 * Null when the transaction carries no platform fee.
 *
 * @example platformFeePaid(ticket.intent, ticket.report) // { feeAccount, mint, feeBps: 20, received: null }
 */
export function platformFeePaid(
  intent: Pick<SwapIntent, 'feeAccount' | 'platformFee'>,
  report: Pick<ReviewReport, 'balanceChanges'>,
): PlatformFeePaid | null {
  const { feeAccount, platformFee } = intent;
  if (feeAccount === null || platformFee === null) return null;
  const mint = report.balanceChanges.find((c) => c.account === feeAccount)?.mint;
  if (!mint) return null;
  return { feeAccount, mint, feeBps: platformFee.feeBps, received: null };
}
