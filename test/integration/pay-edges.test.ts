/**
 * Edges of paying, through the real wallet on a real sandbox: a recipient that is itself a
 * token account (paid into directly; of another token: refused), an invoice with more reference
 * keys than fit in one transaction (TRANSACTION_TOO_LARGE, nothing built to sign), an amount no
 * exact-output route can pay (NO_ROUTE with a suggestion), and a SOL (no spl-token) request to a
 * token account (INVALID_RECIPIENT; SOL requests themselves are paid in pay-sol.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import {
  airdrop,
  approveAndConfirm,
  ataOf,
  faucet,
  newKey,
  openPayWallet,
  PYUSD,
  SOL,
  tokenBalance,
  USDC,
  type PayWallet,
} from './pay-helpers';

const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

let sandbox: RunningSandbox;
let connection: Connection;
let dataDir: string;
let wallet: PayWallet;
let payer: string;

beforeAll(async () => {
  sandbox = await startSandbox({ slotMs: 80 });
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  dataDir = mkdtempSync(join(tmpdir(), 'swapdesk-pay-edges-'));
  wallet = openPayWallet(sandbox, dataDir, `swapdesk-pay-edge-${process.pid}-${Date.now()}`);
  payer = (await wallet.call('accounts.create', { label: 'Payer' })).address;
  await airdrop(connection, payer, 20_000_000_000);
  await faucet(sandbox, payer, USDC, 100_000_000n);
});

afterAll(async () => {
  wallet?.app.close();
  await wallet?.call('accounts.remove', { address: payer }).catch(() => undefined);
  await sandbox?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('paying: edges', () => {
  it('pays into a recipient that is a token account of the mint', async () => {
    const owner = newKey();
    await faucet(sandbox, owner, USDC, 1n);
    const account = ataOf(owner, USDC);
    const text = `solana:${account}?amount=0.75&spl-token=${USDC}`;
    expect((await wallet.call('pay.parse', { text })).payee).toMatchObject({
      recipientKind: 'token-account',
      tokenAccount: account,
      exists: true,
    });
    const plan = await wallet.call('pay.quote', { text, payWithMint: USDC });
    await approveAndConfirm(wallet, await wallet.call('pay.review', { planId: plan.planId }));
    expect(await tokenBalance(connection, account)).toBe(750_001n);
  });

  it('refuses a token-account recipient of another token', async () => {
    const owner = newKey();
    await faucet(sandbox, owner, USDT, 1n);
    expect(
      await wallet.refusal('pay.parse', {
        text: `solana:${ataOf(owner, USDT)}?amount=1&spl-token=${USDC}`,
      }),
    ).toMatchObject({
      code: 'INVALID_RECIPIENT',
      message: expect.stringMatching(/holds another token/),
    });
    // A Token (classic) account named for a Token-2022 mint.
    expect(
      await wallet.refusal('pay.parse', {
        text: `solana:${ataOf(owner, USDT)}?amount=1&spl-token=${PYUSD}`,
      }),
    ).toMatchObject({
      code: 'INVALID_RECIPIENT',
      message: expect.stringMatching(/neither a wallet nor/),
    });
  });

  it('refuses an invoice whose references do not fit in one transaction', async () => {
    const recipient = newKey();
    await faucet(sandbox, recipient, USDC, 1n);
    const references = Array.from({ length: 30 }, newKey);
    const text = `solana:${recipient}?amount=1&spl-token=${USDC}${references.map((r) => `&reference=${r}`).join('')}`;
    expect(text.length).toBeLessThanOrEqual(2048);
    const plan = await wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(await wallet.refusal('pay.review', { planId: plan.planId })).toEqual({
      code: 'TRANSACTION_TOO_LARGE',
      message:
        'This payment needs more accounts than fit in one transaction; try paying with another token',
    });
  });

  it('says when no exact-output route can pay, and suggests another token', async () => {
    const recipient = newKey();
    await faucet(sandbox, recipient, PYUSD, 1n);
    // More PYUSD than the exact-output pools hold.
    const text = `solana:${recipient}?amount=5000000&spl-token=${PYUSD}`;
    expect(await wallet.refusal('pay.quote', { text, payWithMint: SOL })).toMatchObject({
      code: 'NO_ROUTE',
      message: expect.stringMatching(/Try paying with another token, such as USDC/),
    });
  });

  it('refuses a SOL (no spl-token) request to an address that is not a wallet (paid: pay-sol.test.ts)', async () => {
    const owner = newKey();
    await faucet(sandbox, owner, USDC, 1n);
    expect(
      await wallet.refusal('pay.parse', { text: `solana:${ataOf(owner, USDC)}?amount=1` }),
    ).toMatchObject({
      code: 'INVALID_RECIPIENT',
      message: expect.stringMatching(/is not a wallet .* cannot receive SOL/),
    });
  });
});
