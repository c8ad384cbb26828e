/**
 * The official v6 client (@jup-ag/api's generated SwapApi) against a real sandbox process: quote, swap, sign with a
 * test key, send with web3.js, and check every balance change against the quote.
 */
import {
  Configuration,
  SwapApi,
  type QuoteResponse,
  type SwapRequest,
  type SwapResponse,
} from '@jup-ag/api';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from './sandbox-session';
import {
  ataOf,
  BONK,
  faucet,
  fundedUser,
  JUP,
  operatorFeeAccount,
  PYUSD,
  signAndSend,
  SOL,
  tokenBalance,
  USDC,
  USDT,
} from './sandbox-swap-fixtures';

const sandbox = useSandbox();
let jupiter: SwapApi;

beforeAll(async () => {
  // createJupiterApiClient() of @jup-ag/api 6.0.48 ignores `basePath` (it always targets
  // lite-api.jup.ag or api.jup.ag), so the client is built from its own generated classes.
  jupiter = new SwapApi(new Configuration({ basePath: sandbox.swapApiUrl }));
});

/** Hops in order: consecutive steps with the same mints are one hop split over venues. */
function hops(quote: QuoteResponse) {
  const result: { inputMint: string; outputMint: string; percents: number[] }[] = [];
  for (const step of quote.routePlan) {
    const last = result[result.length - 1];
    if (
      last &&
      last.inputMint === step.swapInfo.inputMint &&
      last.outputMint === step.swapInfo.outputMint
    ) {
      last.percents.push(step.percent ?? 0);
    } else {
      result.push({
        inputMint: step.swapInfo.inputMint,
        outputMint: step.swapInfo.outputMint,
        percents: [step.percent ?? 0],
      });
    }
  }
  return result;
}

/** A fresh owner's token account for `mint`, created by the faucet with 1 base unit in it. */
async function newTokenAccount(mint: string): Promise<PublicKey> {
  const owner = Keypair.generate();
  await faucet(sandbox.rpcUrl, owner.publicKey, mint, 1n);
  return ataOf(owner.publicKey, mint);
}

/** POST /swap for `quote` as `user`, with the other swap request fields in `options`. */
function swapFor(
  quote: QuoteResponse,
  user: Keypair,
  options: Omit<SwapRequest, 'quoteResponse' | 'userPublicKey'> = {},
): Promise<SwapResponse> {
  return jupiter.swapPost({
    swapRequest: { quoteResponse: quote, userPublicKey: user.publicKey.toBase58(), ...options },
  });
}

function expectChained(quote: QuoteResponse) {
  const list = hops(quote);
  expect(list[0]!.inputMint).toBe(quote.inputMint);
  expect(list[list.length - 1]!.outputMint).toBe(quote.outputMint);
  list.forEach((hop, i) => {
    if (i > 0) expect(hop.inputMint).toBe(list[i - 1]!.outputMint);
    expect(hop.percents.reduce((a, b) => a + b, 0)).toBe(100);
  });
  for (const text of [quote.inAmount, quote.outAmount, quote.otherAmountThreshold])
    expect(text).toMatch(/^\d+$/);
}

