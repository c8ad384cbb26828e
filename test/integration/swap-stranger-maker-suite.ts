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
import { usePaySession } from './pay-helpers';
import {
  AMOUNT,
  approveHonestFill,
  expectRefusedKeepingUsdc,
  fundStrangerAndTwin,
  landOnTwin,
  makerOf,
  reviewedSwap,
  strangerFill,
  strangerRefusals,
  swapQuery,
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

  beforeAll(() => fundStrangerAndTwin(pay, TWIN));

  describe(`a co-signer paying a token gesture is no market maker (${shape} /swap)`, () => {
    it('is harmful: the tampered fill, signed by a twin and the stranger, lands', async () => {
      const quote = (await (
        await fetch(`${pay.sandbox.rpcUrl}${base}/quote?${swapQuery()}`)
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
        const { quote, ticket } = await reviewedSwap(pay);
        expect(ticket.report.accepted).toBe(false);
        const words = strangerRefusals(quote.otherAmountThreshold);
        expect(ticket.report.refusals).toEqual([
          words.notCounterparty,
          `You would receive 0.000001 PDLG, less than the minimum of ${words.accepted} the quote promised.`,
        ]);
        await expectRefusedKeepingUsdc(pay, ticket);
      } finally {
        hostile = false;
      }
    });

    it("the honest twin, the sandbox market maker's own fill, is reviewed, approved and confirmed", async () => {
      const { quote, ticket } = await reviewedSwap(pay);
      expect(ticket.report.refusals).toEqual([]);
      const { status, gained } = await approveHonestFill(pay, ticket);
      expect(status).toBe('confirmed');
      expect(gained >= BigInt(quote.otherAmountThreshold)).toBe(true);
    });
  });
}
