/**
 * Issue 32, point 1 (the person's slippage, on every path): a GET /swap/v2/build (the Router
 * path, the default) answered with the service's own looser slippage, against the real sandbox
 * serving `--api-shape v2` with Jupiter's program (its routes' `route_v2`, whose `slippage_bps` is
 * the bound), or without it under SWAPDESK_TEST_JUPITER_PROGRAM=none (CP-Swap's own swaps).
 *
 * The person holds SOL and USDC and swaps 200 USDC to USDT at 0.5%; the wallet asks /build with
 * `slippageBps` 50. A hostile service answers with 4% anyway: `slippageBps` 400, the minimum of
 * 4%, and instructions whose on-chain minimums (CP-Swap's, or the route's) are those of 4%.
 *
 * - Harmful: the same tampered /build, asked for a twin (a second key the test holds, funded
 *   like the person), composed as an integrator would, signed by the twin and landed right after
 *   an attacker's trade ahead of it on the same pools, gives the twin less than the person's own
 *   0.5% bound, by more than 1% of the quote.
 * - Refused: the wallet refuses the person's quote in words naming 4.00% and 0.50% and what to
 *   do; nothing is reviewed, signed or sent, and the person's balances stay.
 * - Its honest twin: the sandbox's own answer (0.5%) is reviewed, accepted, approved and
 *   confirmed, with at least the person's bound received.
 */
import { describe, expect, it } from 'vitest';
import {
  expectHarmOnTwin,
  expectHonestSwapConfirmed,
  expectQuoteRefused,
  expectStatedMinimumRefused,
  useLooseSession,
} from './loose-slippage-twin';

const { session, refusing } = useLooseSession('build-loose-slippage', '/swap/v2/build');

describe('a /build answered with the service’s own 4% where the person chose 0.5%', () => {
  it('is harmful: the same tampered build, landed by a twin after an attacker’s trade, gives less than the person’s bound', async () => {
    await expectHarmOnTwin(session.sandbox, session.connection, 'build');
  });

  it('is refused at the quote in words naming both slippages and what to do; nothing is signed', async () => {
    await expectQuoteRefused(refusing(), '/swap/v2/build');
  });

  it('is refused at the quote when it states 0.5% but keeps the minimum of 4%, in words; nothing is signed', async () => {
    await expectStatedMinimumRefused(refusing(), '/swap/v2/build');
  });

  it('its honest twin (the sandbox’s own 0.5%) is reviewed, approved and confirmed', async () => {
    const { connection, wallet, payer } = session;
    await expectHonestSwapConfirmed(wallet, connection, payer);
    expect(wallet.urls.some((u) => new URL(u).pathname.endsWith('/swap/v2/build'))).toBe(true);
    expect(wallet.urls.some((u) => u.includes('/swap/v2/order'))).toBe(false);
  });
});
