/**
 * The gross-up of a Token-2022 transfer fee (issue 21), judged by spl-token's own
 * `calculateEpochFee` (the fee as the token program computes it, a library nobody here wrote):
 * the gross always nets exactly the amount owed, and one unit less never does (the payer never
 * overpays). The sandbox's TFEE (10 bps, main/sandbox/tokens.ts) is the case of the issue.
 */
import { calculateEpochFee } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grossUp, transferFee, type TransferFeeSchedules } from './transfer-fee';

function schedules(
  bps: number,
  maximumFee: bigint,
  older?: { bps: number; maximumFee: bigint; newerFrom: bigint },
): TransferFeeSchedules {
  const newer = { epoch: older?.newerFrom ?? 0n, transferFeeBasisPoints: bps, maximumFee };
  return {
    transferFeeConfigAuthority: PublicKey.default,
    withdrawWithheldAuthority: PublicKey.default,
    withheldAmount: 0n,
    olderTransferFee: older
      ? { epoch: 0n, transferFeeBasisPoints: older.bps, maximumFee: older.maximumFee }
      : newer,
    newerTransferFee: newer,
  };
}

describe('grossUp', () => {
  it('sends 0.500501 TFEE for a 0.5 TFEE invoice at 10 bps, so exactly 0.5 arrives', () => {
    const tfee = schedules(10, 1_000_000_000n);
    expect(grossUp(tfee, 0n, 500_000n)).toEqual({ gross: 500_501n, fee: 501n });
    expect(500_501n - calculateEpochFee(tfee, 0n, 500_501n)).toBe(500_000n);
    // The wallet's old payment: the amount itself, which arrived short.
    expect(500_000n - transferFee(tfee, 0n, 500_000n)).toBe(499_500n);
  });

  it('adds nothing without a fee, and the cap once the fee reaches it', () => {
    expect(grossUp(schedules(0, 0n), 0n, 123n)).toEqual({ gross: 123n, fee: 0n });
    expect(grossUp(schedules(500, 7n), 0n, 1_000_000n)).toEqual({ gross: 1_000_007n, fee: 7n });
    expect(grossUp(schedules(10_000, 50n), 0n, 1_000n)).toEqual({ gross: 1_050n, fee: 50n });
    expect(grossUp(schedules(10, 1_000n), 0n, 0n)).toEqual({ gross: 0n, fee: 0n });
  });

  it('uses the schedule of the epoch: the older one before the newer takes effect', () => {
    const changing = schedules(100, 1_000_000n, { bps: 10, maximumFee: 1_000_000n, newerFrom: 5n });
    expect(grossUp(changing, 4n, 1_000_000n).fee).toBe(1_002n);
    expect(grossUp(changing, 5n, 1_000_000n).fee).toBe(10_102n);
  });

  it('nets exactly the amount, and one unit less never does, for any fee and amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 3n }),
        (bps, maximumFee, net, epoch) => {
          fc.pre(bps < 10_000 || net > 0n);
          const fee = schedules(bps, maximumFee, { bps: 25, maximumFee: 10n ** 9n, newerFrom: 2n });
          const { gross, fee: withheld } = grossUp(fee, epoch, net);
          expect(gross - calculateEpochFee(fee, epoch, gross)).toBe(net);
          expect(withheld).toBe(gross - net);
          if (gross > 0n) {
            expect(gross - 1n - calculateEpochFee(fee, epoch, gross - 1n)).toBeLessThan(net);
          }
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('refuses an amount no u64 transfer can deliver', () => {
    expect(() => grossUp(schedules(10, 10n ** 9n), 0n, (1n << 64n) - 2n)).toThrow(
      /exactly the requested amount/,
    );
  });
});
