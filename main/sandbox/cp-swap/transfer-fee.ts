/**
 * Token-2022 transfer fees as the token program charges them and as CP-Swap asks for them
 * (`get_transfer_fee` and `get_transfer_inverse_fee` in programs/cp-swap/src/utils/token.rs,
 * over spl-token-2022's `calculate_fee` and `calculate_pre_fee_amount`): the fee is the amount
 * times the basis points, rounded up, capped at the maximum; the inverse fee is what must be
 * added to an amount so that it arrives whole.
 */
import { ExtensionType, getExtensionData, TransferFeeConfigLayout } from '@solana/spl-token';
import { TOKEN_2022_PROGRAM_ID } from '../tokens';
import type { LedgerAccount } from '../ledger/ledger-view';

const ONE_IN_BASIS_POINTS = 10_000n;
const MINT_SIZE = 82;
const ACCOUNT_TYPE_OFFSET = 165;

export interface TransferFee {
  epoch: bigint;
  basisPoints: bigint;
  maximumFee: bigint;
}

/** Older and newer schedules; the newer applies from its epoch on. */
export interface TransferFeeConfig {
  older: TransferFee;
  newer: TransferFee;
}

/** The TransferFeeConfig of a mint account, or null (no Token-2022 mint, or no such extension). */
export function transferFeeConfigOf(mint: LedgerAccount | null): TransferFeeConfig | null {
  if (mint === null || mint.owner !== TOKEN_2022_PROGRAM_ID) return null;
  if (mint.data.length <= ACCOUNT_TYPE_OFFSET) return null;
  const tlv = Buffer.from(mint.data.subarray(ACCOUNT_TYPE_OFFSET + 1));
  const entry = getExtensionData(ExtensionType.TransferFeeConfig, tlv);
  if (entry === null || mint.data.length < MINT_SIZE) return null;
  const decoded = TransferFeeConfigLayout.decode(entry);
  const schedule = (fee: typeof decoded.newerTransferFee): TransferFee => ({
    epoch: fee.epoch,
    basisPoints: BigInt(fee.transferFeeBasisPoints),
    maximumFee: fee.maximumFee,
  });
  return { older: schedule(decoded.olderTransferFee), newer: schedule(decoded.newerTransferFee) };
}

function epochFee(config: TransferFeeConfig, epoch: bigint): TransferFee {
  return epoch >= config.newer.epoch ? config.newer : config.older;
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** The fee withheld when `amount` is transferred. */
export function transferFee(
  config: TransferFeeConfig | null,
  epoch: bigint,
  amount: bigint,
): bigint {
  if (config === null) return 0n;
  const fee = epochFee(config, epoch);
  if (fee.basisPoints === 0n || amount === 0n) return 0n;
  const raw = ceilDiv(amount * fee.basisPoints, ONE_IN_BASIS_POINTS);
  return raw < fee.maximumFee ? raw : fee.maximumFee;
}

/** The fee to add to `postFeeAmount` so that it arrives whole (CP-Swap's inverse fee). */
export function transferInverseFee(
  config: TransferFeeConfig | null,
  epoch: bigint,
  postFeeAmount: bigint,
): bigint {
  if (config === null) return 0n;
  const fee = epochFee(config, epoch);
  if (fee.basisPoints === ONE_IN_BASIS_POINTS) return fee.maximumFee;
  if (fee.basisPoints === 0n || postFeeAmount === 0n) return 0n;
  const raw = ceilDiv(postFeeAmount * ONE_IN_BASIS_POINTS, ONE_IN_BASIS_POINTS - fee.basisPoints);
  const preFee = raw - postFeeAmount >= fee.maximumFee ? postFeeAmount + fee.maximumFee : raw;
  return transferFee(config, epoch, preFee);
}
