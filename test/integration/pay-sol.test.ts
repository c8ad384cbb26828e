/**
 * Solana Pay requests for SOL itself (no spl-token), through the real wallet (composition,
 * keychain, review, signing) on a real sandbox: parsed as SOL (9 decimals, the wallet itself as
 * payee), paid holding SOL (memo, then a SystemProgram transfer carrying the reference keys,
 * last) and paid with USDC (ExactOut swap into the payer's wrapped-SOL account, unwrapped by
 * the swap's cleanup, then memo + transfer, one transaction), each then checked as a merchant
 * would: the signature found by getSignaturesForAddress(reference), the recipient's lamport
 * delta from getTransaction's pre/postBalances exactly the amount, the reference in the last
 * instruction (read-only, not a signer), the memo right before it. Also: swap.approve refuses
 * payment and payee-account tickets, and pay.approve refuses swap tickets.
 */
import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { newKey, SOL, ataOf, USDC, usePaySession } from './pay-helpers';
import { paymentByReference } from './pay-merchant-view';

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

const pay = usePaySession('pay-sol');

interface SolInvoice {
  recipient: string;
  lamports: bigint;
  reference: string;
  memo: string;
}

/**
 * Solana Pay's findReference + validateTransfer for SOL, with the RPC only: the signature by
 * the reference; the recipient's lamports grew by exactly the amount; the last instruction is
 * the System Program transfer to the recipient with the reference after its two accounts; the
 * memo instruction right before it.
 */
async function merchantCheck(invoice: SolInvoice): Promise<string> {
  const { signature, tx, keys } = await paymentByReference(pay.connection, invoice.reference);
  const meta = tx.meta!;
  const message = tx.transaction.message;
  const index = keys.indexOf(invoice.recipient);
  expect(index).toBeGreaterThanOrEqual(0);
  expect(BigInt(meta.postBalances[index]!) - BigInt(meta.preBalances[index]!)).toBe(
    invoice.lamports,
  );
  const instructions = message.compiledInstructions;
  const last = instructions.at(-1)!;
  const before = instructions.at(-2)!;
  expect(keys[last.programIdIndex]).toBe(SYSTEM_PROGRAM);
  const data = Buffer.from(last.data);
  expect(data.readUInt32LE(0)).toBe(2); // SystemInstruction::Transfer
  expect(data.readBigUInt64LE(4)).toBe(invoice.lamports);
  expect(keys[last.accountKeyIndexes[0]!]).toBe(pay.payer);
  expect(keys[last.accountKeyIndexes[1]!]).toBe(invoice.recipient);
  expect(last.accountKeyIndexes.slice(2).map((i) => keys[i])).toEqual([invoice.reference]);
  const refIndex = keys.indexOf(invoice.reference);
  expect(message.isAccountWritable(refIndex)).toBe(false);
  expect(message.isAccountSigner(refIndex)).toBe(false);
  expect(keys[before.programIdIndex]).toBe(MEMO_PROGRAM);
  expect(Buffer.from(before.data).toString('utf8')).toBe(invoice.memo);
  return signature;
}

const lamportsOf = async (address: string) =>
  BigInt(await pay.connection.getBalance(new PublicKey(address), 'confirmed'));

