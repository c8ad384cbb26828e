/**
 * Buying the sandbox's scaled token XSTK (Token-2022 Scaled UI Amount, issue 35) through the
 * real composition root, the real review and a real sandbox process: the balances carry the
 * multiplier, the review names the extension and the multiplier and says its amounts scaled,
 * the swap lands; and a review left open while the issuer changes the multiplier (POST
 * /sandbox/multiplier, Token-2022's own UpdateMultiplier) is refused at approval in words, with
 * nothing sent.
 */
import { describe, expect, it } from 'vitest';
import { useFundedWallet } from './funded-wallet-session';
import { formatScaledUnits } from '../../main/shared/scaled-amount';
import { statusOf, tokenAmount, USDC } from './swap-flow-wallet';

const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';

const session = useFundedWallet('swap-scaled', { accountName: 'Scaled', slotMs: 80 });

async function quoteAndReview(amount: string) {
  const quote = await session.wallet.call('swap.quote', {
    inputMint: USDC,
    outputMint: XSTK,
    amount,
    slippage: { bps: 100 },
  });
  const ticket = await session.wallet.call('swap.review', { quoteId: quote.quoteId });
  return { quote, ticket };
}

describe('a Scaled UI Amount token in the wallet', () => {
  it('gives XSTK with Get test funds, its balance carrying the 1.5× multiplier', async () => {
    const balances = await session.wallet.call('balances.get', { address: session.address });
    const xstk = balances.tokens.find((t) => t.mint === XSTK);
    expect(xstk).toMatchObject({ decimals: 8, amount: (1_000n * 10n ** 8n).toString() });
    expect(xstk?.multiplier).toBe(1.5);
    // What the Wallet screen shows for it: 1,000 raw tokens read as 1,500 XSTK.
    expect(formatScaledUnits(BigInt(xstk!.amount), 8, xstk!.multiplier!)).toBe('1500');
  });

  it('reviews a buy naming the extension and the multiplier, and lands it', async () => {
    const before = await session.wallet.call('balances.get', { address: session.address });
    const { quote, ticket } = await quoteAndReview('30000000'); // 30 USDC
    expect(ticket.report.refusals).toEqual([]);
    const scaled = ticket.report.tokenWarnings.find((w) => w.kind === 'scaled-amount');
    expect(scaled).toMatchObject({ mint: XSTK, mustAcknowledge: false, multiplier: 1.5 });
    expect(scaled?.sentence).toMatch(
      /^XSTK uses Token-2022's Scaled UI Amount: every XSTK amount here is shown at the issuer's multiplier, 1\.5× now/,
    );
    const approve = { ticketId: ticket.ticketId, transactionBase64: ticket.transactionBase64 };
    const sent = await session.wallet.call('swap.approve', approve);
    expect((await statusOf(session.wallet, sent.signature)).status).toBe('confirmed');
    const after = await session.wallet.call('balances.get', { address: session.address });
    const received = tokenAmount(after, XSTK) - tokenAmount(before, XSTK);
    expect(received).toBeGreaterThanOrEqual(BigInt(quote.minimumReceived!));
    // About 30 USDC / 200 USDC per XSTK = 0.15 XSTK as the person reads it (0.1 raw).
    expect(Number(formatScaledUnits(received, 8, 1.5))).toBeCloseTo(0.15, 2);
  });

  it('refuses, in words, a review left open while the multiplier changed', async () => {
    const { ticket } = await quoteAndReview('10000000');
    expect(ticket.report.accepted).toBe(true);
    const response = await fetch(`${session.sandbox.rpcUrl}/sandbox/multiplier`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mint: XSTK, multiplier: 3 }),
    });
    expect(response.status).toBe(200);
    const sendsBefore = session.wallet.sends();
    expect(
      await session.wallet.refusal('swap.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
      }),
    ).toMatchObject({
      code: 'TICKET_EXPIRED',
      message:
        "XSTK's multiplier changed from 1.5× to 3× since this review: the XSTK amounts it showed are no longer what you would see. Nothing was signed: review the swap again.",
    });
    expect(session.wallet.sends()).toBe(sendsBefore);
    // The next read picks the new multiplier up, with no restart.
    const balances = await session.wallet.call('balances.get', { address: session.address });
    expect(balances.tokens.find((t) => t.mint === XSTK)?.multiplier).toBe(3);
  });
});
