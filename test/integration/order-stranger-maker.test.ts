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
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatUnits } from '../../main/shared/amount';
import { shortAddress } from '../../main/review/words';
import {
  closeTransaction,
  legInstruction,
  openTransaction,
  transferLegs,
  userLeg,
} from '../fixtures/tamper/rebuild';
import { until } from './swap-flow-wallet';
import { airdrop, ataOf, faucet, tokenBalance, USDC, usePaySession } from './pay-helpers';

const PDLG = 'E9REZTBcoGZaPbveoQCVAon6tpMAw7nHLDnPco6LRuFi';
const AMOUNT = 10_000_000n; // 10 USDC
/** The stranger the hostile answers name as the market maker. */
const STRANGER = Keypair.generate();
const TWIN = Keypair.generate();
const pdlgOf = (owner: PublicKey) =>
  getAssociatedTokenAddressSync(new PublicKey(PDLG), owner, false, TOKEN_2022_PROGRAM_ID);
const strangerUsdc = new PublicKey(ataOf(STRANGER.publicKey.toBase58(), USDC));
let hostile = false;

/**
 * The /order fill with the stranger as its maker: the person's USDC goes to the stranger's
 * account, the stranger pays 1 base unit of PDLG, and signs (and pays the fee) in the maker's
 * place. Every other instruction is the sandbox's own.
 */
async function strangerFill(base64: string, maker: PublicKey, taker: PublicKey): Promise<string> {
  const opened = await openTransaction(Buffer.from(base64, 'base64'), pay.connection);
  const pays = transferLegs(opened).find((leg) => leg.authority.equals(maker));
  if (pays === undefined) throw new Error('no leg paid by the market maker');
  const takes = userLeg(opened, taker);
  opened.instructions[pays.index] = legInstruction(pays, {
    source: pdlgOf(STRANGER.publicKey),
    authority: STRANGER.publicKey,
    amount: 1n,
  });
  opened.instructions[takes.index] = legInstruction(takes, { destination: strangerUsdc });
  for (const instruction of opened.instructions) {
    for (const key of instruction.keys)
      if (key.pubkey.equals(maker)) key.pubkey = STRANGER.publicKey;
  }
  if (opened.payer.equals(maker)) opened.payer = STRANGER.publicKey;
  return Buffer.from(closeTransaction(opened, [])).toString('base64');
}

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
    transaction: await strangerFill(answer.transaction, maker, taker),
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

beforeAll(async () => {
  // The stranger: SOL for the fee, PDLG to pay its 1 base unit, a USDC account to take into.
  await airdrop(pay.connection, STRANGER.publicKey.toBase58(), 1_000_000_000);
  await faucet(pay.sandbox, STRANGER.publicKey.toBase58(), PDLG, 1_000_000n);
  await faucet(pay.sandbox, STRANGER.publicKey.toBase58(), USDC, 1n);
  await airdrop(pay.connection, TWIN.publicKey.toBase58(), 1_000_000_000);
  await faucet(pay.sandbox, TWIN.publicKey.toBase58(), USDC, AMOUNT);
});

describe('a co-signer paying a token gesture is no market maker (v2 /order)', () => {
  it('is harmful: the tampered fill, signed by a twin and the stranger, lands', async () => {
    const query = new URLSearchParams({
      inputMint: USDC,
      outputMint: PDLG,
      amount: AMOUNT.toString(),
      slippageBps: '100',
      taker: TWIN.publicKey.toBase58(),
    });
    const answer = (await (
      await fetch(`${pay.sandbox.rpcUrl}/swap/v2/order?${query.toString()}`)
    ).json()) as Record<string, unknown>;
    expect(answer.router).toBe('jupiterz');
    const tampered = await hostileOrder(answer);
    const tx = VersionedTransaction.deserialize(
      Buffer.from(tampered.transaction as string, 'base64'),
    );
    tx.sign([TWIN, STRANGER]);
    const twinUsdc = ataOf(TWIN.publicKey.toBase58(), USDC);
    const usdcBefore = await tokenBalance(pay.connection, twinUsdc);
    const signature = await pay.connection.sendRawTransaction(tx.serialize());
    await until(
      'the tampered fill',
      () => pay.connection.getSignatureStatus(signature),
      (s) =>
        s.value?.confirmationStatus === 'confirmed' || s.value?.confirmationStatus === 'finalized',
    );
    expect((await pay.connection.getSignatureStatus(signature)).value?.err).toBeNull();
    expect(usdcBefore - (await tokenBalance(pay.connection, twinUsdc))).toBe(AMOUNT);
    expect(await tokenBalance(pay.connection, pdlgOf(TWIN.publicKey).toBase58())).toBe(1n);
  });

  it('is refused in words: who the co-signer is, what it pays, what you accepted', async () => {
    await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
    hostile = true;
    try {
      const quote = await pay.wallet.call('swap.quote', {
        inputMint: USDC,
        outputMint: PDLG,
        amount: AMOUNT.toString(),
        slippage: { bps: 100 },
      });
      const ticket = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
      expect(ticket.report.accepted).toBe(false);
      const accepted = `${formatUnits(BigInt(quote.otherAmountThreshold), 6)} PDLG`;
      expect(ticket.report.refusals).toContain(
        `The swap service says ${shortAddress(STRANGER.publicKey.toBase58())} signs after you as your market maker, but it pays you only 0.000001 PDLG, less than the ${accepted} you accepted, so it is not the market maker of your swap. Do not approve it; get a fresh quote.`,
      );
      expect(ticket.report.refusals.join(' ')).toContain(
        `This transaction would move 10 USDC from your account to ${shortAddress(strangerUsdc.toBase58())}, an address that is not part of the swap: ${shortAddress(STRANGER.publicKey.toBase58())} pays you only 0.000001 PDLG, less than the ${accepted} you accepted, so it is not your swap's counterparty.`,
      );
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
    await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
    const quote = await pay.wallet.call('swap.quote', {
      inputMint: USDC,
      outputMint: PDLG,
      amount: AMOUNT.toString(),
      slippage: { bps: 100 },
    });
    const ticket = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.verdicts.find((v) => v.rule === 'awaited-signers')?.reason).toMatch(
      /^The market maker \S+ signs after you, when the swap is executed; it is the one paying you/,
    );
    const before = await tokenBalance(pay.connection, pdlgOf(new PublicKey(pay.payer)).toBase58());
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
    const gained =
      (await tokenBalance(pay.connection, pdlgOf(new PublicKey(pay.payer)).toBase58())) - before;
    expect(gained >= BigInt(quote.otherAmountThreshold)).toBe(true);
  });
});
