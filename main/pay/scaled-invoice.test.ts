/**
 * A Solana Pay amount in a Scaled UI Amount token is in the token's UI units (issue 35): the
 * payer sends raw = amount / multiplier, rounded down, never more than the link asks for.
 */
import { describe, expect, it } from 'vitest';
import { amountInBaseUnits, parseTransferRequest } from './solana-pay-url';
import { formatScaledUnits } from '../shared/scaled-amount';

const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';
const RECIPIENT = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

describe('an invoice in a scaled token', () => {
  it('reads the link amount as UI units at the multiplier', () => {
    const request = parseTransferRequest(`solana:${RECIPIENT}?amount=3&spl-token=${XSTK}`);
    expect(request.amount).toBe('3');
    // 3 XSTK at 1.5× is 2 raw tokens of 8 decimals; at 1 it would be 3.
    expect(amountInBaseUnits('3', 8, 1.5)).toBe(200_000_000n);
    expect(amountInBaseUnits('3', 8)).toBe(300_000_000n);
  });

  it('rounds down when the amount does not divide, so the payee never gets more than asked', () => {
    const raw = amountInBaseUnits('1', 8, 3);
    expect(raw).toBe(33_333_333n);
    expect(formatScaledUnits(raw, 8, 3)).toBe('0.99999999');
  });

  it('refuses an amount that rounds down to nothing, in words', () => {
    expect(() => amountInBaseUnits('0.00000001', 8, 3)).toThrow(
      'A payment of zero cannot be made; enter the amount.',
    );
  });
});
