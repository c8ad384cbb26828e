/**
 * Referral fees on the Swap API v2's /order (issue 22 point 4), through the real wallet on a
 * real sandbox serving `--api-shape v2`: the integrator names a referral account (Jupiter's
 * Ultra project), sees that /order would pay nothing in any token, creates the V2 token
 * accounts (SOL and USDC first) through a reviewed fee transaction, then a Best price swap's
 * referral fee lands in the SOL token account, held there by the guard's fee rule. An /order
 * answer naming another referral account is refused before anything is shown, and an /order
 * transaction whose fee goes to another account than its answer says is refused by the guard.
 *
 * The sandbox has no referral program binary (resources/programs holds none): the referral
 * account itself cannot be created or claimed here (main/sandbox/README.md). Its token
 * accounts are plain associated token accounts, which the real ATA program creates.
 */
import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { namedReferralAccount, ULTRA_REFERRAL_PROJECT } from '../../main/fees/referral-v2';
import { ataOf, editedAnswer, newKey, SOL, USDC, usePaySession } from './pay-helpers';

const referral = namedReferralAccount(ULTRA_REFERRAL_PROJECT, 'swapdesk');
const referralSol = ataOf(referral, SOL);
/** The /order answer's referral account is replaced with this one while set. */
let answerFor: string | null = null;
/** The /order transaction's account `from` is replaced with `to` while set (a hostile service). */
let redirect: { from: string; to: string } | null = null;

function redirected(transaction: string, swap: { from: string; to: string }): string {
  const tx = VersionedTransaction.deserialize(Buffer.from(transaction, 'base64'));
  const keys = tx.message.staticAccountKeys;
  const index = keys.findIndex((key) => key.toBase58() === swap.from);
  expect(index).toBeGreaterThan(0);
  keys[index] = new PublicKey(swap.to);
  return Buffer.from(tx.serialize()).toString('base64');
}

const pay = usePaySession('order-referral-fee', {
  sandboxArgs: ['--api-shape', 'v2'],
  rewrite: async (url, response) => {
    const tampering = answerFor !== null || redirect !== null;
    if (!tampering || !new URL(url).pathname.endsWith('/swap/v2/order')) return response;
    const [account, swap] = [answerFor, redirect];
    return editedAnswer(response, (answer) => {
      if (account !== null) answer.referralAccount = account;
      if (swap !== null && typeof answer.transaction === 'string' && answer.transaction) {
        answer.transaction = redirected(answer.transaction, swap);
      }
    });
  },
});

/** A swap.quote request of `amount` lamports of SOL into USDC at 1%. */
const solToUsdc = (amount: string) =>
  ({ inputMint: SOL, outputMint: USDC, amount, slippage: { bps: 100 } }) as const;

describe('the referral fee of /order', () => {
  it('creates the token accounts by priority, then a Best price swap pays the referral fee into them', async () => {
    const settings = await pay.wallet.call('fees.set', {
      enabled: true,
      orderReferral: { name: 'swapdesk', feeBps: 80 },
    });
    expect(settings.orderReferral).toEqual({ name: 'swapdesk', feeBps: 80, account: referral });
    const before = await pay.wallet.call('fees.orderReferral', {});
    expect(before.account).toBe(referral);
    expect(before.programDeployed).toBe(false);
    expect(before.onChain).toBeNull();
    expect(before.tokenAccounts.slice(0, 2).map((t) => t.symbol)).toEqual(['SOL', 'USDC']);
    expect(before.payingNothing).toEqual(before.tokenAccounts.map((t) => t.mint));

    const create = await pay.wallet.call('fees.createOrderReferralTokenAccounts', {});
    expect(create.report.refusals).toEqual([]);
    // Tokens are named as the Wallet names them (USDC), never as "token EPjF…Dt1v".
    const words = [
      ...create.report.verdicts.map((v) => v.reason),
      ...create.report.instructions.map((i) => i.summary),
    ].join(' ');
    expect(words).not.toMatch(/token [1-9A-HJ-NP-Za-km-z]{4}…/);
    const sent = await pay.wallet.call('fees.approve', {
      ticketId: create.ticketId,
      transactionBase64: create.transactionBase64,
    });
    await pay.confirmedSignature(sent.signature);
    const after = await pay.wallet.call('fees.orderReferral', {});
    // Four at a time, in priority order: SOL, USDC, USDT, PYUSD exist now.
    expect(after.tokenAccounts.slice(0, 4).every((t) => t.exists && t.balance === '0')).toBe(true);
    expect(after.payingNothing).not.toContain(SOL);
    expect(after.payingNothing).not.toContain(USDC);
    expect(after.tokenAccounts[0]?.address).toBe(referralSol);

    await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
    const quote = await pay.wallet.call('swap.quote', solToUsdc('1000000000'));
    expect(quote.platformFee?.feeBps).toBe(80);
    expect(
      pay.wallet.urls.some((u) => u.includes('referralAccount=') && u.includes('referralFee=80')),
    ).toBe(true);
    const ticket = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(ticket.report.refusals).toEqual([]);
    const feeVerdict = ticket.report.verdicts.find((v) => v.rule === 'fee-account');
    expect(feeVerdict?.reason).toMatch(/Your fee account .* receives/);
    const feeBefore = (await pay.tokenBalance(referralSol)) ?? 0n;
    const swap = await pay.wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    await pay.confirmedSignature(swap.signature);
    // 80 bps of 1 SOL, taken in SOL (first by priority), less the sandbox operator's 2.5%.
    const earned = (await pay.tokenBalance(referralSol)) - feeBefore;
    expect(earned).toBe(8_000_000n - (8_000_000n * 25n) / 1000n);
    const shown = await pay.wallet.call('fees.orderReferral', {});
    expect(shown.tokenAccounts[0]?.balance).toBe(earned.toString());
  });

  it('refuses an /order answer for another referral account', async () => {
    await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
    answerFor = namedReferralAccount(ULTRA_REFERRAL_PROJECT, 'someone-else');
    try {
      const refused = await pay.wallet.refusal('swap.quote', solToUsdc('100000000'));
      expect(refused.code).toBe('SWAP_API_BAD_RESPONSE');
      expect(refused.message).toContain(answerFor);
    } finally {
      answerFor = null;
    }
  });

  it('refuses an /order transaction whose referral fee goes elsewhere than its answer says', async () => {
    await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
    const stranger = newKey();
    await pay.faucet(stranger, SOL, 1n);
    const strangerSol = ataOf(stranger, SOL);
    redirect = { from: referralSol, to: strangerSol };
    try {
      const quote = await pay.wallet.call('swap.quote', solToUsdc('200000000'));
      expect(quote.platformFee?.feeBps).toBe(80);
      const ticket = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
      expect(ticket.report.accepted).toBe(false);
      expect(ticket.report.verdicts.find((v) => v.rule === 'fee-account' && !v.ok)?.reason).toMatch(
        /would go to .*not to your configured fee account/,
      );
      const refused = await pay.approvalRefusal('swap.approve', ticket);
      expect(refused.code).toBe('GUARD_REFUSED');
    } finally {
      redirect = null;
    }
  });
});
