/**
 * Jupiter's own platform fee on /order (issue 22), through the real wallet on a real sandbox
 * serving `--api-shape v2` with Jupiter's program and `--jupiter-fee by-pair`: with no referral
 * set, the sandbox's /order charges Jupiter's fee by pair as mainnet does (docs-v2 "Order &
 * Execute", Fees: SOL-stable 2 bps, taken in SOL), states it in `platformFee`, and Jupiter's
 * route_v2 pays it into the operator's (the sandbox's Jupiter's) wSOL account. The guard accepts
 * it as Jupiter's fee, not the integrator's, and the fee lands whole when the swap confirms. An
 * answer stating less than the route takes is refused.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_FEE_OPERATOR } from '../../main/shared/sandbox-operator';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import {
  ataOf,
  confirmedSignature,
  editedAnswer,
  SOL,
  tokenBalance,
  USDC,
  usePaySession,
} from './pay-helpers';

const jupiterSol = ataOf(SANDBOX_FEE_OPERATOR, SOL);
/** While set, the /order answer states this rate instead of its own (a service that lies). */
let statedBps: number | null = null;

const pay = usePaySession('order-jupiter-fee', {
  sandboxArgs: [
    '--api-shape',
    'v2',
    '--jupiter-program',
    JUPITER_PROGRAM_FIXTURE,
    '--jupiter-fee',
    'by-pair',
  ],
  rewrite: async (url, response) => {
    if (statedBps === null || !new URL(url).pathname.endsWith('/swap/v2/order')) return response;
    const stated = statedBps;
    return editedAnswer(response, (answer) => {
      answer.feeBps = stated;
      answer.platformFee = { ...(answer.platformFee as object), feeBps: stated };
    });
  },
});

describe("Jupiter's own fee on /order", () => {
  it('is accepted as Jupiter’s fee, lands whole in the account its route names, and confirms', async () => {
    await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
    const quote = await pay.wallet.call('swap.quote', {
      inputMint: SOL,
      outputMint: USDC,
      amount: '1000000000',
      slippage: { bps: 100 },
    });
    expect(quote.platformFee?.feeBps).toBe(2);
    // Shown as Jupiter's, in the token it is taken in (SOL, first by priority).
    expect(quote.serviceFee).toEqual({ by: 'Jupiter', feeBps: 2, amount: '200000', mint: SOL });
    expect(pay.wallet.urls.some((u) => u.includes('referralAccount='))).toBe(false);
    const ticket = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.verdicts.find((v) => v.rule === 'fee-account')?.reason).toMatch(
      /^Jupiter's platform fee of 2 bps \(0\.0002 SOL, its answer said 0\.0002 SOL\) goes to .*, the account its swap instruction names\. It is Jupiter's fee: no integrator fee is set/,
    );
    expect(ticket.report.balanceChanges.find((r) => r.role === 'service-fee')).toMatchObject({
      account: jupiterSol,
      change: '200000',
    });
    expect(
      ticket.report.instructions.some((i) => /a platform fee of 2 bps to /.test(i.summary)),
    ).toBe(true);
    const before = await tokenBalance(pay.connection, jupiterSol);
    const swap = await pay.wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    await confirmedSignature(pay.wallet, swap.signature);
    // 2 bps of 1 SOL, whole: Jupiter's route pays it, no operator share taken from it.
    expect((await tokenBalance(pay.connection, jupiterSol)) - before).toBe(200_000n);
  });

  it('refuses an order whose route takes more than its answer states', async () => {
    await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
    statedBps = 1;
    try {
      const quote = await pay.wallet.call('swap.quote', {
        inputMint: SOL,
        outputMint: USDC,
        amount: '500000000',
        slippage: { bps: 100 },
      });
      const ticket = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
      expect(ticket.report.accepted).toBe(false);
      expect(ticket.report.refusals.join(' ')).toContain(
        "The swap instruction takes a platform fee of 2 bps, more than the 1 bps Jupiter's answer states.",
      );
      const refused = await pay.wallet.refusal('swap.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
      });
      expect(refused.code).toBe('GUARD_REFUSED');
    } finally {
      statedBps = null;
    }
  });
});
