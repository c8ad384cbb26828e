/**
 * A person with no SOL on the Swap API v2 (issue 32), through the real wallet (composition,
 * keychain, review) on a real sandbox serving `--api-shape v2`:
 *
 * - paying an invoice: the plan says the SOL is missing and what to swap first; that gasless
 *   swap (GET /order, the sandbox's gas payer paying its costs) is reviewed and confirmed on its
 *   own; the payment, planned again, is then reviewed and confirmed, and the payee gains exactly
 *   the amount;
 * - an order the service builds but the person cannot fund for want of SOL (a custom option
 *   makes it not gasless): the review says that SOL is missing, not the token (the docs' /order
 *   errorCode 2, docs-v2 "Order & Execute", Error codes).
 */
import { PublicKey } from '@solana/web3.js';
import { afterAll, describe, expect, it } from 'vitest';
import {
  approveAndConfirm,
  ataOf,
  confirmedSignature,
  faucet,
  newKey,
  tokenBalance,
  USDC,
  usePaySession,
} from './pay-helpers';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

const pay = usePaySession('pay-without-sol-v2', { sandboxArgs: ['--api-shape', 'v2'] });
const made: string[] = [];

afterAll(async () => {
  for (const address of made) {
    await pay.wallet.call('accounts.remove', { address }).catch(() => undefined);
  }
});

/** A new current account holding `usdc` base units of USDC and no SOL at all. */
async function personWithoutSol(usdc: bigint): Promise<string> {
  const address = (await pay.wallet.call('accounts.create', { label: 'No SOL' })).address;
  made.push(address);
  await faucet(pay.sandbox, address, USDC, usdc);
  expect(await pay.connection.getBalance(new PublicKey(address), 'confirmed')).toBe(0);
  return address;
}

describe('a person with no SOL on the Swap API v2', () => {
  it('pays an invoice: first a gasless swap into SOL, reviewed on its own, then the payment', async () => {
    const person = await personWithoutSol(50_000_000n);
    const recipient = await pay.payeeWithAccount(JUP);
    const reference = newKey();
    const text = `solana:${recipient}?amount=2&spl-token=${JUP}&reference=${reference}&memo=NO-SOL`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(plan.solFirst?.reason).toMatch(
      /^You have no SOL for the network fee: first swap \d+(\.\d+)? USDC into SOL \(gasless\), then pay\.$/,
    );
    expect(BigInt(plan.solFirst!.solLamports)).toBe(40_000_000n);

    // The swap into SOL, reviewed on its own: a gasless order, the person pays no SOL for it.
    const swapTicket = await pay.wallet.call('pay.solFirst', { planId: plan.planId });
    expect(swapTicket.report.refusals).toEqual([]);
    expect(swapTicket.report.accepted).toBe(true);
    const usdcBefore = await tokenBalance(pay.connection, ataOf(person, USDC));
    const submission = await pay.wallet.call('swap.approve', {
      ticketId: swapTicket.ticketId,
      transactionBase64: swapTicket.transactionBase64,
    });
    await confirmedSignature(pay.wallet, submission.signature);
    const spentUsdc = usdcBefore - (await tokenBalance(pay.connection, ataOf(person, USDC)));
    expect(spentUsdc).toBe(BigInt(plan.solFirst!.amount));
    const sol = BigInt(await pay.connection.getBalance(new PublicKey(person), 'confirmed'));
    expect(sol).toBeGreaterThan(30_000_000n);

    // Then the payment, planned again: no step before it now.
    const again = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(again.solFirst).toBeNull();
    const ticket = await pay.wallet.call('pay.review', { planId: again.planId });
    expect(ticket.report.refusals).toEqual([]);
    const before = await tokenBalance(pay.connection, ataOf(recipient, JUP));
    await approveAndConfirm(pay.wallet, ticket);
    expect((await tokenBalance(pay.connection, ataOf(recipient, JUP))) - before).toBe(2_000_000n);
  });

  it('says a plan needs no SOL-first step when the person holds SOL', async () => {
    await pay.wallet.call('accounts.select', { address: pay.payer });
    await faucet(pay.sandbox, pay.payer, USDC, 10_000_000n);
    const recipient = await pay.payeeWithAccount(JUP);
    const text = `solana:${recipient}?amount=1&spl-token=${JUP}`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(plan.solFirst).toBeNull();
    const refusal = await pay.wallet.refusal('pay.solFirst', { planId: plan.planId });
    expect(refusal).toEqual({
      code: 'NOT_AVAILABLE',
      message:
        'This payment needs no swap into SOL first: your account holds the SOL for its network fee. Review the payment.',
    });
  });

  it('says SOL is missing, not the token, when an order it cannot fund lacks only SOL', async () => {
    await personWithoutSol(50_000_000n);
    await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
    try {
      // Excluding a venue is a custom option: the order is not gasless, the person pays its fee.
      const quote = await pay.wallet.call('swap.quote', {
        inputMint: USDC,
        outputMint: JUP,
        amount: '3000000',
        slippage: { bps: 100 },
        options: { excludeDexes: ['Sandbox Market Maker'] },
      });
      const refusal = await pay.wallet.refusal('swap.review', { quoteId: quote.quoteId });
      expect(refusal).toEqual({
        code: 'SWAP_NOT_SIGNABLE',
        message:
          "Your account does not hold enough SOL to pay this swap's network fee (the token you pay is there). Add a little SOL to your account, then get a fresh quote.",
        // The service's own words ride apart, behind "Show the service's message".
        serviceMessage: 'Insufficient SOL for gas',
      });
    } finally {
      await pay.wallet.call('swapPath.set', { path: 'router' });
    }
  });
});
