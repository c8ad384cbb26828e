/**
 * The payment rule over real compiled messages (test-fixtures.ts): an honest invoice payment
 * (memo, then TransferChecked with two references, last) is accepted, and each way a merchant
 * would be misled is refused with a reason: references missing, reordered or writable, the
 * memo changed, missing or not right before the transfer, the transfer not last, another
 * amount; plus a direct-swap payment that cannot carry references, and the create-destination
 * transaction doing more than opening the payee's account.
 */
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
} from '@solana/spl-token';
import { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { merchantInstructions } from '../pay/payment-transactions';
import type { Address } from '../shared/address';
import {
  ata,
  key,
  mintAccount,
  RENT,
  type Scenario,
  scenarioReport,
  STRANGER,
  systemAccount,
  tokenAccount,
  USDC,
  USER,
  verdict,
  WSOL,
} from '../../test/fixtures/review-scenarios';
import { userUsdc } from '../../test/fixtures/review-rule';
import { paymentIntent } from '../../test/fixtures/payment-intent';
import type { PaymentIntent, SwapIntent } from './types';

const PAYEE = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 5 + 11) % 256));
const REF1 = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i + 21) % 256)).publicKey;
const REF2 = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i + 31) % 256)).publicKey;
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const payeeUsdc = ata(PAYEE.publicKey, USDC);
const AMOUNT = 5_000_000n;

const payment: Extract<PaymentIntent, { kind: 'transfer' }> = {
  kind: 'transfer',
  payeeTokenAccount: key(payeeUsdc) as Address,
  mint: key(USDC) as Address,
  amount: AMOUNT,
  decimals: 6,
  references: [key(REF1) as Address, key(REF2) as Address],
  memo: 'INV-7',
  throughPayer: true,
};

function intentOf(paid: PaymentIntent): SwapIntent {
  return paymentIntent(key(USDC) as Address, AMOUNT, key(payeeUsdc) as Address, paid);
}

/** An invoice paid by a payer holding USDC; `paid` is what the chain moves. */
function invoice(instructions: TransactionInstruction[], paid = AMOUNT): Scenario {
  return {
    instructions,
    signers: [],
    pre: {
      [key(USER.publicKey)]: systemAccount(1_000_000_000n),
      [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 100_000_000n),
      [key(payeeUsdc)]: tokenAccount(USDC, PAYEE.publicKey, 1n),
      [key(USDC)]: mintAccount(6),
      [key(WSOL)]: mintAccount(9),
    },
    post: {
      [key(USER.publicKey)]: systemAccount(1_000_000_000n - 5_000n),
      [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 100_000_000n - paid),
      [key(payeeUsdc)]: tokenAccount(USDC, PAYEE.publicKey, 1n + paid),
    },
    intent: intentOf(payment),
  };
}

/** The wallet's own payment instructions (memo, then the referenced transfer) for `amount`. */
const honest = (amount = AMOUNT) =>
  merchantInstructions({
    payer: key(USER.publicKey) as Address,
    mint: key(USDC) as Address,
    decimals: 6,
    tokenProgram: TOKEN as Address,
    payeeTokenAccount: key(payeeUsdc) as Address,
    amount,
    references: payment.references,
    memo: payment.memo,
  });

/** The payer's TransferChecked of `amount` USDC to the payee, with both references after it. */
function referencedTransfer(amount: bigint): TransactionInstruction {
  const transfer = createTransferCheckedInstruction(
    userUsdc,
    USDC,
    payeeUsdc,
    USER.publicKey,
    amount,
    6,
  );
  transfer.keys.push(
    { pubkey: REF1, isSigner: false, isWritable: false },
    { pubkey: REF2, isSigner: false, isWritable: false },
  );
  return transfer;
}

const memo = (text: string) =>
  new TransactionInstruction({
    programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
    keys: [],
    data: Buffer.from(text),
  });

async function paymentVerdict(scenario: Scenario) {
  const report = await scenarioReport(scenario);
  return { report, payment: verdict(report, 'payment') };
}

