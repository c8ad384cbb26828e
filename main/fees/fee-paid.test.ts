import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import type { BalanceChange } from '../review';
import { platformFeePaid } from './fee-paid';

const FEE_ACCOUNT = 'Fee1111111111111111111111111111111111111111' as Address;
const SOL = 'So11111111111111111111111111111111111111112' as Address;

const feeRow: BalanceChange = {
  account: FEE_ACCOUNT,
  role: 'fee',
  mint: SOL,
  decimals: 9,
  owner: null,
  before: 0n,
  after: 975n,
  change: 975n,
  created: false,
  closed: false,
};

describe('platformFeePaid', () => {
  it('keeps the approved fee account and bps with the mint of its reviewed row', () => {
    const paid = platformFeePaid(
      { feeAccount: FEE_ACCOUNT, platformFee: { amount: 1000n, feeBps: 50 } },
      { balanceChanges: [feeRow] },
    );
    expect(paid).toEqual({ feeAccount: FEE_ACCOUNT, mint: SOL, feeBps: 50, received: null });
  });

  it('is null without a fee, or when the review shows no fee account', () => {
    expect(
      platformFeePaid({ feeAccount: null, platformFee: null }, { balanceChanges: [feeRow] }),
    ).toBeNull();
    expect(
      platformFeePaid(
        { feeAccount: FEE_ACCOUNT, platformFee: { amount: 1000n, feeBps: 50 } },
        { balanceChanges: [] },
      ),
    ).toBeNull();
  });
});
