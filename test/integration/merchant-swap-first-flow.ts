/**
 * The swap-first flow of a merchant's transaction request (issue 34 point 4), shared by the v6
 * and Swap API v2 suites: the review says what the person lacks of the paid token
 * (`shortfall`); merchant.swapFirst sizes a swap from the token picked (ExactOut of the
 * shortfall, or on v2 the smallest exact input whose wallet minimum covers it) and names the
 * most it spends; the swap is reviewed and approved on its own (swap.review, swap.approve);
 * the merchant is asked again (a fresh POST), its new transaction reviewed and paid; then the
 * merchant checks the payment as a real shop does, with @solana/pay's findReference and
 * validateTransfer (SPEC.md "Reference"; validateTransfer for SPL Token payments only, see
 * below).
 */
import { PublicKey } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import { expect } from 'vitest';
import {
  SANDBOX_MERCHANT,
  SANDBOX_MERCHANT_ITEMS,
  type SandboxMerchantItem,
} from '../../main/sandbox/merchant/merchant-shop';
import { ataOf, PYUSD, SOL, type PaySession } from './pay-helpers';
import { expectFoundByReference, expectValidTransfer } from './merchant-check';

/** What the person holds of `mint`: lamports for SOL, else the token account's balance. */
async function held(pay: PaySession, mint: string): Promise<bigint> {
  if (mint === SOL) return BigInt(await pay.connection.getBalance(new PublicKey(pay.payer)));
  return pay.tokenBalance(ataOf(pay.payer, mint));
}

/**
 * Pays `item` of the sandbox merchant from `from` through the swap first, asserting every step
 * a person sees; answers the payment's signature.
 */
export async function payThroughSwapFirst(
  pay: PaySession,
  item: SandboxMerchantItem,
  from: string,
  sizing: 'exact-out' | 'exact-in',
): Promise<string> {
  const { mint: mintKey, amount: price } = SANDBOX_MERCHANT_ITEMS[item];
  const mint = mintKey.toBase58();
  const amount = BigInt(new BigNumber(price).times(1e6).toFixed());
  const order = `swap-first-${item}-${Date.now()}`;
  const url = new URL(`/sandbox/merchant/${item}?order=${order}`, pay.sandbox.rpcUrl);
  const text = `solana:${encodeURIComponent(url.href)}`;

  const heldBefore = await held(pay, mint);
  expect(heldBefore).toBeLessThan(amount);
  const first = await pay.wallet.call('merchant.review', { text });
  expect(first.ticket.report.accepted).toBe(false);
  expect(first.shortfall).toBe((amount - heldBefore).toString());

  const swapFirst = await pay.wallet.call('merchant.swapFirst', {
    mint,
    shortfall: first.shortfall!,
    payWithMint: from,
  });
  expect(swapFirst.sizing).toBe(sizing);
  expect(swapFirst.quote).toMatchObject({ inputMint: from, outputMint: mint });
  // The most it spends, shown before signing: the ExactOut threshold, or the exact input.
  expect(swapFirst.maxSpend).toBe(
    sizing === 'exact-out' ? swapFirst.quote.maximumSpent : swapFirst.quote.inAmount,
  );
  if (sizing === 'exact-out') expect(swapFirst.quote.outAmount).toBe(first.shortfall);

  const spentFrom = await held(pay, from);
  const swap = await pay.wallet.call('swap.review', { quoteId: swapFirst.quote.quoteId });
  expect(swap.report.refusals).toEqual([]);
  const swapped = await pay.wallet.call('swap.approve', {
    ticketId: swap.ticketId,
    transactionBase64: swap.transactionBase64,
  });
  await pay.confirmedSignature(swapped.signature);
  const heldNow = await held(pay, mint);
  // Covered: exactly on ExactOut; at least, on v2 (the rest stays the person's).
  if (sizing === 'exact-out') expect(heldNow).toBe(amount);
  else expect(heldNow).toBeGreaterThanOrEqual(amount);
  if (from !== SOL) {
    expect(spentFrom - (await held(pay, from))).toBeLessThanOrEqual(BigInt(swapFirst.maxSpend));
  }

  // A fresh POST: the merchant's transaction built again, reviewed again, paid.
  const second = await pay.wallet.call('merchant.review', { text });
  expect(second.ticket.report.refusals).toEqual([]);
  expect(second.shortfall).toBeNull();
  const merchantAccount = ataOf(SANDBOX_MERCHANT.toBase58(), mint);
  const before = await pay.tokenBalance(merchantAccount);
  const paid = await pay.wallet.call('merchant.approve', {
    ticketId: second.ticket.ticketId,
    transactionBase64: second.ticket.transactionBase64,
  });
  const signature = await pay.confirmedSignature(paid.signature);
  expect((await pay.tokenBalance(merchantAccount)) - before).toBe(amount);
  expect(await held(pay, mint)).toBe(heldNow - amount);

  // The merchant's own check, as a shop makes it with @solana/pay.
  await expectFoundByReference(pay.connection, order, signature);
  // @solana/pay 0.2.6's validateTransfer looks for the recipient's SPL Token account only
  // (src/validateTransfer.ts: getAssociatedTokenAddress without a program), so it cannot find a
  // Token-2022 payment ("recipient not found"); the merchant's balance change above is that
  // check for PYUSD, and the reference found it.
  if (mint === PYUSD) return signature;
  await expectValidTransfer(pay.connection, order, signature, { price, splToken: mintKey });
  return signature;
}