describe('the official client against the sandbox', () => {
  it('ExactIn direct: SOL -> USDC moves exactly the quoted amounts; the user is the fee payer', async () => {
    const user = await fundedUser(sandbox.connection, sandbox.rpcUrl, 10);
    const quote = await jupiter.quoteGet({
      inputMint: SOL,
      outputMint: USDC,
      amount: 1_000_000_000,
      onlyDirectRoutes: true,
    });
    expectChained(quote);
    expect(quote.swapMode).toBe('ExactIn');
    expect(quote.slippageBps).toBe(50);
    expect(quote.platformFee ?? null).toBeNull();
    expect(BigInt(quote.otherAmountThreshold)).toBe((BigInt(quote.outAmount) * 9950n) / 10000n);
    expect(hops(quote)).toHaveLength(1);

    const swap = await swapFor(quote, user, { dynamicComputeUnitLimit: true });
    const tx = VersionedTransaction.deserialize(Buffer.from(swap.swapTransaction, 'base64'));
    expect(tx.message.staticAccountKeys[0]!.toBase58()).toBe(user.publicKey.toBase58());
    // the person is the only signer, as on mainnet: CP-Swap moves the tokens
    expect(tx.message.header.numRequiredSignatures).toBe(1);
    expect(tx.signatures[0]!.every((byte) => byte === 0)).toBe(true);
    expect(swap.lastValidBlockHeight).toBeGreaterThan(await sandbox.connection.getBlockHeight());

    const before = await sandbox.connection.getBalance(user.publicKey);
    await signAndSend(sandbox.connection, swap.swapTransaction, user);
    expect(await tokenBalance(sandbox.connection, ataOf(user.publicKey, USDC))).toBe(
      BigInt(quote.outAmount),
    );
    const spent = BigInt(before - (await sandbox.connection.getBalance(user.publicKey)));
    const rent = BigInt(await sandbox.connection.getMinimumBalanceForRentExemption(165));
    // input + USDC account rent + one signature's base fee (no priority fee asked)
    expect(spent).toBe(BigInt(quote.inAmount) + rent + 5_000n);
  });

  it('ExactIn multi-hop: BONK -> JUP goes through an intermediate token', async () => {
    const amount = 2_000_000_000_000n; // 20M BONK
    const user = await fundedUser(sandbox.connection, sandbox.rpcUrl, 1, { [BONK]: amount });
    const quote = await jupiter.quoteGet({
      inputMint: BONK,
      outputMint: JUP,
      amount: Number(amount),
    });
    expectChained(quote);
    // Two hops or three (BONK > SOL > USDC > JUP pays more than either two-hop path: issue 33).
    expect(hops(quote).length).toBeGreaterThanOrEqual(2);
    expect([SOL, USDC, USDT]).toContain(hops(quote)[0]!.outputMint);
    const swap = await swapFor(quote, user);
    await signAndSend(sandbox.connection, swap.swapTransaction, user);
    expect(await tokenBalance(sandbox.connection, ataOf(user.publicKey, BONK))).toBe(0n);
    expect(await tokenBalance(sandbox.connection, ataOf(user.publicKey, JUP))).toBe(
      BigInt(quote.outAmount),
    );
  });

  it('ExactIn split: a large USDC -> SOL trade is spread over venues and unwrapped to SOL', async () => {
    const amount = 600_000_000_000n; // 600k USDC
    const user = await fundedUser(sandbox.connection, sandbox.rpcUrl, 1, { [USDC]: amount });
    const quote = await jupiter.quoteGet({
      inputMint: USDC,
      outputMint: SOL,
      amount: Number(amount),
      onlyDirectRoutes: true,
    });
    expectChained(quote);
    expect(hops(quote)[0]!.percents.length).toBeGreaterThan(1);
    const swap = await swapFor(quote, user);
    const before = await sandbox.connection.getBalance(user.publicKey);
    await signAndSend(sandbox.connection, swap.swapTransaction, user);
    const gained = BigInt((await sandbox.connection.getBalance(user.publicKey)) - before);
    // the wSOL account is created, filled, closed: the user nets the output minus one base fee
    expect(gained).toBe(BigInt(quote.outAmount) - 5_000n);
    expect(await sandbox.connection.getAccountInfo(ataOf(user.publicKey, SOL))).toBeNull();
  });

  it('ExactOut with destinationTokenAccount: the payee gets exactly the amount, the payer pays inAmount', async () => {
    const payer = await fundedUser(sandbox.connection, sandbox.rpcUrl, 10);
    const destination = await newTokenAccount(USDC); // the payee's USDC account
    const quote = await jupiter.quoteGet({
      inputMint: SOL,
      outputMint: USDC,
      amount: 42_500_000,
      swapMode: 'ExactOut',
    });
    expectChained(quote);
    expect(quote.outAmount).toBe('42500000');
    expect(BigInt(quote.otherAmountThreshold)).toBeGreaterThan(BigInt(quote.inAmount));
    const swap = await swapFor(quote, payer, {
      destinationTokenAccount: destination.toBase58(),
      dynamicComputeUnitLimit: true,
    });
    const before = await sandbox.connection.getBalance(payer.publicKey);
    await signAndSend(sandbox.connection, swap.swapTransaction, payer);
    expect(await tokenBalance(sandbox.connection, destination)).toBe(1n + 42_500_000n);
    const spent = BigInt(before - (await sandbox.connection.getBalance(payer.publicKey)));
    expect(spent).toBe(BigInt(quote.inAmount) + 5_000n);
    expect(spent).toBeLessThanOrEqual(BigInt(quote.otherAmountThreshold) + 5_000n);
  });

  it('ExactOut multi-hop: a BONK payer pays a JUP payee exactly, through an intermediate token', async () => {
    const payer = await fundedUser(sandbox.connection, sandbox.rpcUrl, 1, {
      [BONK]: 10_000_000_000_000n,
    });
    const destination = await newTokenAccount(JUP);
    const quote = await jupiter.quoteGet({
      inputMint: BONK,
      outputMint: JUP,
      amount: 7_000_000,
      swapMode: 'ExactOut',
    });
    expectChained(quote);
    expect(hops(quote).length).toBeGreaterThanOrEqual(2);
    expect(quote.outAmount).toBe('7000000');
    const swap = await swapFor(quote, payer, { destinationTokenAccount: destination.toBase58() });
    await signAndSend(sandbox.connection, swap.swapTransaction, payer);
    expect(await tokenBalance(sandbox.connection, destination)).toBe(1n + 7_000_000n);
    expect(
      10_000_000_000_000n - (await tokenBalance(sandbox.connection, ataOf(payer.publicKey, BONK))),
    ).toBe(BigInt(quote.inAmount));
  });

  it('platform fee ExactIn on the output mint: the fee account gets 97.5%, the operator 2.5%', async () => {
    const user = await fundedUser(sandbox.connection, sandbox.rpcUrl, 5);
    const feeAccount = await newTokenAccount(USDC);
    const operator = operatorFeeAccount(USDC);
    const operatorBefore = await tokenBalance(sandbox.connection, operator);
    const quote = await jupiter.quoteGet({
      inputMint: SOL,
      outputMint: USDC,
      amount: 2_000_000_000,
      platformFeeBps: 80,
    });
    const fee = BigInt(quote.platformFee!.amount!);
    expect(quote.platformFee!.feeBps).toBe(80);
    const gross = BigInt(quote.outAmount) + fee;
    expect(fee).toBe((gross * 80n) / 10_000n);
    const swap = await swapFor(quote, user, { feeAccount: feeAccount.toBase58() });
    await signAndSend(sandbox.connection, swap.swapTransaction, user);
    const operatorShare = (fee * 25n) / 1_000n;
    expect(await tokenBalance(sandbox.connection, ataOf(user.publicKey, USDC))).toBe(
      BigInt(quote.outAmount),
    );
    expect(await tokenBalance(sandbox.connection, feeAccount)).toBe(1n + fee - operatorShare);
    expect((await tokenBalance(sandbox.connection, operator)) - operatorBefore).toBe(operatorShare);
  });

  it('platform fee ExactIn on the input mint: taken from the input before the swap', async () => {
    const amount = 500_000_000n;
    const user = await fundedUser(sandbox.connection, sandbox.rpcUrl, 1, { [USDC]: amount });
    const feeAccount = await newTokenAccount(USDC);
    const quote = await jupiter.quoteGet({
      inputMint: USDC,
      outputMint: JUP,
      amount: Number(amount),
      platformFeeBps: 100,
    });
    const swap = await swapFor(quote, user, { feeAccount: feeAccount.toBase58() });
    await signAndSend(sandbox.connection, swap.swapTransaction, user);
    const fee = (amount * 100n) / 10_000n;
    expect(await tokenBalance(sandbox.connection, feeAccount)).toBe(
      1n + fee - (fee * 25n) / 1_000n,
    );
    expect(await tokenBalance(sandbox.connection, ataOf(user.publicKey, USDC))).toBe(0n);
    const received = await tokenBalance(sandbox.connection, ataOf(user.publicKey, JUP));
    expect(received).toBeGreaterThanOrEqual(BigInt(quote.otherAmountThreshold));
  });

  it('platform fee ExactOut on the input mint: the payer pays inAmount including the fee', async () => {
    const user = await fundedUser(sandbox.connection, sandbox.rpcUrl, 1, {
      [USDC]: 1_000_000_000n,
    });
    const feeAccount = await newTokenAccount(USDC);
    const quote = await jupiter.quoteGet({
      inputMint: USDC,
      outputMint: JUP,
      amount: 100_000_000,
      swapMode: 'ExactOut',
      platformFeeBps: 50,
    });
    const fee = BigInt(quote.platformFee!.amount!);
    expect(fee).toBeGreaterThan(0n);
    const swap = await swapFor(quote, user, { feeAccount: feeAccount.toBase58() });
    await signAndSend(sandbox.connection, swap.swapTransaction, user);
    expect(await tokenBalance(sandbox.connection, ataOf(user.publicKey, JUP))).toBe(100_000_000n);
    expect(
      1_000_000_000n - (await tokenBalance(sandbox.connection, ataOf(user.publicKey, USDC))),
    ).toBe(BigInt(quote.inAmount));
    expect(await tokenBalance(sandbox.connection, feeAccount)).toBe(
      1n + fee - (fee * 25n) / 1_000n,
    );
  });

  it('legacy transactions: asLegacyTransaction gives a legacy transaction that executes', async () => {
    const user = await fundedUser(sandbox.connection, sandbox.rpcUrl, 5);
    const quote = await jupiter.quoteGet({
      inputMint: SOL,
      outputMint: USDT,
      amount: 300_000_000,
      asLegacyTransaction: true,
    });
    const swap = await swapFor(quote, user, { asLegacyTransaction: true });
    // a legacy message starts with its header, not the 0x80 version prefix
    const bytes = Buffer.from(swap.swapTransaction, 'base64');
    const signatures = bytes[0]!;
    expect(bytes[1 + signatures * 64]! & 0x80).toBe(0);
    await signAndSend(sandbox.connection, swap.swapTransaction, user, true);
    expect(await tokenBalance(sandbox.connection, ataOf(user.publicKey, USDT))).toBe(
      BigInt(quote.outAmount),
    );
  });

  it('Token-2022 output: SOL -> PYUSD lands in a Token-2022 account', async () => {
    const user = await fundedUser(sandbox.connection, sandbox.rpcUrl, 5);
    const quote = await jupiter.quoteGet({
      inputMint: SOL,
      outputMint: PYUSD,
      amount: 100_000_000,
    });
    const swap = await swapFor(quote, user);
    await signAndSend(sandbox.connection, swap.swapTransaction, user);
    const account = ataOf(user.publicKey, PYUSD);
    expect((await sandbox.connection.getAccountInfo(account))!.owner.toBase58()).toBe(
      'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
    );
    expect(await tokenBalance(sandbox.connection, account)).toBe(BigInt(quote.outAmount));
  });

  it('program-id-to-label names the venues, and the quote labels come from them', async () => {
    const labels = await jupiter.programIdToLabelGet();
    const quote = await jupiter.quoteGet({ inputMint: SOL, outputMint: USDC, amount: 1_000_000 });
    for (const step of quote.routePlan)
      expect(Object.values(labels)).toContain(step.swapInfo.label);
    expect(new PublicKey(quote.routePlan[0]!.swapInfo.ammKey).toBase58()).toBe(
      quote.routePlan[0]!.swapInfo.ammKey,
    );
  });
});
