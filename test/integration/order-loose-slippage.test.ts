/**
 * Issue 32, point 1 (the person's slippage, on every path): a manual (not gasless) GET
 * /swap/v2/order answered with the service's own looser slippage, against the real sandbox
 * serving `--api-shape v2`, on the Best price (Meta-Aggregator) path; with Jupiter's program
 * (the route's `slippage_bps` is the bound), or without it under SWAPDESK_TEST_JUPITER_PROGRAM=none.
 *
 * The person holds 20 SOL (above the 0.01 SOL under which the wallet asks plainly for a gasless
 * order) and USDC, and swaps 200 USDC to USDT at 0.5%: the wallet asks /order with its own
 * `slippageBps` 50. A hostile service answers with 4% anyway: `slippageBps` 400, the minimum of
 * 4%, and a transaction whose on-chain minimums are those of 4%.
 *
 * - Harmful: the same tampered order, asked for a twin (a second key the test holds, funded
 *   like the person), signed by the twin and landed right after an attacker's trade ahead of it
 *   on the same pools, gives the twin less than the person's own 0.5% bound, by more than 1%.
 * - Refused: the wallet refuses the person's quote in words naming 4.00% and 0.50% and what to
 *   do; nothing is reviewed, signed or sent to /execute, and the person's balances stay.
 * - Its honest twin: the sandbox's own answer (0.5%) is reviewed, accepted, approved, sent
 *   through /execute and confirmed, with at least the person's bound received.
 */
import { PublicKey } from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHOSEN_BPS,
  expectHarmOnTwin,
  expectHonestSwapConfirmed,
  expectQuoteRefused,
  expectStatedMinimumRefused,
  useLooseSession,
} from './loose-slippage-twin';

const { session, refusing } = useLooseSession('order-loose-slippage', '/swap/v2/order');

beforeAll(async () => {
  await session.wallet.call('swapPath.set', { path: 'meta-aggregator' });
});

describe('a manual /order answered with the service’s own 4% where the person chose 0.5%', () => {
  it('is harmful: the same tampered order, landed by a twin after an attacker’s trade, gives less than the person’s bound', async () => {
    // Not gasless: the twin holds SOL and asks with its slippage, so it pays and signs alone.
    await expectHarmOnTwin(session.sandbox, session.connection, 'order');
  });

  it('is refused at the quote in words naming both slippages and what to do; nothing is signed', async () => {
    const asked = await expectQuoteRefused(refusing(), '/swap/v2/order');
    // A manual order: asked with the wallet's own parameters, the unreadable routers left out.
    expect(asked.searchParams.get('excludeRouters')).toBe('dflow,okx');
  });

  it('is refused at the quote when it states 0.5% but keeps the minimum of 4%, in words; nothing is signed', async () => {
    await expectStatedMinimumRefused(refusing(), '/swap/v2/order');
  });

  it('its honest twin (the sandbox’s own 0.5%) is reviewed, approved, executed and confirmed', async () => {
    const { connection, wallet, payer } = session;
    const asked = wallet.urls.length;
    const solBefore = await connection.getBalance(new PublicKey(payer));
    await expectHonestSwapConfirmed(wallet, connection, payer, (quote, ticket) => {
      // Asked with the person's slippage: not gasless, the person pays the network fee.
      expect(quote.slippageChosenByService).toBeNull();
      expect(ticket.report.feePayer).toBe(payer);
    });
    const urls = wallet.urls.slice(asked);
    const order = urls.find((u) => new URL(u).pathname.endsWith('/swap/v2/order'))!;
    expect(new URL(order).searchParams.get('slippageBps')).toBe(String(CHOSEN_BPS));
    expect(urls.some((u) => u.endsWith('/swap/v2/execute'))).toBe(true);
    expect(await connection.getBalance(new PublicKey(payer))).toBeLessThan(solBefore);
  });
});
