/**
 * An invoice (reference and memo) composed from /swap-instructions of the mainnet-shaped sandbox
 * (`--api-shape v1`: today's swap/v1 answers), paid through the real wallet holding only SOL and
 * confirmed. The compute-unit limit of the composed transaction covers the swap service's own
 * figure plus what the wallet's memo and reference-carrying transfer cost, as measured on the
 * network (main/pay/compute-budget.ts).
 */
import { ComputeBudgetInstruction, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { ataOf, newKey, SOL, USDC, usePaySession } from './pay-helpers';

const pay = usePaySession('pay-invoice-v1', { sandboxArgs: ['--api-shape', 'v1'] });

describe('an invoice on the mainnet-shaped (swap/v1) service', () => {
  it('is composed with compute units for the added instructions, and confirmed', async () => {
    expect(pay.sandbox.swapApiUrl).toMatch(/\/swap\/v1$/);
    const recipient = await pay.payeeWithAccount(USDC);
    const reference = newKey();
    const text = `solana:${recipient}?amount=7.25&spl-token=${USDC}&reference=${reference}&memo=INV-V1-7`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: SOL });
    expect(plan).toMatchObject({ kind: 'swap', route: 'swap-through-payer' });
    // Today's answers name no venue fee: the plan says so instead of failing.
    expect(plan.venueFees.every((fee) => fee.amount === null)).toBe(true);
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);

    // The service sized its limit for the swap alone; the composed limit adds the memo's and
    // the transfer's measured cost with margin.
    const answer = pay.wallet.swapInstructionAnswers.at(-1) as {
      computeUnitLimit: number;
      blockhashWithMetadata?: unknown;
    };
    expect(answer.blockhashWithMetadata).toBeDefined(); // it really was a swap/v1-shaped answer
    const limit = ticket.report.networkFee.computeUnitLimit;
    expect(limit).toBeGreaterThan(answer.computeUnitLimit + 1_000);
    expect(limit).toBeLessThan(answer.computeUnitLimit + 2 * 30_000); // measured, not the fallback

    const before = await pay.tokenBalance(ataOf(recipient, USDC));
    const signature = await pay.approveAndConfirm(ticket);
    expect((await pay.tokenBalance(ataOf(recipient, USDC))) - before).toBe(7_250_000n);
    const tx = await pay.landedTransaction(signature);
    // The limit on chain is the one reviewed, and the memo and the transfer ran within it.
    const keys = tx.transaction.message.staticAccountKeys;
    const budget = tx.transaction.message.compiledInstructions
      .filter(
        (ix) =>
          keys[ix.programIdIndex]?.toBase58() === 'ComputeBudget111111111111111111111111111111',
      )
      .map(
        (ix) =>
          new TransactionInstruction({
            programId: new PublicKey('ComputeBudget111111111111111111111111111111'),
            keys: [],
            data: Buffer.from(ix.data),
          }),
      )
      .filter((ix) => ComputeBudgetInstruction.decodeInstructionType(ix) === 'SetComputeUnitLimit')
      .map((ix) => ComputeBudgetInstruction.decodeSetComputeUnitLimit(ix).units);
    expect(budget).toEqual([limit]);
    const receipt = await pay.wallet.call('pay.receipt', { signature });
    expect(receipt).toMatchObject({
      delivered: '7250000',
      references: [reference],
      memo: 'INV-V1-7',
    });
  });
});
