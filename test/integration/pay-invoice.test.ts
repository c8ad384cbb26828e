/**
 * Invoices with reference keys and a memo, paid through the real wallet (composition, keychain,
 * review) on a real sandbox, then checked as a merchant would: find the signature by
 * getSignaturesForAddress(reference), read the confirmed transaction, and validate the
 * recipient, the amount (the payee account's token balance delta), the references (the keys
 * of the last instruction, a TransferChecked) and the memo (the instruction right before it).
 * Paid by a swap (POST /swap-instructions into the payer's account, then memo + transfer) and
 * by a payer holding the token. The guard refuses a payment whose last transfer is altered.
 */
import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { ataOf, newKey, SOL, USDC, usePaySession } from './pay-helpers';
import { paymentByReference, tokenGain } from './pay-merchant-view';

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

const pay = usePaySession('pay-invoice');

interface Invoice {
  recipient: string;
  amount: bigint;
  reference: string;
  memo: string;
}

/**
 * The merchant's validation (the steps of Solana Pay's findReference + validateTransfer, done
 * with the RPC only): the signature found by the reference, and what the chain says it did.
 */
async function merchantCheck(invoice: Invoice) {
  const { signature, tx, keys } = await paymentByReference(pay.connection, invoice.reference);
  const payeeAccount = ataOf(invoice.recipient, USDC);
  const index = keys.indexOf(payeeAccount);
  const post = tx.meta!.postTokenBalances?.find((b) => b.accountIndex === index);
  // Recipient: the account that gained is the recipient's USDC account.
  expect(post).toMatchObject({ mint: USDC, owner: invoice.recipient });
  // Amount: exactly the invoice's.
  expect(tokenGain(tx, index)).toBe(invoice.amount);
  const instructions = tx.transaction.message.compiledInstructions;
  const last = instructions.at(-1)!;
  const before = instructions.at(-2)!;
  // Reference: in the last instruction's keys (a TransferChecked: tag 12), read-only.
  expect(keys[last.programIdIndex]).toBe(TOKEN_PROGRAM);
  expect(last.data[0]).toBe(12);
  expect(last.accountKeyIndexes.slice(4).map((i) => keys[i])).toEqual([invoice.reference]);
  expect(keys[last.accountKeyIndexes[2]!]).toBe(payeeAccount);
  const refIndex = keys.indexOf(invoice.reference);
  expect(tx.transaction.message.isAccountWritable(refIndex)).toBe(false);
  expect(tx.transaction.message.isAccountSigner(refIndex)).toBe(false);
  // Memo: right before the transfer.
  expect(keys[before.programIdIndex]).toBe(MEMO_PROGRAM);
  expect(Buffer.from(before.data).toString('utf8')).toBe(invoice.memo);
  return signature;
}

describe('invoices with a reference and a memo', () => {
  it('pays holding only SOL: swap into the payer, memo, TransferChecked last; the merchant finds and validates it', async () => {
    const invoice: Invoice = {
      recipient: await pay.payeeWithAccount(USDC),
      amount: 12_500_000n,
      reference: newKey(),
      memo: 'INV-2026-0042',
    };
    const text = `solana:${invoice.recipient}?amount=12.5&spl-token=${USDC}&reference=${invoice.reference}&memo=INV-2026-0042&label=Merchant`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: SOL });
    expect(plan).toMatchObject({ kind: 'swap', route: 'swap-through-payer' });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.verdicts.find((v) => v.rule === 'payment')?.reason).toMatch(
      /last instruction pays exactly 12.5 USDC .* with the reference key, after the memo/,
    );
    const payeeBefore = await pay.tokenBalance(ataOf(invoice.recipient, USDC));
    const signature = await pay.approveAndConfirm(ticket);
    expect(await merchantCheck(invoice)).toBe(signature);
    expect((await pay.tokenBalance(ataOf(invoice.recipient, USDC))) - payeeBefore).toBe(
      invoice.amount,
    );
    const receipt = await pay.wallet.call('pay.receipt', { signature });
    expect(receipt).toMatchObject({
      delivered: '12500000',
      references: [invoice.reference],
      memo: invoice.memo,
    });
    // SOL spent = the swap's input + network fee + rent of the payer's new USDC account (its
    // own account, shown by the review); the swap's input stays within the maximum shown.
    const rent = BigInt(ticket.report.rentLamports);
    expect(rent).toBe(BigInt(await pay.connection.getMinimumBalanceForRentExemption(165)));
    expect(plan.payerAccountRentLamports).toBe(rent.toString()); // shown before the review
    const swapInput = BigInt(receipt.spent) - BigInt(receipt.networkFeeLamports) - rent;
    expect(swapInput).toBeLessThanOrEqual(BigInt(plan.maxSpend));
    expect(swapInput).toBeGreaterThan(0n);
  });

  it('pays holding USDC: memo and TransferChecked with two references, in order', async () => {
    await pay.faucet(pay.payer, USDC, 20_000_000n);
    const recipient = await pay.payeeWithAccount(USDC);
    const [ref1, ref2] = [newKey(), newKey()];
    const text = `solana:${recipient}?amount=4&spl-token=${USDC}&reference=${ref1}&reference=${ref2}&memo=Table%207`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(plan.kind).toBe('direct');
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.instructions.map((i) => i.decoded.kind)).toEqual([
      'memo',
      'tokenTransfer',
    ]);
    const signature = await pay.approveAndConfirm(ticket);
    const found = await pay.connection.getSignaturesForAddress(
      new PublicKey(ref2),
      {},
      'confirmed',
    );
    expect(found.map((s) => s.signature)).toEqual([signature]);
    expect(await pay.wallet.call('pay.receipt', { signature })).toMatchObject({
      delivered: '4000000',
      spent: '4000000',
      references: [ref1, ref2],
    });
  });

  it('refuses to sign when the last transfer is not what the invoice asks (tampered bytes)', async () => {
    const recipient = await pay.payeeWithAccount(USDC);
    const reference = newKey();
    const text = `solana:${recipient}?amount=1&spl-token=${USDC}&reference=${reference}&memo=x`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    // The renderer sends other bytes than reviewed: refused before signing.
    const tx = VersionedTransaction.deserialize(Buffer.from(ticket.transactionBase64, 'base64'));
    const last = tx.message.compiledInstructions.at(-1)!;
    last.data = Uint8Array.from(last.data);
    last.data[1] = (last.data[1]! + 1) % 256; // amount's low byte
    const tampered = Buffer.from(tx.serialize()).toString('base64');
    expect(
      await pay.wallet.refusal('pay.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: tampered,
      }),
    ).toMatchObject({ code: 'TICKET_MISMATCH' });
    expect(await pay.connection.getSignaturesForAddress(new PublicKey(reference))).toEqual([]);
  });
});
