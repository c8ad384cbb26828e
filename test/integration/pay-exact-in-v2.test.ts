/**
 * Exact payments on the Swap API v2, which quotes exact input only (issue 22 point 3), through
 * the real wallet (composition, keychain, review) on a real sandbox serving `--api-shape v2`:
 * the plan sizes an exact-input swap (GET /build) into the payer's own account, the
 * transaction ends with the memo and the transfer of exactly the amount, and a merchant finds
 * and validates it by its reference as today. A Token-2022 transfer-fee token (TFEE) is paid
 * grossed up so the payee's account gains exactly the amount. A service that changes the swap
 * after the plan (a larger input, or a smaller one that would leave the transfer to the
 * payer's own balance) is refused by the guard, nothing sent.
 */
import { PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import { ataOf, editedAnswer, newKey, SOL, USDC, usePaySession } from './pay-helpers';
import { paymentByReference, tokenGain } from './pay-merchant-view';

const TFEE = '4AVWP3Tbjcrgr7mLp7RVqUTiZAE5y8YNDamyBP1HUXFk';
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/** The swap service's tamper of the moment (null: honest). */
let tamper: ((answer: Record<string, unknown>) => void) | null = null;

const pay = usePaySession('pay-exact-in-v2', {
  sandboxArgs: ['--api-shape', 'v2'],
  rewrite: async (url, response) => {
    if (tamper === null || !new URL(url).pathname.endsWith('/swap/v2/build') || !response.ok) {
      return response;
    }
    return editedAnswer(response, tamper);
  },
});

const tfeeAccountOf = (owner: string) =>
  getAssociatedTokenAddressSync(
    new PublicKey(TFEE),
    new PublicKey(owner),
    true,
    TOKEN_2022_PROGRAM_ID,
  ).toBase58();

/**
 * The merchant's validation (Solana Pay's findReference + validateTransfer, with the RPC only):
 * the one signature found by the reference; the payee account's balance change is exactly the
 * amount; the last instruction is a TransferChecked to it carrying the reference read-only,
 * right after the memo.
 */
async function merchantCheck(invoice: {
  payeeAccount: string;
  mint: string;
  amount: bigint;
  reference: string;
  memo: string;
}) {
  const { signature, tx, keys } = await paymentByReference(pay.connection, invoice.reference);
  const index = keys.indexOf(invoice.payeeAccount);
  expect(tx.meta!.postTokenBalances?.find((b) => b.accountIndex === index)?.mint).toBe(
    invoice.mint,
  );
  expect(tokenGain(tx, index)).toBe(invoice.amount);
  const instructions = tx.transaction.message.compiledInstructions;
  const last = instructions.at(-1)!;
  const before = instructions.at(-2)!;
  expect(last.data[0]).toBe(12); // TransferChecked
  expect(keys[last.accountKeyIndexes[2]!]).toBe(invoice.payeeAccount);
  expect(last.accountKeyIndexes.slice(4).map((i) => keys[i])).toEqual([invoice.reference]);
  expect(tx.transaction.message.isAccountWritable(keys.indexOf(invoice.reference))).toBe(false);
  expect(keys[before.programIdIndex]).toBe(MEMO_PROGRAM);
  expect(Buffer.from(before.data).toString('utf8')).toBe(invoice.memo);
  return { signature, last: Buffer.from(last.data) };
}

describe('exact payments on a service without exact output (Swap API v2)', () => {
  it('pays a USDC invoice from SOL: exact-input swap into the payer, memo, transfer of exactly the amount', async () => {
    expect(pay.sandbox.swapApiUrl).toMatch(/\/swap\/v2$/);
    const recipient = await pay.payeeWithAccount(USDC);
    const reference = newKey();
    const text = `solana:${recipient}?amount=3.75&spl-token=${USDC}&reference=${reference}&memo=INV-V2-1`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: SOL });
    expect(plan).toMatchObject({ kind: 'swap', route: 'swap-exact-in', amount: '3750000' });
    expect(plan.quote?.swapMode).toBe('ExactIn');
    // "You pay at most X": the swap's exact input.
    expect(plan.maxSpend).toBe(plan.quote?.inAmount);
    expect(plan.exactIn).toMatchObject({ transferAmount: '3750000', transferFee: '0' });
    const leftover = BigInt(plan.exactIn!.leftoverAtLeast);
    expect(leftover).toBeGreaterThanOrEqual(0n);
    // Sized, not padded: what is left at the wallet's minimum is below 1 bps of the amount.
    expect(leftover).toBeLessThanOrEqual(3_750_000n / 10_000n + 1n);
    const buildCalls = pay.wallet.urls.filter((u) => u.includes('/swap/v2/build')).length;
    expect(buildCalls).toBeGreaterThanOrEqual(1);
    expect(pay.wallet.urls.some((u) => u.includes('/swap/v2/quote'))).toBe(false);

    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    const paymentReason = ticket.report.verdicts.find((v) => v.rule === 'payment')?.reason;
    expect(paymentReason).toMatch(
      /pays exactly 3\.75 \S+.* with the reference key, after the memo/,
    );
    const payerUsdc = ataOf(pay.payer, USDC);
    const payerBefore = await pay.tokenBalance(payerUsdc);
    const solBefore = BigInt(await pay.connection.getBalance(new PublicKey(pay.payer)));
    const signature = await pay.approveAndConfirm(ticket);
    const checked = await merchantCheck({
      payeeAccount: ataOf(recipient, USDC),
      mint: USDC,
      amount: 3_750_000n,
      reference,
      memo: 'INV-V2-1',
    });
    expect(checked.signature).toBe(signature);
    // What is left stays with the payer, at least what the plan said.
    const kept = (await pay.tokenBalance(payerUsdc)) - payerBefore;
    expect(kept).toBeGreaterThanOrEqual(leftover);
    // The payer spent exactly the swap's input, plus the network fee and the rent of its new
    // USDC account (shown before the review).
    const receipt = await pay.wallet.call('pay.receipt', { signature });
    const spent = solBefore - BigInt(await pay.connection.getBalance(new PublicKey(pay.payer)));
    expect(spent).toBe(
      BigInt(plan.maxSpend) +
        BigInt(receipt.networkFeeLamports) +
        BigInt(plan.payerAccountRentLamports),
    );
  });

  it('pays a TFEE (Token-2022 transfer fee) invoice from USDC: the payee gains exactly the amount', async () => {
    await pay.faucet(pay.payer, USDC, 50_000_000n);
    const recipient = newKey();
    await pay.faucet(recipient, TFEE, 1n);
    const payeeAccount = tfeeAccountOf(recipient);
    const reference = newKey();
    const text = `solana:${recipient}?amount=0.5&spl-token=${TFEE}&reference=${reference}&memo=INV-TFEE`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(plan.route).toBe('swap-exact-in');
    // 0.1% fee: 500,000 arrives from a transfer of 500,501 (the least that nets exactly).
    expect(plan.exactIn).toMatchObject({ transferAmount: '500501', transferFee: '501' });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    const before = await pay.tokenBalance(payeeAccount);
    await pay.approveAndConfirm(ticket);
    const { last } = await merchantCheck({
      payeeAccount,
      mint: TFEE,
      amount: 500_000n,
      reference,
      memo: 'INV-TFEE',
    });
    expect(last.readBigUInt64LE(1)).toBe(500_501n); // the transfer moved the gross amount
    expect((await pay.tokenBalance(payeeAccount)) - before).toBe(500_000n);
  });

  it('refuses a /build that takes more input than planned, and one whose swap falls short of the transfer', async () => {
    // The payer holds USDC to pay with, and TFEE of its own that a short swap could dip into.
    await pay.faucet(pay.payer, USDC, 10_000_000n);
    await pay.faucet(pay.payer, TFEE, 2_000_000n);
    const recipient = newKey();
    await pay.faucet(recipient, TFEE, 1n);
    const payeeAccount = tfeeAccountOf(recipient);
    const text = `solana:${recipient}?amount=1&spl-token=${TFEE}&reference=${newKey()}&memo=T`;
    // The CP-Swap swap_base_input data: discriminator, amount_in u64, minimum_amount_out u64.
    const scaleSwap =
      (inPercent: bigint, minimumToOne: boolean) => (answer: Record<string, unknown>) => {
        const swap = answer.swapInstruction as { data: string };
        const data = Buffer.from(swap.data, 'base64');
        data.writeBigUInt64LE((data.readBigUInt64LE(8) * inPercent) / 100n, 8);
        if (minimumToOne) data.writeBigUInt64LE(1n, 16);
        swap.data = data.toString('base64');
      };
    const payeeBefore = await pay.tokenBalance(payeeAccount);
    try {
      tamper = scaleSwap(105n, false);
      const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
      const more = await pay.wallet.call('pay.review', { planId: plan.planId });
      expect(more.report.accepted).toBe(false);
      expect(more.report.refusals.join(' ')).toMatch(/would take \S+ .+ from you, more than/);

      // Half the input: the swap delivers about half, and the transfer would be paid from the
      // payer's own TFEE: refused as a drop of a balance the payment does not pay with.
      tamper = scaleSwap(50n, true);
      const plan2 = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
      const short = await pay.wallet.call('pay.review', { planId: plan2.planId });
      expect(short.report.accepted).toBe(false);
      expect(short.report.refusals.join(' ')).toMatch(/balance would drop/);
      const refused = await pay.approvalRefusal('pay.approve', short);
      expect(refused.code).toBe('GUARD_REFUSED');
    } finally {
      tamper = null;
    }
    expect(await pay.tokenBalance(payeeAccount)).toBe(payeeBefore);
  });

  it('pays a SOL invoice from USDC: exact-input swap into SOL, then exactly the lamports asked', async () => {
    await pay.faucet(pay.payer, USDC, 30_000_000n);
    const recipient = newKey();
    const reference = newKey();
    const text = `solana:${recipient}?amount=0.05&reference=${reference}&memo=INV-SOL`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(plan).toMatchObject({ kind: 'swap', route: 'swap-exact-in', amount: '50000000' });
    expect(plan.exactIn).toMatchObject({ transferAmount: '50000000', transferFee: '0' });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    const signature = await pay.approveAndConfirm(ticket);
    // The merchant's check of a SOL request: found by its reference, the recipient's lamports
    // up by exactly the amount, the last instruction a system transfer carrying the reference.
    const found = await paymentByReference(pay.connection, reference);
    expect(found.signature).toBe(signature);
    const { tx, keys } = found;
    const at = keys.indexOf(recipient);
    expect(tx.meta!.postBalances[at]! - tx.meta!.preBalances[at]!).toBe(50_000_000);
    const last = tx.transaction.message.compiledInstructions.at(-1)!;
    expect(keys[last.programIdIndex]).toBe('11111111111111111111111111111111');
    expect(last.accountKeyIndexes.slice(2).map((i) => keys[i])).toEqual([reference]);
  });
});