describe('the payment rule', () => {
  it('accepts memo then TransferChecked with the references in order, last', async () => {
    const { report, payment: rule } = await paymentVerdict(invoice(honest()));
    expect(report.refusals).toEqual([]);
    expect(rule.reason).toBe(
      "The last instruction pays exactly 5 USDC from your account to the payee's account " +
        `${key(payeeUsdc).slice(0, 4)}…${key(payeeUsdc).slice(-4)} with the 2 reference keys, after the memo.`,
    );
  });

  it('refuses references reordered, missing or writable', async () => {
    const reordered = honest();
    const transfer = reordered[1]!;
    [transfer.keys[4], transfer.keys[5]] = [transfer.keys[5]!, transfer.keys[4]!];
    expect((await paymentVerdict(invoice(reordered))).payment).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/does not carry the request's 2 reference key\(s\) in order/),
    });
    const missing = honest();
    missing[1]!.keys.splice(4, 2);
    expect((await paymentVerdict(invoice(missing))).payment.ok).toBe(false);
    const writable = honest();
    writable[1]!.keys[5]!.isWritable = true;
    expect((await paymentVerdict(invoice(writable))).payment).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/references must be read-only/),
    });
  });

  it('refuses a changed, missing or misplaced memo and a transfer that is not last', async () => {
    const [, transfer] = honest();
    expect((await paymentVerdict(invoice([memo('INV-8'), transfer!]))).payment).toMatchObject({
      ok: false,
      reason:
        'The memo right before the transfer is not the text the payment request asks for, so the merchant could not match this payment to its request.',
    });
    expect((await paymentVerdict(invoice([transfer!]))).payment.reason).toMatch(
      /memo the request asks for is not right before the transfer/,
    );
    const notLast = await paymentVerdict(invoice([memo('INV-7'), transfer!, memo('after')]));
    expect(notLast.payment.reason).toMatch(/last instruction is not the TransferChecked/);
    expect(notLast.report.accepted).toBe(false);
  });

  it('refuses another amount (and the output rule with it)', async () => {
    const less = honest();
    less[1] = referencedTransfer(AMOUNT - 1n);
    const { report, payment: rule } = await paymentVerdict(invoice(less, AMOUNT - 1n));
    expect(rule.reason).toMatch(/pays 4.999999 USDC instead of exactly 5 USDC/);
    expect(verdict(report, 'output').ok).toBe(false);
  });

  it('refuses a transfer of more than the amount of a token without a transfer fee', async () => {
    const more = honest();
    more[1] = referencedTransfer(AMOUNT + 1n);
    const { payment: rule } = await paymentVerdict(invoice(more, AMOUNT + 1n));
    expect(rule.ok).toBe(false);
    expect(rule.reason).toMatch(/pays 5.000001 USDC instead of exactly 5 USDC/);
    expect(rule.reason).toMatch(/payee's account would gain 5.000001 USDC instead of exactly 5/);
  });

  it("refuses when the payee's account would not gain exactly the amount (issue 22)", async () => {
    // The last transfer reads right, but the simulated post-state shows another gain: what
    // merchants check is the balance change, so the rule checks it too.
    const { payment: rule } = await paymentVerdict(invoice(honest(), AMOUNT - 1n));
    expect(rule).toMatchObject({
      ok: false,
      reason: "The payee's account would gain 4.999999 USDC instead of exactly 5 USDC.",
    });
  });

  it('refuses an extra transfer to a stranger beside the payment', async () => {
    const extra = [
      createTransferCheckedInstruction(
        userUsdc,
        USDC,
        ata(STRANGER.publicKey, USDC),
        USER.publicKey,
        1n,
        6,
      ),
      ...honest(),
    ];
    const report = await scenarioReport(invoice(extra));
    expect(verdict(report, 'payment').ok).toBe(true);
    expect(verdict(report, 'transfers').ok).toBe(false);
    expect(report.accepted).toBe(false);
  });

  it('refuses references or a memo on a payment the swap makes straight to the payee', async () => {
    const scenario = invoice(honest());
    scenario.intent = intentOf({ ...payment, throughPayer: false });
    expect((await paymentVerdict(scenario)).payment).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/direct swap cannot carry/),
    });
  });

  it('accepts a create-destination transaction only when it just opens the account', async () => {
    const create = createAssociatedTokenAccountIdempotentInstruction(
      USER.publicKey,
      payeeUsdc,
      PAYEE.publicKey,
      USDC,
    );
    const scenario = (instructions: TransactionInstruction[]): Scenario => ({
      instructions,
      signers: [],
      pre: {
        [key(USER.publicKey)]: systemAccount(1_000_000_000n),
        [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 10n),
        [key(payeeUsdc)]: null,
        [key(USDC)]: mintAccount(6),
        [key(WSOL)]: mintAccount(9),
      },
      post: {
        [key(USER.publicKey)]: systemAccount(1_000_000_000n - 5_000n - RENT),
        [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 10n),
        [key(payeeUsdc)]: tokenAccount(USDC, PAYEE.publicKey, 0n),
      },
      intent: {
        ...intentOf(payment),
        swapMode: 'ExactIn',
        inputMint: key(WSOL) as Address,
        amount: RENT,
        inAmount: RENT,
        outAmount: 0n,
        otherAmountThreshold: 0n,
        payment: {
          kind: 'create-destination',
          payeeTokenAccount: key(payeeUsdc) as Address,
          owner: key(PAYEE.publicKey) as Address,
          mint: key(USDC) as Address,
          tokenProgram: TOKEN as Address,
        },
      },
    });
    const ok = await scenarioReport(scenario([create]));
    expect(ok.refusals).toEqual([]);
    const more = await scenarioReport(scenario([create, memo('and more')]));
    expect(verdict(more, 'payment')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/more than, or something other than, opening/),
    });
  });
});

