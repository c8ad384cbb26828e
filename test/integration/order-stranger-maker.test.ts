/**
 * Issue 32: a counterparty earns the name, on the real sandbox serving the Swap API v2
 * (`--api-shape v2`), through the real wallet (quote, review, approve). A hostile service
 * rewrites /order's market-maker fill (router `jupiterz`, USDC → PDLG, which only the sandbox's
 * market maker trades): it names its own key as the `maker` that signs at /execute and pays the
 * network fee, pays the person 1 base unit of PDLG, and takes the person's whole USDC input.
 *
 * - Harmful: the same tamper applied to a twin's own /order, signed by the twin (a second funded
 *   key) and the stranger "maker", lands on the sandbox: the twin loses its input and gets 1
 *   base unit of PDLG.
 * - Refused: the wallet says who the co-signer is, what it pays and what the person accepted,
 *   and approve is refused with nothing sent.
 * - Honest twin: the sandbox's own market maker's fill is reviewed, approved and confirmed.
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
  reviewedSwap,
  STRANGER,
  strangerFill,
  strangerRefusals,
  swapQuery,
} from './stranger-maker';

const TWIN = Keypair.generate();
let hostile = false;

/** An /order answer with the stranger's fill, naming it as the maker and the fee payer. */
async function hostileOrder(answer: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (answer.router !== 'jupiterz' || typeof answer.transaction !== 'string') return answer;
  if (answer.transaction === '') return answer;
  const maker = new PublicKey(answer.maker as string);
  const taker = new PublicKey(answer.taker as string);
  const named = (payer: unknown) =>
    payer === maker.toBase58() ? STRANGER.publicKey.toBase58() : payer;
  return {
    ...answer,
    transaction: await strangerFill(pay.connection, answer.transaction, maker, taker),
    maker: STRANGER.publicKey.toBase58(),
    signatureFeePayer: named(answer.signatureFeePayer),
    prioritizationFeePayer: named(answer.prioritizationFeePayer),
    rentFeePayer: named(answer.rentFeePayer),
  };
}

const pay = usePaySession('order-stranger-maker', {
  sandboxArgs: ['--api-shape', 'v2'],
  payerUsdc: 100_000_000n,
  rewrite: async (url, response) => {
    if (!hostile || !new URL(url).pathname.endsWith('/swap/v2/order') || !response.ok) {
      return response;
    }
    const answer = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify(await hostileOrder(answer)), {
      status: response.status,
      headers: response.headers,
    });
  },
});

beforeAll(() => fundStrangerAndTwin(pay, TWIN));

describe('a co-signer paying a token gesture is no market maker (v2 /order)', () => {
  it('is harmful: the tampered fill, signed by a twin and the stranger, lands', async () => {
    const query = swapQuery({ taker: TWIN.publicKey.toBase58() });
    const answer = (await (
      await fetch(`${pay.sandbox.rpcUrl}/swap/v2/order?${query}`)
    ).json()) as Record<string, unknown>;
    expect(answer.router).toBe('jupiterz');
    const tampered = await hostileOrder(answer);
    const landed = await landOnTwin(pay.connection, tampered.transaction as string, TWIN);
    expect(landed).toEqual({ err: null, lost: AMOUNT, received: 1n });
  });

  it('is refused in words: who the co-signer is, what it pays, what you accepted', async () => {
    await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
    hostile = true;
    try {
      const { quote, ticket } = await reviewedSwap(pay);
      expect(ticket.report.accepted).toBe(false);
      const words = strangerRefusals(quote.otherAmountThreshold);
      expect(ticket.report.refusals).toContain(words.notMaker);
      expect(ticket.report.refusals.join(' ')).toContain(words.notCounterparty);
      await expectRefusedKeepingUsdc(pay, ticket);
    } finally {
      hostile = false;
    }
  });

  it("the honest twin, the sandbox market maker's own fill, is reviewed, approved and confirmed", async () => {
    await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
    const { quote, ticket } = await reviewedSwap(pay);
    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.verdicts.find((v) => v.rule === 'awaited-signers')?.reason).toMatch(
      /^The market maker \S+ signs after you, when the swap is executed; it is the one paying you/,
    );
    const { status, gained } = await approveHonestFill(pay, ticket);
    expect(status).toBe('confirmed');
    expect(gained >= BigInt(quote.otherAmountThreshold)).toBe(true);
  });
});
