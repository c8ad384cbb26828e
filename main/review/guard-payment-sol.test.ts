/**
 * The payment rule for SOL requests (no spl-token) over real compiled messages: memo, then a
 * SystemProgram transfer of exactly the amount from the payer's wallet to the recipient wallet
 * with the reference keys after its two accounts, last, is accepted (and the sol-transfer rule
 * does not count it as SOL to a stranger); another amount, another recipient, a missing or
 * writable reference, a missing memo, the transfer not last, or a recipient whose simulated
 * lamports change by anything but the amount are refused with reasons.
 */
import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { merchantInstructions } from '../pay/payment-transactions';
import type { Address } from '../shared/address';
import {
  key,
  scenarioReport,
  STRANGER,
  systemAccount,
  USER,
  verdict,
  WSOL,
  mintAccount,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import { ruleVerdict } from '../../test/fixtures/review-rule';
import { paymentIntent } from '../../test/fixtures/payment-intent';
import type { PaymentIntent, SwapIntent } from './types';

const RECIPIENT = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 11 + 5) % 256));
const REF = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i + 41) % 256)).publicKey;
const AMOUNT = 250_000_000n;
const FEE = 5_000n;
const START = 10_000_000_000n;
const SOL = key(WSOL) as Address;

const payment: Extract<PaymentIntent, { kind: 'transfer' }> = {
  kind: 'transfer',
  payeeTokenAccount: key(RECIPIENT.publicKey) as Address,
  mint: SOL,
  amount: AMOUNT,
  decimals: 9,
  references: [key(REF) as Address],
  memo: 'ORDER-77',
  throughPayer: true,
  native: true,
};

const intent: SwapIntent = paymentIntent(SOL, AMOUNT, key(RECIPIENT.publicKey) as Address, payment);

const honest = () =>
  merchantInstructions({
    payer: key(USER.publicKey) as Address,
    mint: SOL,
    decimals: 9,
    tokenProgram: '11111111111111111111111111111111' as Address,
    payeeTokenAccount: key(RECIPIENT.publicKey) as Address,
    amount: AMOUNT,
    references: payment.references,
    memo: payment.memo,
    native: true,
  });

const memo = (text: string) =>
  new TransactionInstruction({
    programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
    keys: [],
    data: Buffer.from(text),
  });

/** The recipient gains `gained` (default what the instructions pay it), the payer pays it. */
function solPayment(instructions: TransactionInstruction[], gained = AMOUNT): Scenario {
  return {
    instructions,
    signers: [],
    pre: {
      [key(USER.publicKey)]: systemAccount(START),
      [key(RECIPIENT.publicKey)]: null,
      [key(WSOL)]: mintAccount(9),
    },
    post: {
      [key(USER.publicKey)]: systemAccount(START - FEE - gained),
      [key(RECIPIENT.publicKey)]: systemAccount(gained),
    },
    intent,
  };
}

const sol = (to: PublicKey, lamports: bigint, refs: PublicKey[] = [REF]) => {
  const transfer = SystemProgram.transfer({ fromPubkey: USER.publicKey, toPubkey: to, lamports });
  for (const ref of refs) transfer.keys.push({ pubkey: ref, isSigner: false, isWritable: false });
  return transfer;
};

describe('the payment rule for SOL requests', () => {
  it('accepts memo then the SOL transfer with the reference, last, when the recipient gains exactly the amount', async () => {
    const report = await scenarioReport(solPayment(honest()));
    expect(report.refusals).toEqual([]);
    expect(verdict(report, 'payment').reason).toMatch(
      /pays exactly 0.25 SOL from your wallet to the recipient .* with the reference key, after the memo, and the recipient gains exactly that/,
    );
    expect(verdict(report, 'sol-transfer').ok).toBe(true);
    expect(verdict(report, 'output').reason).toMatch(/Exactly 0.25 SOL arrives/);
    expect(report.balanceChanges.find((row) => row.role === 'destination')).toMatchObject({
      account: key(RECIPIENT.publicKey),
      mint: null,
      decimals: 9,
      change: AMOUNT,
    });
  });

  it('refuses another amount, another recipient, and a recipient gaining anything else', async () => {
    const less = await scenarioReport(
      solPayment([memo('ORDER-77'), sol(RECIPIENT.publicKey, AMOUNT - 1n)], AMOUNT - 1n),
    );
    expect(verdict(less, 'payment').reason).toMatch(
      /pays 0.249999999 SOL instead of exactly 0.25 SOL/,
    );
    expect(verdict(less, 'output').ok).toBe(false);
    const stranger = solPayment([memo('ORDER-77'), sol(STRANGER.publicKey, AMOUNT)], 0n);
    stranger.post![key(STRANGER.publicKey)] = systemAccount(AMOUNT);
    const diverted = await scenarioReport(stranger);
    expect(verdict(diverted, 'payment').reason).toMatch(/sends SOL to .*, not to the recipient/);
    expect(verdict(diverted, 'sol-transfer').ok).toBe(false);
    // An extra transfer to the recipient before the payment: it gains more than asked.
    const extra = await scenarioReport(
      solPayment([sol(RECIPIENT.publicKey, 1n, []), ...honest()], AMOUNT + 1n),
    );
    expect(verdict(extra, 'payment').reason).toMatch(
      /recipient's SOL balance would change by 0.250000001 SOL instead of exactly 0.25 SOL/,
    );
    expect(extra.accepted).toBe(false);
  });

  it('refuses a missing or writable reference, a missing memo and a transfer that is not last', async () => {
    const noRef = await scenarioReport(
      solPayment([memo('ORDER-77'), sol(RECIPIENT.publicKey, AMOUNT, [])]),
    );
    expect(verdict(noRef, 'payment').reason).toMatch(
      /does not carry the request's 1 reference key/,
    );
    const writable = honest();
    writable[1]!.keys[2]!.isWritable = true;
    expect((await ruleVerdict(solPayment(writable), 'payment')).reason).toMatch(
      /references must be read-only/,
    );
    const [, transfer] = honest();
    expect((await ruleVerdict(solPayment([transfer!]), 'payment')).reason).toMatch(
      /memo the request asks for is not right before the transfer/,
    );
    const notLast = await scenarioReport(solPayment([...honest(), memo('after')]));
    expect(verdict(notLast, 'payment').reason).toMatch(/last instruction is not the SOL transfer/);
    expect(notLast.accepted).toBe(false);
  });
});