/**
 * Issue 21: a token that withholds a transfer fee (Token-2022, like the sandbox's TFEE at
 * 10 bps). The wallet grosses its transfer up (pay/transfer-fee.ts); the simulated post-state
 * shows what the token program keeps. Here USDC stands in for the fee token: the rules read the
 * declared amounts and the simulated balances, not the mint's extension.
 */
describe('a payment in a token with a transfer fee', () => {
  const GROSS = 5_005_006n; // 5 at 10 bps, grossed up: ⌈5,005,006 × 0.001⌉ = 5,006 withheld
  const feePayment = { ...payment, transferAmount: GROSS, transferFee: GROSS - AMOUNT };
  const merchant = honest;
  /** The payer sends `sent`; the payee gains `arrives` (the rest is the withheld fee). */
  function withheld(sent: bigint, arrives: bigint): Scenario {
    const scenario = invoice(merchant(sent), sent);
    return {
      ...scenario,
      post: {
        ...scenario.post,
        [key(payeeUsdc)]: tokenAccount(USDC, PAYEE.publicKey, 1n + arrives),
      },
      intent: {
        ...intentOf(feePayment),
        inAmount: GROSS,
        otherAmountThreshold: GROSS,
      },
    };
  }

  it('accepts the grossed-up transfer that delivers exactly the amount, naming the fee', async () => {
    const report = await scenarioReport(withheld(GROSS, AMOUNT));
    expect(report.refusals).toEqual([]);
    expect(verdict(report, 'payment').reason).toBe(
      `The last instruction sends 5.005006 USDC from your account to the payee's account ${key(payeeUsdc).slice(0, 4)}…${key(payeeUsdc).slice(-4)} with the 2 reference keys, after the memo; the token keeps its transfer fee of 0.005006 USDC, so the payee receives exactly 5 USDC.`,
    );
  });

  it('refuses the amount sent gross-less: the payee would get it less the fee', async () => {
    const report = await scenarioReport(withheld(AMOUNT, AMOUNT - 5_000n));
    expect(verdict(report, 'payment').reason).toMatch(
      /The last transfer pays 5 USDC instead of exactly 5\.005006 USDC\./,
    );
    expect(verdict(report, 'output').reason).toMatch(
      /^4\.995 USDC would arrive at the destination .* instead of exactly 5 USDC\.$/,
    );
  });
});
