import { describe, expect, it } from 'vitest';
import { WalletError } from '../../shared/errors';
import { SwapApiError } from '../swap-api-error';
import { asNoRoute, namedNoRoute, NO_ROUTE_WORDS } from './no-route';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MSOL = 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So';

const thrown = (fn: () => never): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

describe('a pair no route joins (issue 32)', () => {
  it('a 400 without a code is NO_ROUTE; a coded 400, a 429 or a 5xx stays what it was', () => {
    const plain = new SwapApiError('SWAP_API_REJECTED', 'x', { status: 400 });
    expect(thrown(() => asNoRoute(plain))).toMatchObject({
      code: 'NO_ROUTE',
      message: NO_ROUTE_WORDS,
    });
    for (const other of [
      new SwapApiError('SWAP_API_REJECTED', 'x', { status: 400, serviceCode: 'BAD' }),
      new SwapApiError('RATE_LIMITED', 'x', { status: 429 }),
      new SwapApiError('SWAP_API_UNREACHABLE', 'x', { status: 502 }),
      new SwapApiError('SWAP_API_REJECTED', 'x', { status: 401 }),
    ]) {
      expect(thrown(() => asNoRoute(other))).toBe(other);
    }
  });

  it('names the two tokens by symbol, else by mint; other errors pass through', async () => {
    const error = new SwapApiError('NO_ROUTE', NO_ROUTE_WORDS, { status: 400 });
    const named = await namedNoRoute(error, [USDC, MSOL], async () => ({ [USDC]: 'USDC' }));
    expect(named).toBeInstanceOf(WalletError);
    expect((named as WalletError).message).toBe(
      `No route joins USDC and ${MSOL} on this network. Choose another token.`,
    );
    const sizing = new WalletError('NO_ROUTE', 'After 5 quotes, no exact-input swap ...');
    expect(await namedNoRoute(sizing, [USDC, MSOL])).toBe(sizing);
    const other = new Error('boom');
    expect(await namedNoRoute(other, [USDC, MSOL])).toBe(other);
  });
});
