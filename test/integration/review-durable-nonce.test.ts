/**
 * A swap that would outlive its expiry, on the real sandbox: the sandbox's POST
 * /swap-instructions composed into a transaction whose lifetime comes from a durable nonce
 * (AdvanceNonceAccount first, the nonce's value in place of a recent blockhash), as a malicious
 * or careless service could build it. The real review path (decode, read, simulate on the
 * sandbox VM, guard) refuses it with the reason, so the wallet never signs a transaction it
 * would later show as "Expired" while it can still land.
 */
import { SANDBOX_TERMS } from '../../main/review/service-terms';
import {
  Keypair,
  NONCE_ACCOUNT_LENGTH,
  NonceAccount,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../main/shared/address';
import { sandboxSwapApi } from './sandbox-swap-api';
import { reviewTransaction } from '../../main/review';
import { intentOf } from '../../main/tickets/swap-review';
import { swapInstructionList } from '../../main/pay/payment-transactions';
import { useSandbox } from './sandbox-session';
import { waitForStatus } from '../fixtures/sandbox-faucet';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;

const sandbox = useSandbox();

/** Waits until the transaction whose signature `sent` answers is confirmed on the sandbox. */
const landed = async (sent: Promise<string>) =>
  waitForStatus(sandbox.connection, await sent, 200, 25);

/** A funded user and a nonce account it is the authority of, created for real on the ledger. */
async function userWithNonce(): Promise<{ user: Keypair; nonce: Keypair; value: string }> {
  const user = Keypair.generate();
  const nonce = Keypair.generate();
  await landed(sandbox.connection.requestAirdrop(user.publicKey, 3_000_000_000));
  const create = new Transaction().add(
    ...SystemProgram.createNonceAccount({
      fromPubkey: user.publicKey,
      noncePubkey: nonce.publicKey,
      authorizedPubkey: user.publicKey,
      lamports: await sandbox.connection.getMinimumBalanceForRentExemption(NONCE_ACCOUNT_LENGTH),
    }).instructions,
  );
  create.recentBlockhash = (await sandbox.connection.getLatestBlockhash()).blockhash;
  create.feePayer = user.publicKey;
  create.sign(user, nonce);
  await landed(sandbox.connection.sendRawTransaction(create.serialize()));
  return { user, nonce, value: await nonceValue(nonce.publicKey) };
}

async function nonceValue(address: PublicKey): Promise<string> {
  const info = await sandbox.connection.getAccountInfo(address);
  return NonceAccount.fromAccountData(info!.data).nonce;
}

/**
 * A v0 message of `payer` whose lifetime is the nonce `value` of `nonce`: the nonceAdvance
 * signed for by `authority` first, as the runtime requires, then `instructions`.
 */
function nonceMessage(
  payer: PublicKey,
  nonce: Keypair,
  authority: PublicKey,
  value: string,
  instructions: TransactionInstruction[],
) {
  return new TransactionMessage({
    payerKey: payer,
    recentBlockhash: value,
    instructions: [
      SystemProgram.nonceAdvance({ noncePubkey: nonce.publicKey, authorizedPubkey: authority }),
      ...instructions,
    ],
  }).compileToV0Message();
}

describe('durable nonces on the sandbox, as a validator takes them', () => {
  it('runs a transaction whose lifetime is a current nonce once, and moves the nonce on', async () => {
    const { user, nonce, value } = await userWithNonce();
    const payee = Keypair.generate().publicKey;
    const message = nonceMessage(user.publicKey, nonce, user.publicKey, value, [
      SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: payee, lamports: 10_000_000 }),
    ]);
    const tx = new VersionedTransaction(message);
    tx.sign([user]);
    // The nonce is no blockhash the queue ever handed out: only the nonce rule lets it in.
    expect(await sandbox.connection.isBlockhashValid(value)).toMatchObject({ value: false });
    await landed(sandbox.connection.sendRawTransaction(tx.serialize()));
    expect(await sandbox.connection.getBalance(payee)).toBe(10_000_000);
    expect(await nonceValue(nonce.publicKey)).not.toBe(value);

    // The nonce has moved: the same lifetime no longer lets anything in.
    const again = new VersionedTransaction(
      nonceMessage(user.publicKey, nonce, user.publicKey, value, [
        SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: payee, lamports: 1 }),
      ]),
    );
    again.sign([user]);
    await expect(sandbox.connection.sendRawTransaction(again.serialize())).rejects.toThrow(
      /Blockhash not found/,
    );
  });

  it('refuses a nonce lifetime whose authority did not sign', async () => {
    const { user, nonce, value } = await userWithNonce();
    const other = Keypair.generate();
    await landed(sandbox.connection.requestAirdrop(other.publicKey, 1_000_000_000));
    const tx = new VersionedTransaction(
      nonceMessage(other.publicKey, nonce, other.publicKey, value, []),
    );
    tx.sign([other]);
    await expect(sandbox.connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
      /Blockhash not found/,
    );
    expect(await nonceValue(nonce.publicKey)).toBe(value);
    void user;
  });
});

describe('a durable-nonce swap on the sandbox', () => {
  it('is refused by the review with the reason, whoever the nonce authority is', async () => {
    // A nonce account the user controls (created for real on the sandbox ledger).
    const { user, nonce, value: nonceValue } = await userWithNonce();

    const api = sandboxSwapApi(sandbox.swapApiUrl);
    const quote = await api.quote({
      inputMint: SOL,
      outputMint: USDC,
      amount: 100_000_000n,
      slippageBps: 100,
    });
    const parts = await api.swapInstructions({
      quote,
      userPublicKey: user.publicKey.toBase58() as Address,
    });
    const message = nonceMessage(
      user.publicKey,
      nonce,
      user.publicKey,
      nonceValue,
      swapInstructionList(parts),
    );
    const report = await reviewTransaction({
      serviceTerms: SANDBOX_TERMS,
      transaction: new VersionedTransaction(message).serialize(),
      user: user.publicKey.toBase58() as Address,
      intent: intentOf(quote, {
        asLegacyTransaction: false,
        prioritizationFee: 0n,
        maxPriorityFeeLamports: 0n,
      }),
      lastValidBlockHeight: (await sandbox.connection.getLatestBlockhash()).lastValidBlockHeight,
      connection: sandbox.connection,
    });
    expect(report.accepted).toBe(false);
    const verdict = report.verdicts.find((v) => v.rule === 'durable-nonce');
    expect(verdict?.ok).toBe(false);
    expect(verdict?.reason).toMatch(/your account is its authority/);
    expect(verdict?.reason).toMatch(
      /would stay valid after block \d+ and could land at any later time/,
    );
    expect(report.refusals).toContain(verdict?.reason);
  });
});
