/**
 * Token-2022 transfer fees, seen from a payer who owes an exact amount (issue 21). The token
 * program withholds its fee from what arrives, so a TransferChecked of the invoice's amount
 * leaves the payee short (0.4995 TFEE for a 0.5 TFEE invoice at 10 bps). The payer must send
 * the amount grossed up: the least gross amount that arrives as exactly the amount.
 *
 * The fee itself is spl-token's own `calculateEpochFee` (the program's `calculate_fee`: the
 * amount times the basis points, rounded up, capped at the maximum, by the schedule of the
 * epoch); the gross is the program's `calculate_pre_fee_amount`, then checked against the fee
 * and moved to the least amount that nets exactly, since rounding can leave the inverse one
 * unit off. Kept small and free of the pay flow so the exact-payment builders can share it.
 */
import { calculateEpochFee, getTransferFeeConfig, type Mint } from '@solana/spl-token';
import { WalletError } from '../shared/errors';

/** A mint's two fee schedules (spl-token's TransferFeeConfig). */
export type TransferFeeSchedules = NonNullable<ReturnType<typeof getTransferFeeConfig>>;

const ONE_IN_BASIS_POINTS = 10_000n;
const U64_MAX = (1n << 64n) - 1n;

/** The mint's transfer fee schedules, or null for a mint without the extension. */
export function transferFeeOf(mint: Mint): TransferFeeSchedules | null {
  return getTransferFeeConfig(mint);
}

/** The fee the token program withholds when `gross` is transferred in `epoch`. */
export function transferFee(schedules: TransferFeeSchedules, epoch: bigint, gross: bigint): bigint {
  return calculateEpochFee(schedules, epoch, gross);
}

export interface GrossedUp {
  /** What the payer's transfer sends. */
  gross: bigint;
  /** What the token program withholds from it: gross − fee is exactly the amount owed. */
  fee: bigint;
}

/**
 * The least amount to transfer in `epoch` so that exactly `net` arrives, and the fee withheld.
 * Throws INVALID_AMOUNT when no u64 amount does (a fee of 100% with no cap room, or an amount
 * near u64's limit).
 *
 * @example grossUp(schedules, epoch, 500_000n) // TFEE at 10 bps: { gross: 500_501n, fee: 501n }
 */
export function grossUp(schedules: TransferFeeSchedules, epoch: bigint, net: bigint): GrossedUp {
  if (net <= 0n) return { gross: net, fee: 0n };
  const { transferFeeBasisPoints, maximumFee } =
    epoch >= schedules.newerTransferFee.epoch
      ? schedules.newerTransferFee
      : schedules.olderTransferFee;
  const bps = BigInt(transferFeeBasisPoints);
  let gross: bigint;
  if (bps === 0n) gross = net;
  else if (bps >= ONE_IN_BASIS_POINTS) gross = net + maximumFee;
  else {
    const denominator = ONE_IN_BASIS_POINTS - bps;
    const raw = (net * ONE_IN_BASIS_POINTS + denominator - 1n) / denominator;
    gross = raw - net >= maximumFee ? net + maximumFee : raw;
  }
  // gross − fee(gross) rises by 0 or 1 per unit of gross, so the least gross netting exactly
  // `net` is found by stepping from the inverse: up while short, down while the unit below
  // still nets exactly.
  const nets = (amount: bigint) => amount - transferFee(schedules, epoch, amount);
  for (let steps = 0; nets(gross) < net && steps < 4; steps++) gross += 1n;
  for (let steps = 0; gross > net && nets(gross - 1n) === net && steps < 4; steps++) gross -= 1n;
  if (gross > U64_MAX || nets(gross) !== net) {
    throw new WalletError(
      'INVALID_AMOUNT',
      'No transfer of this token makes exactly the requested amount arrive after its transfer fee. Ask the payee for another amount or token.',
    );
  }
  return { gross, fee: gross - net };
}
