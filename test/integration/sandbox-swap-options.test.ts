/**
 * The options of GET /quote and POST /swap against a real sandbox process: list encodings,
 * venue filters, smart slippage, priority fees in every form, SOL without wrapping, tracking
 * accounts, /swap-instructions, /tokens, and pools that survive a restart without re-seeding.
 */
import { Connection, Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../harness/sandbox-process';
import { useSandbox } from './sandbox-session';
import {
  ataOf,
  BONK,
  CP_SWAP_PROGRAM,
  fundedUser,
  getJson,
  JUP,
  PDLG,
  postJson,
  signAndSend,
  SOL,
  USDC,
  USDT,
} from './sandbox-swap-fixtures';

const sandbox = useSandbox();

type Quote = Record<string, unknown> & {
  routePlan: { swapInfo: Record<string, string>; percent: number }[];
};

async function quote(query: string, base = sandbox.swapApiUrl): Promise<Quote> {
  const { status, body } = await getJson(`${base}/quote?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Quote;
}

async function swap(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await postJson(`${sandbox.swapApiUrl}/swap`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.simulationError).toBeNull();
  return answer.body;
}

const labels = (q: Quote) => q.routePlan.map((step) => step.swapInfo.label);
const big = `inputMint=${SOL}&outputMint=${USDC}&amount=3000000000000&onlyDirectRoutes=true`;

describe('quote options', () => {
  it('accepts dexes comma-separated and as repeated keys, with the same result', async () => {
    const pdlg = `inputMint=${PDLG}&outputMint=${SOL}&amount=1000000000`;
    const comma = await quote(`${pdlg}&dexes=Sandbox%20Market%20Maker,Raydium%20CPMM`);
    const repeated = await quote(`${pdlg}&dexes=Sandbox%20Market%20Maker&dexes=Raydium%20CPMM`);
    expect(comma.outAmount).toBe(repeated.outAmount);
    // PDLG reaches SOL only through the market maker's fill, then CP-Swap pools
    expect(labels(comma)[0]).toBe('Sandbox Market Maker');
    expect(new Set(labels(comma))).toEqual(new Set(['Sandbox Market Maker', 'Raydium CPMM']));
    expect(new Set(labels(await quote(`${big}&dexes=Raydium%20CPMM`)))).toEqual(
      new Set(['Raydium CPMM']),
    );
  });

  it('excludeDexes keeps a venue out of the route', async () => {
    const pdlg = `inputMint=${PDLG}&outputMint=${USDC}&amount=1000000`;
    expect(labels(await quote(pdlg))).toEqual(['Sandbox Market Maker']);
    const { status, body } = await getJson(
      `${sandbox.swapApiUrl}/quote?${pdlg}&excludeDexes=Sandbox%20Market%20Maker`,
    );
    expect(status).toBe(400);
    expect(body.errorCode).toBe('NO_ROUTES_FOUND');
  });

  it('restricts intermediate tokens to SOL, USDC and USDT by default', async () => {
    const q = await quote(`inputMint=${BONK}&outputMint=${JUP}&amount=100000000000`);
    const middles = q.routePlan
      .filter((step) => step.swapInfo.inputMint !== BONK)
      .map((step) => step.swapInfo.inputMint);
    expect(middles.length).toBeGreaterThan(0);
    for (const mint of middles) expect([SOL, USDC, USDT]).toContain(mint);
  });

  it('autoSlippage derives the slippage from the route, within maxAutoSlippageBps', async () => {
    const calm = await quote(
      `inputMint=${USDC}&outputMint=${USDT}&amount=1000000&autoSlippage=true`,
    );
    const rough = await quote(`${big}&autoSlippage=true`);
    expect(calm.computedAutoSlippage).toBe(calm.slippageBps);
    expect(rough.computedAutoSlippage).toBe(rough.slippageBps);
    expect(calm.slippageBps as number).toBeLessThan(rough.slippageBps as number);
    expect(rough.slippageBps as number).toBeLessThanOrEqual(400);
    const capped = await quote(`${big}&autoSlippage=true&maxAutoSlippageBps=7`);
    expect(capped.slippageBps).toBe(7);
    expect(BigInt(capped.otherAmountThreshold as string)).toBe(
      (BigInt(capped.outAmount as string) * 9993n) / 10000n,
    );
    expect((await quote(big)).computedAutoSlippage).toBeUndefined();
  });

  it('carries contextSlot, timeTaken in seconds, a numeric priceImpactPct and bps beside percent', async () => {
    const q = await quote(big);
    expect(q.contextSlot as number).toBeGreaterThanOrEqual(0);
    expect(q.timeTaken as number).toBeLessThan(1);
    expect(Number(q.priceImpactPct)).toBeGreaterThan(0);
    for (const step of q.routePlan)
      expect((step as unknown as { bps: number }).bps).toBe(step.percent * 100);
  });
});

describe('swap options', () => {
  it('priorityLevelWithMaxLamports: the fee is capped and paid', async () => {
    const user = await sandbox.fundedUser(5);
    const q = await quote(`inputMint=${SOL}&outputMint=${USDC}&amount=100000000`);
    const body = await swap({
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
      dynamicComputeUnitLimit: true,
      prioritizationFeeLamports: {
        priorityLevelWithMaxLamports: { priorityLevel: 'veryHigh', maxLamports: 20_000 },
      },
    });
    const fee = BigInt(body.prioritizationFeeLamports as number);
    expect(fee).toBeGreaterThan(19_000n);
    expect(fee).toBeLessThanOrEqual(20_000n);
    expect(body.computeUnitLimit as number).toBeLessThan(200_000);
    const before = await sandbox.connection.getBalance(user.publicKey);
    await signAndSend(sandbox.connection, body.swapTransaction as string, user);
    const rent = BigInt(await sandbox.connection.getMinimumBalanceForRentExemption(165));
    const spent = BigInt(before - (await sandbox.connection.getBalance(user.publicKey)));
    // one signature: the person is the only signer
    expect(spent).toBe(BigInt(q.inAmount as string) + rent + 5_000n + fee);
  });

  it('computeUnitPriceMicroLamports: price × limit is what the user pays', async () => {
    const user = await sandbox.fundedUser(5, { [USDC]: 5_000_000n });
    const q = await quote(`inputMint=${USDC}&outputMint=${USDT}&amount=5000000`);
    const body = await swap({
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
      dynamicComputeUnitLimit: true,
      computeUnitPriceMicroLamports: 3_000,
    });
    const expected = Math.ceil((3_000 * (body.computeUnitLimit as number)) / 1_000_000);
    expect(body.prioritizationFeeLamports).toBe(expected);
    const before = await sandbox.connection.getBalance(user.publicKey);
    await signAndSend(sandbox.connection, body.swapTransaction as string, user);
    const rent = await sandbox.connection.getMinimumBalanceForRentExemption(165);
    expect(before - (await sandbox.connection.getBalance(user.publicKey))).toBe(
      rent + 5_000 + expected,
    );
    expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDT))).toBe(
      BigInt(q.outAmount as string),
    );
  });

  it('jitoTipLamports: the tip is a transfer from the user', async () => {
    const user = await sandbox.fundedUser(5, { [USDC]: 5_000_000n });
    const q = await quote(`inputMint=${USDC}&outputMint=${SOL}&amount=5000000`);
    const body = await swap({
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
      prioritizationFeeLamports: { jitoTipLamports: 12_345 },
    });
    expect(body.prioritizationFeeLamports).toBe(12_345);
    const before = await sandbox.connection.getBalance(user.publicKey);
    await signAndSend(sandbox.connection, body.swapTransaction as string, user);
    const gained = (await sandbox.connection.getBalance(user.publicKey)) - before;
    expect(gained).toBe(Number(q.outAmount) - 5_000 - 12_345);
  });

  it('wrapAndUnwrapSol=false spends wrapped SOL from the user\u2019s wSOL account and keeps it open', async () => {
    const user = await sandbox.fundedUser(1, { [SOL]: 2_000_000_000n });
    const q = await quote(`inputMint=${SOL}&outputMint=${USDC}&amount=500000000`);
    const body = await swap({
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
      wrapAndUnwrapSol: false,
    });
    await signAndSend(sandbox.connection, body.swapTransaction as string, user);
    expect(await sandbox.tokenBalance(ataOf(user.publicKey, SOL))).toBe(1_500_000_000n);
    expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(
      BigInt(q.outAmount as string),
    );
  });

  it('trackingAccount is referenced, read-only, by the transaction', async () => {
    const user = await sandbox.fundedUser(2);
    const tracker = Keypair.generate().publicKey.toBase58();
    const q = await quote(`inputMint=${SOL}&outputMint=${USDC}&amount=10000000`);
    const body = await swap({
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
      trackingAccount: tracker,
    });
    const tx = VersionedTransaction.deserialize(
      Buffer.from(body.swapTransaction as string, 'base64'),
    );
    const index = tx.message.staticAccountKeys.findIndex((key) => key.toBase58() === tracker);
    expect(index).toBeGreaterThan(0);
    expect(tx.message.isAccountWritable(index)).toBe(false);
    await signAndSend(sandbox.connection, body.swapTransaction as string, user);
    const signatures = await sandbox.connection.getSignaturesForAddress(new PublicKey(tracker));
    expect(signatures).toHaveLength(1);
  });

  it('/swap-instructions answers Jupiter\u2019s groups, the CP-Swap swap as the swap instruction', async () => {
    const user = await sandbox.fundedUser(2);
    const q = await quote(`inputMint=${SOL}&outputMint=${USDC}&amount=10000000`);
    const { status, body } = await postJson(`${sandbox.swapApiUrl}/swap-instructions`, {
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
    });
    expect(status).toBe(200);
    expect(body.addressLookupTableAddresses).toEqual([]);
    const swapInstruction = body.swapInstruction as {
      programId: string;
      accounts: { pubkey: string; isSigner: boolean }[];
    };
    expect(swapInstruction.programId).toBe(CP_SWAP_PROGRAM);
    // the person is the instruction's only signer
    expect(swapInstruction.accounts.filter((a) => a.isSigner).map((a) => a.pubkey)).toEqual([
      user.publicKey.toBase58(),
    ]);
    expect((body.setupInstructions as unknown[]).length).toBeGreaterThan(0); // wrap + USDC account
    expect(body.cleanupInstruction).not.toBeNull(); // unwrap
  });

  it('/swap-instructions refuses a market-maker fill, which needs the maker\u2019s signature', async () => {
    const user = await sandbox.fundedUser(2);
    const q = await quote(`inputMint=${USDC}&outputMint=${PDLG}&amount=1000000`);
    const { status, body } = await postJson(`${sandbox.swapApiUrl}/swap-instructions`, {
      quoteResponse: q,
      userPublicKey: user.publicKey.toBase58(),
    });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('NOT_SUPPORTED');
    expect(body.error).toMatch(/Use \/swap for this route/);
  });

  it('GET /tokens lists the tradable mints', async () => {
    const { status, body } = await getJson(`${sandbox.swapApiUrl}/tokens`);
    expect(status).toBe(200);
    expect(body).toEqual(expect.arrayContaining([SOL, USDC, USDT, JUP, BONK]));
  });
});

describe('persistence', () => {
  it('pools keep their state across a restart and are not seeded twice', async () => {
    const own = await startSandbox();
    const ownConnection = new Connection(own.rpcUrl, 'confirmed');
    try {
      const user = await fundedUser(ownConnection, own.rpcUrl, 5_000);
      const dump = await quote(
        `inputMint=${SOL}&outputMint=${USDC}&amount=4000000000000`,
        own.swapApiUrl,
      );
      const answer = await postJson(`${own.swapApiUrl}/swap`, {
        quoteResponse: dump,
        userPublicKey: user.publicKey.toBase58(),
      });
      await signAndSend(ownConnection, answer.body.swapTransaction as string, user);
      const probe = `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000`;
      const before = await quote(probe, own.swapApiUrl);
      expect(await own.stop()).toBe(0);
      const again = await startSandbox({ stateDir: own.stateDir });
      try {
        const after = await quote(probe, again.swapApiUrl);
        expect(after.outAmount).toBe(before.outAmount);
        expect(after.routePlan).toEqual(before.routePlan);
      } finally {
        await again.stop();
      }
    } finally {
      await own.remove();
    }
  });
});
