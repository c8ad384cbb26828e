/**
 * Issue 32 point 2 on the v6 shape (the sandbox's default `/v6/quote` + `/swap`) and today's
 * v1 shape (`--api-shape v1`, `/swap/v1/quote` + `/swap`), through the real wallet: the v2 case of order-stranger-maker.test.ts, where the market maker's fill comes
 * pre-signed in /swap's answer. A hostile service rewrites that fill (USDC → PDLG, which only the
 * sandbox's market maker trades) so that a stranger stands in the maker's place, signs it, pays
 * the person 1 base unit of PDLG and takes the person's whole USDC input (stranger-maker.ts).
 *
 * - Harmful: the same tamper on a twin's own /swap answer, signed by the twin and the stranger,
 *   lands: the twin loses its 10 USDC and gets 1 base unit of PDLG.
 * - Refused in the wallet's words, and approve sends nothing.
 * - Honest twin: the sandbox maker's own fill is reviewed, approved and confirmed.
 */
import { Keypair, PublicKey } from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { until } from './swap-flow-wallet';
import { airdrop, ataOf, faucet, tokenBalance, USDC, usePaySession } from './pay-helpers';
import {
  AMOUNT,
  fundStranger,
  landOnTwin,
  makerOf,
  PDLG,
  pdlgOf,
  strangerFill,
  strangerRefusals,
} from './stranger-maker';

/** Registers the suite on a sandbox serving `shape`; call once at the top of a test file. */
export function strangerMakerSuite(shape: 'v6' | 'v1'): void {
  const base = shape === 'v1' ? '/swap/v1' : '/v6';
  const TWIN = Keypair.generate();
  let hostile = false;

  /** A /swap answer whose market-maker fill is the stranger's, signed by the stranger. */
  async function hostileSwap(answer: Record<string, unknown>, taker: PublicKey) {
    const wire = answer.swapTransaction as string;
    const maker = makerOf(wire, taker);
    return {
      ...answer,
      swapTransaction: await strangerFill(pay.connection, wire, maker, taker, true),
    };
  }

  const pay = usePaySession(`swap-${shape}-stranger-maker`, {
    payerUsdc: 100_000_000n,
    sandboxArgs: shape === 'v1' ? ['--api-shape', 'v1'] : [],
    rewrite: async (url, response) => {
      if (!hostile || !new URL(url).pathname.endsWith('/swap') || !response.ok) return response;
      const answer = (await response.json()) as Record<string, unknown>;
      const tampered = await hostileSwap(answer, new PublicKey(pay.payer));
      return new Response(JSON.stringify(tampered), {
        status: response.status,
        headers: response.headers,
      });
    },
  });

  const quoteOf = (wallet: typeof pay.wallet) =>
    wallet.call('swap.quote', {
      inputMint: USDC,
      outputMint: PDLG,
      amount: AMOUNT.toString(),
      slippage: { bps: 100 },
    });

  beforeAll(async () => {
    await fundStranger(pay.sandbox, pay.connection);
    await airdrop(pay.connection, TWIN.publicKey.toBase58(), 1_000_000_000);
    await faucet(pay.sandbox, TWIN.publicKey.toBase58(), USDC, AMOUNT);
  });

  describe(`a co-signer paying a token gesture is no market maker (${shape} /swap)`, () => {
    it('is harmful: the tampered fill, signed by a twin and the stranger, lands', async () => {
      const query = new URLSearchParams({
        inputMint: USDC,
        outputMint: PDLG,
        amount: AMOUNT.toString(),
        slippageBps: '100',
      });
      const quote = (await (
        await fetch(`${pay.sandbox.rpcUrl}${base}/quote?${query.toString()}`)
      ).json()) as { routePlan: { swapInfo: { label: string } }[] };
      expect(quote.routePlan.map((step) => step.swapInfo.label)).toEqual(['Sandbox Market Maker']);
      const answer = (await (
        await fetch(`${pay.sandbox.rpcUrl}${base}/swap`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ quoteResponse: quote, userPublicKey: TWIN.publicKey.toBase58() }),
        })
      ).json()) as Record<string, unknown>;
      const tampered = await hostileSwap(answer, TWIN.publicKey);
      const landed = await landOnTwin(pay.connection, tampered.swapTransaction, TWIN);
      expect(landed).toEqual({ err: null, lost: AMOUNT, received: 1n });
    });

    it('is refused in words: who the co-signer is, what it pays, what you accepted', async () => {
      hostile = true;
      try {
        const quote = await quoteOf(pay.wallet);
        const ticket = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
        expect(ticket.report.accepted).toBe(false);
        const words = strangerRefusals(quote.otherAmountThreshold);
        expect(ticket.report.refusals).toEqual([
          words.notCounterparty,
          `You would receive 0.000001 PDLG, less than the minimum of ${words.accepted} the quote promised.`,
        ]);
        const usdcBefore = await tokenBalance(pay.connection, ataOf(pay.payer, USDC));
        const refused = await pay.wallet.refusal('swap.approve', {
          ticketId: ticket.ticketId,
          transactionBase64: ticket.transactionBase64,
          risksAcknowledged: true,
        });
        expect(refused.code).toBe('GUARD_REFUSED');
        expect(await tokenBalance(pay.connection, ataOf(pay.payer, USDC))).toBe(usdcBefore);
      } finally {
        hostile = false;
      }
    });

    it("the honest twin, the sandbox market maker's own fill, is reviewed, approved and confirmed", async () => {
      const quote = await quoteOf(pay.wallet);
      const ticket = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
      expect(ticket.report.refusals).toEqual([]);
      const owner = new PublicKey(pay.payer);
      const before = await tokenBalance(pay.connection, pdlgOf(owner).toBase58());
      const swap = await pay.wallet.call('swap.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
        risksAcknowledged: true,
      });
      const status = await until(
        'the honest fill',
        () => pay.wallet.call('swap.status', { signature: swap.signature }),
        (s) => s.status !== 'pending',
      );
      expect(status.status).toBe('confirmed');
      const gained = (await tokenBalance(pay.connection, pdlgOf(owner).toBase58())) - before;
      expect(gained >= BigInt(quote.otherAmountThreshold)).toBe(true);
    });
  });
}
