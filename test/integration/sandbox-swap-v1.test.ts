/**
 * The sandbox's swap API in today's swap/v1 shape (`--api-shape v1`), and behind a gateway-style
 * rate limit (`--rate-limit N`), driven by the wallet's own client over real HTTP: the answers
 * have the shape of the official swap/v1 schema (no feeAmount/feeMint, `bps: null`, no
 * contextSlot/timeTaken), the wallet reads them, the quote goes back to /swap as it came and the
 * transaction executes; a rate-limited quote is answered with a wait until x-ratelimit-reset,
 * then succeeds.
 */
import { Connection, Keypair, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../main/shared/address';
import type { FetchLike } from '../../main/swap-api';
import { sandboxSwapApi } from './sandbox-swap-api';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { waitForStatus } from '../fixtures/sandbox-faucet';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;

let v1: RunningSandbox;
let limited: RunningSandbox;

beforeAll(async () => {
  [v1, limited] = await Promise.all([
    startSandbox({ args: ['--api-shape', 'v1'] }),
    startSandbox({ args: ['--api-shape', 'v1', '--rate-limit', '1'] }),
  ]);
});

afterAll(async () => {
  await Promise.all([v1?.remove(), limited?.remove()]);
});

interface Answered {
  status: number;
  /** When the request was sent (ms since the epoch). */
  at: number;
  /** x-ratelimit-reset, Unix seconds, when sent. */
  reset: number | null;
}

/** The wallet's client, recording each answer's status, send time and rate-limit reset. */
function clientOf(sandbox: RunningSandbox) {
  const answers: Answered[] = [];
  const recording: FetchLike = async (url, init) => {
    const at = Date.now();
    const response = await fetch(url, init);
    const reset = response.headers.get('x-ratelimit-reset');
    answers.push({ status: response.status, at, reset: reset === null ? null : Number(reset) });
    return response;
  };
  const api = sandboxSwapApi(sandbox.swapApiUrl, {
    fetch: recording,
    retries: 2,
    maxRetryAfterMs: 10_000,
  });
  return { api, answers };
}

describe('the sandbox in the swap/v1 shape', () => {
  it('announces its swap API at /swap/v1', () => {
    expect(v1.swapApiUrl).toBe(`${v1.rpcUrl}/swap/v1`);
  });

  it('answers quotes as today’s service does, and refuses the spec’s auto slippage', async () => {
    const response = await fetch(
      `${v1.swapApiUrl}/quote?inputMint=${SOL}&outputMint=${USDC}&amount=100000000&slippageBps=50&autoSlippage=true`,
    );
    const body = (await response.json()) as Record<string, unknown> & {
      routePlan: { swapInfo: Record<string, unknown>; percent: number; bps: unknown }[];
    };
    expect(response.status).toBe(200);
    expect(body).not.toHaveProperty('contextSlot');
    expect(body).not.toHaveProperty('timeTaken');
    expect(body).not.toHaveProperty('computedAutoSlippage'); // autoSlippage is ignored there
    expect(body.slippageBps).toBe(50);
    for (const step of body.routePlan) {
      expect(step.bps).toBeNull();
      expect(step.swapInfo).not.toHaveProperty('feeAmount');
      expect(step.swapInfo).not.toHaveProperty('feeMint');
    }
  });

  it('the wallet quotes, builds and the ledger executes a swap from such answers', async () => {
    const { api } = clientOf(v1);
    const connection = new Connection(v1.rpcUrl, 'confirmed');
    const user = Keypair.generate();
    await waitForStatus(
      connection,
      await connection.requestAirdrop(user.publicKey, 2_000_000_000),
      200,
      25,
    );
    const quote = await api.quote({
      inputMint: SOL,
      outputMint: USDC,
      amount: 100_000_000n,
      slippageBps: 100,
    });
    expect(quote.routePlan[0]).toMatchObject({ feeAmount: null, feeMint: null });
    expect(quote.contextSlot).toBeNull();
    const swap = await api.swap({
      quote,
      userPublicKey: user.publicKey.toBase58() as Address,
      prioritizationFeeLamports: 0n,
    });
    expect(swap.signable).toBe(true);
    const tx = VersionedTransaction.deserialize(swap.transaction);
    tx.sign([user]);
    const signature = await connection.sendRawTransaction(tx.serialize());
    await waitForStatus(connection, signature, 200, 25);
    const status = await connection.getSignatureStatus(signature);
    expect(status.value?.err).toBeNull();
  });

  it('/swap-instructions answers with today’s extras, and the wallet reads it', async () => {
    const { api } = clientOf(v1);
    const user = Keypair.generate();
    const quote = await api.quote({
      inputMint: SOL,
      outputMint: USDC,
      amount: 1_000_000n,
      slippageBps: 100,
    });
    const raw = await fetch(`${v1.swapApiUrl}/swap-instructions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"quoteResponse":${quote.raw},"userPublicKey":"${user.publicKey.toBase58()}"}`,
    });
    const body = (await raw.json()) as Record<string, unknown>;
    expect(body).toHaveProperty('blockhashWithMetadata.lastValidBlockHeight');
    expect(body).toHaveProperty('prioritizationType');
    expect(body).not.toHaveProperty('lastValidBlockHeight');
    const parsed = await api.swapInstructions({
      quote,
      userPublicKey: user.publicKey.toBase58() as Address,
    });
    expect(parsed.swapInstruction.programId).toBeTruthy();
  });
});

describe('a rate-limited service (1 request a second, gateway-style 429)', () => {
  it('answers past the limit as the gateway does: its body, reset in Unix seconds, no Retry-After', async () => {
    const url = `${limited.swapApiUrl}/quote?inputMint=${SOL}&outputMint=${USDC}&amount=1000000`;
    const answers = [await fetch(url), await fetch(url), await fetch(url)];
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused).toBeDefined();
    expect(await refused?.json()).toEqual({
      code: 429,
      message: '[API Gateway] Too many requests',
    });
    expect(Number(refused?.headers.get('x-ratelimit-reset'))).toBeGreaterThan(1_700_000_000);
    expect(refused?.headers.get('retry-after')).toBeNull();
  });

  it('is answered by the wallet with a wait until x-ratelimit-reset, then success', async () => {
    const { api, answers } = clientOf(limited);
    const params = { inputMint: SOL, outputMint: USDC, amount: 1_000_000n, slippageBps: 50 };
    // Three quotes in a row at one request a second: at least one is refused and retried.
    const quotes = [await api.quote(params), await api.quote(params), await api.quote(params)];
    expect(quotes.every((quote) => quote.outAmount > 0n)).toBe(true);
    const refusedAt = answers.findIndex((answer) => answer.status === 429);
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    const refused = answers[refusedAt] as Answered;
    const retry = answers[refusedAt + 1] as Answered;
    expect(retry.status).toBe(200);
    // The retry went out once the window the gateway named had reset, not before.
    expect(retry.at).toBeGreaterThanOrEqual((refused.reset as number) * 1000);
  });
});
