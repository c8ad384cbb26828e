/**
 * Activity's amounts read as the Wallet's (issue 26): a token the list leaves out is named from
 * the label main sends with the entry (its name, the mint's decimals, its verified mark), never
 * shown in base units while main could name it.
 */
import { describe, expect, it } from 'vitest';
import type { TokenInfo, TokenLabelView } from '../../../preload/api-types';
import { amountText, movementText } from './activity-text';
import { rememberMultipliers } from './token-scale';

const UNVR = '4V5ZVoUWuiCw7JRnD87JXhBXFVq6erXBXymz9z8y4Pki';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const usdc: TokenInfo = {
  mint: USDC,
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  source: 'api',
  verified: true,
  hasLogo: true,
};
const unvr: TokenLabelView = {
  mint: UNVR,
  symbol: 'UNVR',
  name: 'Unverified Token',
  decimals: 6,
  verified: false,
};

describe('amountText', () => {
  it('names a token the list leaves out from main’s label, in whole tokens', () => {
    expect(amountText(1_000_000_000n, UNVR, [usdc], [unvr])).toBe('1,000 UNVR (unverified)');
  });

  it('prefers the list’s entry when it has one', () => {
    const label = { ...unvr, mint: USDC, symbol: 'FAKE' };
    expect(amountText('2500000', USDC, [usdc], [label])).toBe('2.5 USDC');
  });

  it('names an unnamed mint by its short mint, still in whole tokens', () => {
    const unnamed = { ...unvr, symbol: null, name: null };
    expect(amountText('1500000', UNVR, [], [unnamed])).toBe('1.5 4V5Z…4Pki (unverified)');
  });

  it('falls back to base units only when nobody knows the decimals', () => {
    expect(amountText('1500000', UNVR, [], [])).toBe(
      '1500000 base units of 4V5Z…4Pki (unverified)',
    );
  });
});

describe('movementText for a scaled token (issue 35)', () => {
  const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';
  const xstk: TokenInfo = {
    ...usdc,
    mint: XSTK,
    symbol: 'XSTK',
    name: 'Scaled Stock Token',
    decimals: 8,
  };
  // Today: 3× (after a split); the network recorded 1,000 raw XSTK at 1.5× then.
  rememberMultipliers([{ mint: XSTK, multiplier: 3 }]);

  it('reads a past movement at the multiplier the network recorded it at', () => {
    expect(movementText(100_000_000_000n, '150000000000', XSTK, [xstk])).toBe(
      '1,500 XSTK (at the multiplier then in force)',
    );
  });

  it('says so when only today’s multiplier can be applied', () => {
    expect(movementText(-100_000_000_000n, undefined, XSTK, [xstk])).toBe(
      "3,000 XSTK (raw amount × today's 3× multiplier)",
    );
    // A UI amount equal to the raw one cannot tell an unscaled record from a 1× time.
    expect(movementText(100_000_000_000n, '100000000000', XSTK, [xstk])).toBe(
      "3,000 XSTK (raw amount × today's 3× multiplier)",
    );
  });

  it('leaves a plain token as it was', () => {
    expect(movementText(2_500_000n, '2500000', USDC, [usdc])).toBe('2.5 USDC');
  });
});