describe('SOL transfer requests', () => {
  it('parses a request without spl-token as SOL paid into the wallet itself', async () => {
    const recipient = newKey();
    const parsed = await pay.wallet.call('pay.parse', {
      text: `solana:${recipient}?amount=1.5&label=Cafe`,
    });
    expect(parsed).toMatchObject({
      recipient,
      mint: { mint: SOL, symbol: 'SOL', decimals: 9, tokenProgram: SYSTEM_PROGRAM, native: true },
      amountText: '1.5',
      amount: '1500000000',
      label: 'Cafe',
      payee: { recipientKind: 'wallet', tokenAccount: recipient, exists: true, rentLamports: '0' },
    });
    expect(
      await pay.wallet.refusal('pay.parse', { text: `solana:${recipient}?amount=0.0000000001` }),
    ).toMatchObject({ code: 'INVALID_AMOUNT' });
    // A token account cannot receive a SOL payment.
    const owner = newKey();
    await pay.faucet(owner, USDC, 1n);
    expect(
      await pay.wallet.refusal('pay.parse', { text: `solana:${ataOf(owner, USDC)}?amount=1` }),
    ).toMatchObject({
      code: 'INVALID_RECIPIENT',
      message: expect.stringMatching(/not a wallet/),
    });
    // Less than a new account's rent-exempt minimum to a wallet that does not exist yet.
    expect(
      await pay.wallet.refusal('pay.quote', {
        text: `solana:${recipient}?amount=0.0001`,
        payWithMint: SOL,
      }),
    ).toMatchObject({ code: 'INVALID_AMOUNT', message: expect.stringMatching(/new/) });
    expect(
      await pay.wallet.refusal('pay.createDestination', { text: `solana:${recipient}?amount=1` }),
    ).toMatchObject({ code: 'NOT_AVAILABLE' });
  });

  it('pays holding SOL: memo, then the SOL transfer with the reference last; the merchant validates it', async () => {
    const invoice: SolInvoice = {
      recipient: newKey(), // a fresh wallet: the payment opens it
      lamports: 250_000_000n,
      reference: newKey(),
      memo: 'ORDER-77',
    };
    const text = `solana:${invoice.recipient}?amount=0.25&reference=${invoice.reference}&memo=ORDER-77&message=Thanks`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: SOL });
    expect(plan).toMatchObject({
      native: true,
      kind: 'direct',
      route: 'direct-transfer',
      mint: SOL,
      amount: '250000000',
      maxSpend: '250000000',
      payeeTokenAccount: invoice.recipient,
      payerAccountRentLamports: '0',
    });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.instructions.map((i) => i.decoded.kind)).toEqual([
      'memo',
      'systemTransfer',
    ]);
    expect(ticket.report.verdicts.find((v) => v.rule === 'payment')?.reason).toMatch(
      /pays exactly 0.25 SOL from your wallet to the recipient .* with the reference key, after the memo, and the recipient gains exactly that/,
    );
    expect(ticket.report.balanceChanges.find((c) => c.role === 'destination')).toMatchObject({
      account: invoice.recipient,
      change: '250000000',
    });
    const payerBefore = await lamportsOf(pay.payer);
    const signature = await pay.approveAndConfirm(ticket);
    expect(await merchantCheck(invoice)).toBe(signature);
    expect(await lamportsOf(invoice.recipient)).toBe(invoice.lamports);
    const receipt = await pay.wallet.call('pay.receipt', { signature });
    expect(receipt).toMatchObject({
      mint: SOL,
      payeeTokenAccount: invoice.recipient,
      delivered: '250000000',
      references: [invoice.reference],
      memo: 'ORDER-77',
    });
    // The payer spent the amount and the network fee, nothing else.
    const fee = BigInt(receipt.networkFeeLamports);
    expect(payerBefore - (await lamportsOf(pay.payer))).toBe(invoice.lamports + fee);
    expect(receipt.spent).toBe((invoice.lamports + fee).toString());
  });

  it('pays with USDC: ExactOut swap into wrapped SOL, unwrapped, then memo and the SOL transfer, in one transaction', async () => {
    await pay.faucet(pay.payer, USDC, 1_000_000_000n);
    const recipient = newKey();
    await pay.airdrop(recipient, 1_000_000_000); // an existing wallet this time
    const invoice: SolInvoice = {
      recipient,
      lamports: 120_000_000n,
      reference: newKey(),
      memo: 'INV-SOL-9',
    };
    const text = `solana:${recipient}?amount=0.12&reference=${invoice.reference}&memo=INV-SOL-9`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(plan).toMatchObject({
      native: true,
      kind: 'swap',
      route: 'swap-through-payer',
      mint: SOL,
      payWithMint: USDC,
      amount: '120000000',
      payeeTokenAccount: recipient,
      payerAccountRentLamports: '0',
    });
    expect(plan.quote).toMatchObject({ swapMode: 'ExactOut', outputMint: SOL, inputMint: USDC });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    const kinds = ticket.report.instructions.map((i) => i.decoded.kind);
    expect(kinds.slice(-3)).toEqual(['tokenCloseAccount', 'memo', 'systemTransfer']);
    expect(ticket.report.verdicts.find((v) => v.rule === 'output')?.reason).toMatch(
      /Exactly 0.12 SOL arrives/,
    );
    const usdcBefore = await pay.tokenBalance(ataOf(pay.payer, USDC));
    const recipientBefore = await lamportsOf(recipient);
    const signature = await pay.approveAndConfirm(ticket);
    expect(await merchantCheck(invoice)).toBe(signature);
    expect((await lamportsOf(recipient)) - recipientBefore).toBe(invoice.lamports);
    const usdcSpent = usdcBefore - (await pay.tokenBalance(ataOf(pay.payer, USDC)));
    expect(usdcSpent).toBeGreaterThan(0n);
    expect(usdcSpent).toBeLessThanOrEqual(BigInt(plan.maxSpend));
    // No wrapped SOL left behind: the temporary account was closed in the same transaction.
    expect(
      await pay.connection.getAccountInfo(new PublicKey(ataOf(pay.payer, SOL)), 'confirmed'),
    ).toBe(null);
    expect(await pay.wallet.call('pay.receipt', { signature })).toMatchObject({
      delivered: '120000000',
      spent: usdcSpent.toString(),
      references: [invoice.reference],
    });
  });
});

describe('tickets approve only through their own action', () => {
  it('swap.approve refuses a payment ticket and a payee-account ticket; pay.approve refuses a swap ticket', async () => {
    const payment = await pay.wallet.call('pay.review', {
      planId: (
        await pay.wallet.call('pay.quote', {
          text: `solana:${newKey()}?amount=0.5`,
          payWithMint: SOL,
        })
      ).planId,
    });
    expect(payment.report.refusals).toEqual([]);
    const before = await pay.wallet.call('activity.list', {});
    expect(await pay.approvalRefusal('swap.approve', payment)).toMatchObject({
      code: 'TICKET_NOT_FOUND',
      message: expect.stringMatching(/a payment, not a swap: approve it on the Pay screen/),
    });
    const create = await pay.wallet.call('pay.createDestination', {
      text: `solana:${newKey()}?amount=1&spl-token=${USDC}`,
    });
    expect(create.report.refusals).toEqual([]);
    expect(await pay.approvalRefusal('swap.approve', create)).toMatchObject({
      code: 'TICKET_NOT_FOUND',
      message: expect.stringMatching(/creates a payee's token account, not a swap/),
    });
    const quote = await pay.wallet.call('swap.quote', {
      inputMint: SOL,
      outputMint: USDC,
      amount: '10000000',
      swapMode: 'ExactIn',
      slippage: { bps: 50 },
    });
    const swap = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(await pay.approvalRefusal('pay.approve', swap)).toMatchObject({
      code: 'TICKET_NOT_FOUND',
      message: expect.stringMatching(/Swap screen/),
    });
    // Nothing was sent: Activity is unchanged, and the payment can still be approved as one.
    expect(await pay.wallet.call('activity.list', {})).toEqual(before);
    await pay.approveAndConfirm(payment);
  });
});
