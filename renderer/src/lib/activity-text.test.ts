/**
 * Activity's amounts read as the Wallet's (issue 26): a token the list leaves out is named from
 * the label main sends with the entry (its name, the mint's decimals, its verified mark), never
 * shown in base units while main could name it.
 */
import { describe, expect, it } from 'vitest';
import type { TokenInfo, TokenLabelView } from '../../../preload/api-types';
import { amountText } from './activity-text';

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
