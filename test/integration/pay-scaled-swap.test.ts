/**
 * Paying an invoice in the scaled token from another token (issue 35: "buy and pay in the
 * scaled token"), through the real wallet on a real sandbox: an XSTK invoice (Scaled UI Amount,
 * 1.5× in the sandbox's first ten minutes) paid holding only USDC. The invoice's amount is in
 * XSTK's UI units (Solana Pay's amount is what the payee reads), so 4.5 XSTK is 3 raw XSTK:
 * exactly that arrives, scaled to 4.5 as the chain reads it.
 */
import { describe, expect, it } from 'vitest';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { approveAndConfirm, tokenBalance, USDC, usePaySession } from './pay-helpers';

const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';
const pay = usePaySession('pay-scaled-swap', {
  // XSTK is priced near $200 a share: 4.5 of it costs about 900 USDC.
  payerUsdc: 2_000_000_000n,
});

describe('an XSTK invoice paid from USDC', () => {
  it('swaps straight into the payee: exactly 3 raw XSTK arrive, 4.5 as the chain reads them', async () => {
    const payee = await pay.payeeWithAccount(XSTK);
    const text = `solana:${payee}?amount=4.5&spl-token=${XSTK}&label=Broker`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    // ExactOut into the payee's own account; the amount is 4.5 UI ÷ 1.5 = 3 raw XSTK.
    expect(plan).toMatchObject({ kind: 'swap', route: 'swap-to-payee', amount: '300000000' });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    const account = getAssociatedTokenAddressSync(
      new PublicKey(XSTK),
      new PublicKey(payee),
      true,
      TOKEN_2022_PROGRAM_ID,
    );
    const before = await tokenBalance(pay.connection, account.toBase58());
    const signature = await approveAndConfirm(pay.wallet, ticket);
    expect((await tokenBalance(pay.connection, account.toBase58())) - before).toBe(300_000_000n);
    // The payee's account held the faucet's 1 base unit before: 300000001 raw at 1.5×.
    const read = await pay.connection.getTokenAccountBalance(account);
    expect(read.value.uiAmountString).toBe('4.50000001');
    // The receipt the person reads: delivered exactly, spent within the most shown before.
    const receipt = await pay.wallet.call('pay.receipt', { signature });
    expect(receipt.delivered).toBe('300000000');
    expect(BigInt(receipt.spent)).toBeLessThanOrEqual(BigInt(plan.maxSpend));
  });
});
