import { describe, expect, it } from 'vitest';
import { isAddress } from '../shared/address';
import { BUNDLED_TOKENS } from './tokens';

const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
];

describe('the bundled mainnet token list', () => {
  it('holds well-known tokens with valid mints, one entry per mint and symbol', () => {
    expect(BUNDLED_TOKENS.length).toBeGreaterThanOrEqual(10);
    for (const token of BUNDLED_TOKENS) {
      expect(isAddress(token.mint)).toBe(true);
      expect(TOKEN_PROGRAMS).toContain(token.tokenProgram);
      expect(token.verified).toBe(true);
    }
    expect(new Set(BUNDLED_TOKENS.map((t) => t.mint)).size).toBe(BUNDLED_TOKENS.length);
    expect(new Set(BUNDLED_TOKENS.map((t) => t.symbol)).size).toBe(BUNDLED_TOKENS.length);
    expect(BUNDLED_TOKENS.find((t) => t.symbol === 'SOL')).toMatchObject({
      mint: 'So11111111111111111111111111111111111111112',
      decimals: 9,
    });
    // PYUSD is a Token-2022 mint: a wallet that assumed SPL Token would build wrong accounts.
    expect(BUNDLED_TOKENS.find((t) => t.symbol === 'PYUSD')?.tokenProgram).toBe(TOKEN_PROGRAMS[1]);
  });
});
