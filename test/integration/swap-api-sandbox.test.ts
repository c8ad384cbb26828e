/**
 * The swap API client against the real sandbox process (its /v6 swap API over HTTP, the same
 * way the wallet talks to mainnet): quotes SOL -> USDC ExactIn and ExactOut, builds a swap
 * transaction, and signs and sends it to the sandbox ledger to show the client's request
 * (the quote sent back verbatim) yields a transaction that really executes.
 */
import { Connection, Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../main/shared/address';
import { realWait, type SwapApiClient } from '../../main/swap-api';
import { sandboxSwapApi } from './sandbox-swap-api';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' as Address;
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN' as Address;

let sandbox: RunningSandbox;
let api: SwapApiClient;
let connection: Connection;

async function confirm(signature: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { value } = await connection.getSignatureStatuses([signature]);
    const status = value[0];
    if (status?.err) throw new Error(`transaction failed: ${JSON.stringify(status.err)}`);
    if (status && status.confirmationStatus !== 'processed') return;
    await realWait(25);
  }
  throw new Error(`transaction ${signature} was not confirmed`);
}

async function faucet(owner: PublicKey, mint: string, amount: bigint): Promise<void> {
  const response = await fetch(`${sandbox.rpcUrl}/sandbox/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner: owner.toBase58(), mint, amount: amount.toString() }),
  });
  const body = (await response.json()) as { signature?: string; error?: string };
  if (body.signature === undefined) throw new Error(`faucet refused: ${body.error}`);
  await confirm(body.signature);
}

async function usdcBalance(owner: PublicKey): Promise<bigint> {
  const ata = getAssociatedTokenAddressSync(new PublicKey(USDC), owner);
  const account = await connection.getTokenAccountBalance(ata).catch(() => null);
  return account === null ? 0n : BigInt(account.value.amount);
}

beforeAll(async () => {
  sandbox = await startSandbox();
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  api = sandboxSwapApi(sandbox.swapApiUrl, { retries: 2 });
});

afterAll(async () => {
  await sandbox?.remove();
});

/** SOL for exactly 25 USDC (ExactOut, 1% slippage), quoted by the sandbox. */
const quote25Usdc = () =>
  api.quote({
    inputMint: SOL,
    outputMint: USDC,
    amount: 25_000_000n,
    swapMode: 'ExactOut',
    slippageBps: 100,
  });

describe('swap API client against the sandbox', () => {
  it('quotes 1 SOL -> USDC ExactIn', async () => {
    const quote = await api.quote({
      inputMint: SOL,
      outputMint: USDC,
      amount: 1_000_000_000n,
      slippageBps: 50,
    });
    expect(quote.swapMode).toBe('ExactIn');
    expect(quote.inAmount).toBe(1_000_000_000n);
    expect(quote.outAmount).toBeGreaterThan(0n);
    expect(quote.otherAmountThreshold).toBeLessThanOrEqual(quote.outAmount);
    // 50 bps below the quoted output, rounded down.
    expect(quote.otherAmountThreshold).toBe((quote.outAmount * 9_950n) / 10_000n);
    expect(quote.routePlan.at(-1)?.outputMint).toBe(USDC);
  });

  it('quotes exactly 25 USDC for SOL ExactOut', async () => {
    const quote = await quote25Usdc();
    expect(quote.outAmount).toBe(25_000_000n);
    expect(quote.otherAmountThreshold).toBeGreaterThanOrEqual(quote.inAmount);
    expect(quote.routePlan[0]?.inputMint).toBe(SOL);
  });

  it('maps the sandbox error for a token it does not trade', async () => {
    const unknown = Keypair.generate().publicKey.toBase58() as Address;
    await expect(
      api.quote({ inputMint: SOL, outputMint: unknown, amount: 1_000_000n }),
    ).rejects.toMatchObject({
      code: 'SWAP_API_REJECTED',
      serviceCode: 'TOKEN_NOT_TRADABLE',
      message:
        'One of the two tokens cannot be traded on the swap service. Check the mint address, or choose another token.',
    });
  });

  it('builds a swap transaction that the user signs and the ledger executes', async () => {
    const user = Keypair.generate();
    await confirm(await connection.requestAirdrop(user.publicKey, 2_000_000_000));
    const quote = await api.quote({
      inputMint: SOL,
      outputMint: USDC,
      amount: 100_000_000n,
      slippageBps: 100,
    });
    const swap = await api.swap({
      quote,
      userPublicKey: user.publicKey.toBase58() as Address,
      wrapAndUnwrapSol: true,
      dynamicComputeUnitLimit: true,
      prioritizationFeeLamports: 0n,
    });
    expect(swap.signable).toBe(true);
    expect(swap.simulationFailure).toBeNull();
    expect(swap.lastValidBlockHeight).toBeGreaterThan(0);
    const transaction = VersionedTransaction.deserialize(swap.transaction);
    expect(transaction.message.staticAccountKeys[0]?.toBase58()).toBe(user.publicKey.toBase58());
    transaction.sign([user]);
    await confirm(await connection.sendRawTransaction(transaction.serialize()));
    const received = await usdcBalance(user.publicKey);
    expect(received).toBeGreaterThanOrEqual(quote.otherAmountThreshold);
    expect(received).toBeLessThanOrEqual(quote.outAmount);
  });

  it('pays exactly 25 USDC into a payee token account with an ExactOut swap', async () => {
    const payer = Keypair.generate();
    const payee = Keypair.generate().publicKey;
    await confirm(await connection.requestAirdrop(payer.publicKey, 2_000_000_000));
    await faucet(payee, USDC, 1n); // creates the payee's USDC account
    const quote = await quote25Usdc();
    const swap = await api.swap({
      quote,
      userPublicKey: payer.publicKey.toBase58() as Address,
      destinationTokenAccount: getAssociatedTokenAddressSync(
        new PublicKey(USDC),
        payee,
      ).toBase58() as Address,
    });
    expect(swap.signable).toBe(true);
    const transaction = VersionedTransaction.deserialize(swap.transaction);
    transaction.sign([payer]);
    await confirm(await connection.sendRawTransaction(transaction.serialize()));
    expect(await usdcBalance(payee)).toBe(25_000_001n);
  });

  it('quotes a two-hop route that chains mint to mint', async () => {
    const quote = await api.quote({ inputMint: BONK, outputMint: JUP, amount: 10_000_000_000n });
    expect(quote.routePlan.length).toBeGreaterThanOrEqual(2);
    expect(quote.routePlan[0]?.inputMint).toBe(BONK);
    expect(quote.routePlan.at(-1)?.outputMint).toBe(JUP);
  });

  it('flags a swap the service could not simulate (a payer with no SOL) as not signable', async () => {
    const quote = await api.quote({ inputMint: SOL, outputMint: USDC, amount: 100_000_000n });
    const swap = await api.swap({
      quote,
      userPublicKey: Keypair.generate().publicKey.toBase58() as Address,
    });
    expect(swap.signable).toBe(false);
    expect(swap.simulationFailure?.reason).toMatch(/does not exist on this network yet/);
  });

  it('returns the same swap as instructions, the user signing the swap instruction', async () => {
    const user = Keypair.generate();
    await confirm(await connection.requestAirdrop(user.publicKey, 1_000_000_000));
    const quote = await api.quote({ inputMint: SOL, outputMint: USDC, amount: 50_000_000n });
    const parts = await api.swapInstructions({
      quote,
      userPublicKey: user.publicKey.toBase58() as Address,
    });
    expect(parts.signable).toBe(true);
    expect(parts.computeBudgetInstructions[0]?.programId).toBe(
      'ComputeBudget111111111111111111111111111111',
    );
    const all = [...parts.setupInstructions, parts.swapInstruction, ...parts.otherInstructions];
    const signers = all.flatMap((ix) => ix.accounts.filter((a) => a.isSigner).map((a) => a.pubkey));
    expect(signers).toContain(user.publicKey.toBase58());
    // The user's USDC account is created in setup (associated token program, data 1 = idempotent).
    const usdcAccount = getAssociatedTokenAddressSync(
      new PublicKey(USDC),
      user.publicKey,
    ).toBase58();
    expect(
      parts.setupInstructions.some((ix) =>
        ix.accounts.some((a) => a.pubkey === usdcAccount && a.isWritable),
      ),
    ).toBe(true);
  });

  it('names the venues by program id', async () => {
    const labels = await api.programIdToLabel();
    expect(labels.size).toBeGreaterThan(0);
  });
});
