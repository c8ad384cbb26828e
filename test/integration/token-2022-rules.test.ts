/**
 * Issue 35 on the real sandbox with the real wallet (composition root, registry, keychain,
 * review): PAUS, paused with Token-2022's own Pause instruction through POST /sandbox/pause, is
 * refused in words before a quote or a payment plan is built and in the review of a swap quoted
 * before the pause, then works again after the resume without a restart; a HOOK payment
 * carries the accounts the chain's ExtraAccountMetaList resolves to and lands with its hook run
 * (SPL's transfer-hook example program logs its Execute); a HOOK transfer whose hook accounts
 * were built for another sender is refused by the review.
 */
import { SANDBOX_TERMS } from '../../main/review/service-terms';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { merchantInstructions } from '../../main/pay/payment-transactions';
import { resolveMerchantTransfer } from '../../main/pay/hook-accounts';
import { reviewTransaction } from '../../main/review';
import type { Address } from '../../main/shared/address';
import { sandboxSwapApi } from './sandbox-swap-api';
import { intentOf } from '../../main/tickets/swap-review';
import {
  approveAndConfirm,
  confirmedSignature,
  faucet,
  newKey,
  USDC,
  usePaySession,
} from './pay-helpers';

const PAUS = 'Gvmuxff3JGME8kNLuEy99w1mAkpn4u8GkKkbSDNz4xSK';
const HOOK = '33i3c6DBuswEtqPKVC8SJm2eABXVoihezuXKKjpoxUMc';
const HOOK_PROGRAM = 'CeqVj7SbkceCd7CK3DqpfaF5AR5Fpao2pMNvQSgy2K45';
const PAUSED_WORDS =
  'PAUS is paused by its issuer: the token program refuses every transfer of it until the issuer resumes it. Nothing was built or signed; try again once PAUS is resumed.';

const pay = usePaySession('token-2022-rules', { payerUsdc: 100_000_000n });

const ata = (owner: string, mint: string) =>
  getAssociatedTokenAddressSync(
    new PublicKey(mint),
    new PublicKey(owner),
    true,
    TOKEN_2022_PROGRAM_ID,
  ).toBase58();

/** The payer's transfer of 1,000 base units of the 6-decimal Token-2022 `mint` to `payee`. */
const paymentPart = (mint: string, payee: string) => ({
  payer: pay.payer as Address,
  mint: mint as Address,
  decimals: 6,
  tokenProgram: TOKEN_2022_PROGRAM_ID.toBase58() as Address,
  payeeTokenAccount: ata(payee, mint) as Address,
  amount: 1_000n,
  references: [],
  memo: null,
});

/** A swap intent from the sandbox's own quote of USDC into `mint` (the review needs one). */
async function intentFor(mint: string) {
  const api = sandboxSwapApi(pay.sandbox.swapApiUrl);
  const quote = await api.quote({
    inputMint: USDC as Address,
    outputMint: mint as Address,
    amount: 1_000_000n,
    slippageBps: 100,
  });
  return intentOf(quote, {
    asLegacyTransaction: false,
    prioritizationFee: 0n,
    maxPriorityFeeLamports: 0n,
  });
}

async function setPaused(paused: boolean): Promise<void> {
  const response = await fetch(new URL('/sandbox/pause', pay.sandbox.rpcUrl), {
    method: 'POST',
    body: JSON.stringify({ mint: PAUS, paused }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ paused });
}

describe('a paused token (PAUS)', () => {
  it('is refused before a quote, a plan and in the review, and works again once resumed', async () => {
    await faucet(pay.sandbox, pay.payer, PAUS, 10_000_000n);
    const payee = await pay.payeeWithAccount(PAUS);
    const quoteRequest = {
      inputMint: USDC,
      outputMint: PAUS,
      amount: '1000000',
      slippage: { bps: 100 },
    } as const;
    const quotedBefore = await pay.wallet.call('swap.quote', quoteRequest);
    await setPaused(true);
    // The picker's list marks it (tokens.search reads the mints it answers).
    const listed = async () =>
      (await pay.wallet.call('tokens.search', { query: 'PAUS' })).find((t) => t.mint === PAUS);
    expect(await listed()).toMatchObject({ symbol: 'PAUS', paused: true });

    expect(await pay.wallet.refusal('swap.quote', quoteRequest)).toEqual({
      code: 'TOKEN_PAUSED',
      message: PAUSED_WORDS,
    });
    const text = `solana:${payee}?amount=1.5&spl-token=${PAUS}`;
    expect(await pay.wallet.refusal('pay.quote', { text, payWithMint: PAUS })).toMatchObject({
      code: 'TOKEN_PAUSED',
      message: PAUSED_WORDS,
    });
    // A quote taken before the pause: swap.review says so before the service builds anything.
    expect(await pay.wallet.refusal('swap.review', { quoteId: quotedBefore.quoteId })).toEqual({
      code: 'TOKEN_PAUSED',
      message: PAUSED_WORDS,
    });
    // A transaction built before the pause (the payer's own PAUS transfer), reviewed now.
    const [transfer] = merchantInstructions(paymentPart(PAUS, payee));
    const report = await reviewTransaction({
      serviceTerms: SANDBOX_TERMS,
      transaction: new VersionedTransaction(
        new TransactionMessage({
          payerKey: new PublicKey(pay.payer),
          recentBlockhash: (await pay.connection.getLatestBlockhash()).blockhash,
          instructions: [transfer!],
        }).compileToV0Message(),
      ).serialize(),
      user: pay.payer as Address,
      intent: await intentFor(PAUS),
      lastValidBlockHeight: (await pay.connection.getLatestBlockhash()).lastValidBlockHeight,
      connection: pay.connection,
      tokenSymbols: { [PAUS]: 'PAUS' },
    });
    expect(report.accepted).toBe(false);
    expect(report.refusals).toContain(PAUSED_WORDS);

    await setPaused(false);
    expect((await listed())?.paused).toBeUndefined();
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: PAUS });
    expect(plan).toMatchObject({ route: 'direct-transfer', maxSpend: '1500000' });
    const payment = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(payment.report.refusals).toEqual([]);
    expect(payment.report.verdicts.map((v) => v.rule)).not.toContain('paused');
    await approveAndConfirm(pay.wallet, payment);
    expect(
      (await pay.connection.getTokenAccountBalance(new PublicKey(ata(payee, PAUS)))).value.amount,
    ).toBe('1500001');
    expect(await pay.wallet.call('swap.quote', quoteRequest)).toMatchObject({ outputMint: PAUS });
  });
});

