/**
 * A Solana Action (issue 34 point 5) end to end in main: the real composition root behind the
 * real registry, the real keychain and review, and the sandbox merchant's own action, "Tip the
 * barista" (main/sandbox/merchant/action-http.ts), over real HTTP. The site's page is resolved
 * through its actions.json (Solana Actions spec, packages/actions-spec/README.md
 * "actions.json"), the form's value checked in main, the POST's transaction reviewed as a
 * merchant's, signed, landed, and the chain's `links.next` callback followed (spec "Action
 * Chaining"); the shop checks the tip with @solana/pay's validateTransfer in that callback.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_MERCHANT } from '../../main/sandbox/merchant/merchant-shop';
import { ataOf, confirmedSignature, tokenBalance, USDC, usePaySession } from './pay-helpers';

const pay = usePaySession('action-pay', { payerUsdc: 100_000_000n });

const UNVERIFIED = /This action is unverified: Swapdesk cannot reach a registry of known actions/;

describe('the sandbox merchant\'s action "Tip the barista"', () => {
  it("is found from the shop's page through actions.json, with its title, icon, buttons and form", async () => {
    const origin = new URL(pay.sandbox.rpcUrl).origin;
    const action = await pay.wallet.call('action.open', { text: `${origin}/tip` });
    expect(action).toMatchObject({
      domain: new URL(origin).host,
      site: new URL(origin).host,
      type: 'action',
      title: 'Sandbox Coffee',
      disabled: false,
      error: null,
      iconNote: null,
    });
    expect(action.icon).toMatch(/^data:image\/png;base64,/);
    expect(action.verification).toMatch(UNVERIFIED);
    expect(action.links.map((link) => link.label)).toEqual(['Tip 1 USDC', 'Tip the barista']);
    expect(action.links[1]!.parameters).toEqual([
      expect.objectContaining({
        name: 'amount',
        type: 'number',
        required: true,
        min: '0.1',
        max: '50',
        patternDescription: 'An amount of USDC with at most 6 decimals, like 2.50',
      }),
    ]);
  });

  it('opens the same action from a solana-action: link and from an interstitial URL', async () => {
    const api = new URL('/sandbox/merchant/actions/tip', pay.sandbox.rpcUrl).href;
    for (const text of [
      `solana-action:${api}`,
      `https://dial.to/?action=${encodeURIComponent(`solana-action:${api}`)}`,
    ]) {
      const action = await pay.wallet.call('action.open', { text });
      expect(action).toMatchObject({ title: 'Sandbox Coffee', site: null });
    }
  });

  it("refuses in main a tip outside the form's pattern or bounds, and posts nothing", async () => {
    const origin = new URL(pay.sandbox.rpcUrl).origin;
    const { actionId } = await pay.wallet.call('action.open', { text: `${origin}/tip` });
    const posted = () => pay.wallet.urls.filter((url) => url.includes('/actions/tip?')).length;
    const before = posted();
    const pattern = await pay.wallet.refusal('action.review', {
      actionId,
      link: 1,
      values: { amount: '2.1234567' },
    });
    expect(pattern.code).toBe('INVALID_PAYMENT_REQUEST');
    expect(pattern.message).toBe(
      `"Tip in USDC" is not in the form asked: An amount of USDC with at most 6 decimals, like 2.50. Nothing was sent to ${new URL(origin).host}; correct the form and try again.`,
    );
    const high = await pay.wallet.refusal('action.review', {
      actionId,
      link: 1,
      values: { amount: '60' },
    });
    expect(high.message).toContain('"Tip in USDC" must be at most 50.');
    const missing = await pay.wallet.refusal('action.review', { actionId, link: 1, values: {} });
    expect(missing.message).toContain('"Tip in USDC" is required.');
    expect(posted()).toBe(before);
  });

  it('reviews the fixed "Tip 1 USDC" button: its words and its transaction agree', async () => {
    const origin = new URL(pay.sandbox.rpcUrl).origin;
    const { actionId } = await pay.wallet.call('action.open', { text: `${origin}/tip` });
    const review = await pay.wallet.call('action.review', { actionId, link: 0, values: {} });
    expect(review.ticket.report.refusals).toEqual([]);
    expect(review.amount).toBe('1000000');
    expect(review.summary).toMatch(/^Pays 1 USDC to /);
  });

  it('tips 2.5 USDC: reviewed as a merchant payment, signed, landed, and the next action followed', async () => {
    const origin = new URL(pay.sandbox.rpcUrl).origin;
    const domain = new URL(origin).host;
    const { actionId } = await pay.wallet.call('action.open', { text: `${origin}/tip` });
    const review = await pay.wallet.call('action.review', {
      actionId,
      link: 1,
      values: { amount: '2.5' },
    });
    const merchant = SANDBOX_MERCHANT.toBase58();
    expect(review.ticket.report.refusals).toEqual([]);
    expect(review.summary).toBe(
      `Pays 2.5 USDC to ${domain}'s account ${merchant.slice(0, 4)}…${merchant.slice(-4)}; creates nothing; asks nothing else of you.`,
    );
    expect(review.message).toBe('Thank you for tipping 2.5 USDC!');
    expect(review.verification).toMatch(UNVERIFIED);
    expect(review.chained).toBe(true);
    expect(review.ticket.report.feePayer).toBe(pay.payer);

    // Before the transaction is sent there is no next step to read.
    const before = await tokenBalance(pay.connection, ataOf(merchant, USDC));
    const submission = await pay.wallet.call('action.approve', {
      ticketId: review.ticket.ticketId,
      transactionBase64: review.ticket.transactionBase64,
    });
    const signature = await confirmedSignature(pay.wallet, submission.signature);
    expect((await tokenBalance(pay.connection, ataOf(merchant, USDC))) - before).toBe(2_500_000n);
    expect(await tokenBalance(pay.connection, ataOf(pay.payer, USDC))).toBe(97_500_000n);

    // The chain: the callback gets {account, signature}, validates the tip, answers `completed`.
    const next = await pay.wallet.call('action.next', { signature });
    expect(next).toMatchObject({
      type: 'completed',
      title: 'Sandbox Coffee',
      description: 'Your tip of 2.5 USDC landed. The barista thanks you!',
      links: [],
    });
    const entry = (await pay.wallet.call('activity.list', {})).find(
      (e) => e.signature === signature,
    );
    expect(entry?.payment).toMatchObject({ amount: '2500000', label: 'Tip the barista' });
  });
});
