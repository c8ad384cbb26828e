/**
 * Issue 35: a token its issuer has paused (main marks it `paused` in tokens.list and
 * tokens.search, read from the chain) is named so in the picker, before any quote is asked.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TokenInfo } from '../../../../preload/api-types';
import { optionName } from './TokenPicker';

const PAUS: TokenInfo = {
  mint: 'Gvmuxff3JGME8kNLuEy99w1mAkpn4u8GkKkbSDNz4xSK',
  symbol: 'PAUS',
  name: 'Pausable Token',
  decimals: 6,
  tokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  source: 'api',
  verified: true,
  hasLogo: false,
};

describe('the picker and a paused token', () => {
  it('names it paused while it is, and plainly once resumed', () => {
    expect(optionName({ ...PAUS, paused: true })).toBe('PAUS (paused by its issuer)');
    expect(optionName(PAUS)).toBe('PAUS');
    render(<ul>{<li aria-label={optionName({ ...PAUS, paused: true, verified: false })} />}</ul>);
    expect(
      screen.getByLabelText(`PAUS (paused by its issuer) (unverified, Gvmu…4xSK)`),
    ).toBeTruthy();
  });
});