describe('a transfer-hook token (HOOK)', () => {
  it('pays with the hook accounts resolved from the chain, and the hook runs', async () => {
    await faucet(pay.sandbox, pay.payer, HOOK, 10_000_000n);
    const payee = await pay.payeeWithAccount(HOOK);
    const reference = newKey();
    const text = `solana:${payee}?amount=2&spl-token=${HOOK}&reference=${reference}`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: HOOK });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    const hook = ticket.report.verdicts.find((v) => v.rule === 'transfer-hook');
    expect(hook).toMatchObject({ ok: true });
    expect(hook?.reason).toMatch(
      /transfers HOOK, which runs the hook program CeqV…2K45 \(the SPL transfer-hook example program \(sandbox\)\), with the 4 accounts the chain's list for HOOK resolves to/,
    );
    expect(ticket.report.tokenWarnings.find((w) => w.kind === 'transfer-hook')?.sentence).toContain(
      'which the wallet knows as the SPL transfer-hook example program (sandbox)',
    );
    const wire = VersionedTransaction.deserialize(Buffer.from(ticket.transactionBase64, 'base64'));
    const keys = wire.message.staticAccountKeys.map((key) => key.toBase58());
    const transfer = wire.message.compiledInstructions
      .at(-1)!
      .accountKeyIndexes.map((i) => keys[i]);
    // Source, mint, destination, authority, the reference, then the hook's accounts.
    expect(transfer[4]).toBe(reference);
    expect(transfer.slice(5)).toHaveLength(4);
    expect(transfer).toContain(HOOK_PROGRAM);
    // A hook is a risk the person acknowledges (the wallet refuses to sign otherwise).
    expect(
      await pay.wallet.refusal('pay.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
      }),
    ).toMatchObject({ code: 'RISK_NOT_ACKNOWLEDGED' });
    const submission = await pay.wallet.call('pay.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
      risksAcknowledged: true,
    });
    const signature = await confirmedSignature(pay.wallet, submission.signature);
    const landed = await pay.connection.getTransaction(signature, {
      maxSupportedTransactionVersion: 0,
      commitment: 'confirmed',
    });
    expect(landed?.meta?.logMessages).toContain(
      'Program log: In TransferHookInstruction::Execute, amount: 2000000',
    );
    expect(await pay.wallet.call('pay.receipt', { signature })).toMatchObject({
      delivered: '2000000',
      references: [reference],
    });
  });

  it('refuses a HOOK transfer whose hook accounts were resolved for another sender', async () => {
    const user = pay.payer as Address;
    const payee = await pay.payeeWithAccount(HOOK);
    const part = paymentPart(HOOK, payee);
    const review = async (stranger: boolean) => {
      const [transfer] = merchantInstructions(part);
      // The list resolved for another sender: its `["sender", authority]` account differs.
      const resolvedFor = stranger
        ? { ...part, payer: Keypair.generate().publicKey.toBase58() as Address }
        : part;
      const probe = merchantInstructions(resolvedFor)[0]!;
      await resolveMerchantTransfer(pay.connection, resolvedFor, probe, 'HOOK');
      transfer!.keys.push(...probe.keys.slice(4));
      const message = new TransactionMessage({
        payerKey: new PublicKey(user),
        recentBlockhash: (await pay.connection.getLatestBlockhash()).blockhash,
        instructions: [transfer!],
      }).compileToV0Message();
      return reviewTransaction({
        serviceTerms: SANDBOX_TERMS,
        transaction: new VersionedTransaction(message).serialize(),
        user,
        intent: await intentFor(HOOK),
        tokenSymbols: { [HOOK]: 'HOOK' },
        lastValidBlockHeight: (await pay.connection.getLatestBlockhash()).lastValidBlockHeight,
        connection: pay.connection,
      });
    };
    const honest = (await review(false)).verdicts.find((v) => v.rule === 'transfer-hook');
    expect(honest?.ok).toBe(true);
    const tampered = await review(true);
    const verdict = tampered.verdicts.find((v) => v.rule === 'transfer-hook');
    expect(verdict?.ok).toBe(false);
    expect(verdict?.reason).toMatch(
      /^Instruction 1 transfers HOOK without the accounts its hook program CeqV…2K45 \(the SPL transfer-hook example program \(sandbox\)\) resolves to on chain for this transfer \(\S+ missing or not writable\): its hook accounts were changed or built for another transfer\. Nothing was signed; build it again\.$/,
    );
    expect(tampered.refusals).toContain(verdict?.reason);
  });
});
