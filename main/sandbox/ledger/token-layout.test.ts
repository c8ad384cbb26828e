import { describe, expect, it } from 'vitest';
import { decodeMint, encodeMint, uiAmountString, uiTokenAmount } from './token-layout';

describe('token layouts', () => {
  it('formats amounts the way validators print uiAmountString', () => {
    expect(uiAmountString(0n, 6)).toBe('0');
    expect(uiAmountString(1n, 6)).toBe('0.000001');
    expect(uiAmountString(7_500_000n, 6)).toBe('7.5');
    expect(uiAmountString(25_000_000n, 6)).toBe('25');
    expect(uiAmountString(18446744073709551615n, 9)).toBe('18446744073.709551615');
    expect(uiAmountString(123n, 0)).toBe('123');
    expect(uiTokenAmount(1_234_500n, 5)).toEqual({
      amount: '1234500',
      decimals: 5,
      uiAmount: 12.345,
      uiAmountString: '12.345',
    });
  });

  it('round-trips a mint through its 82-byte layout', () => {
    const mint = {
      mintAuthority: 'BoCH4k8dHPzQ86F8Pyg2rvU3bjMJ5JSN74Npu4B2Rg7a',
      supply: 1_000_000_000_000n,
      decimals: 9,
      isInitialized: true,
      freezeAuthority: null,
    };
    const data = encodeMint(mint);
    expect(data).toHaveLength(82);
    expect(decodeMint(data)).toEqual(mint);
  });
});
