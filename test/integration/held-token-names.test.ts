/**
 * Issue 18: balances.get names a held token the token directory does not know from the chain,
 * through the real composition root on a real sandbox. A Token-2022 mint with a TokenMetadata
 * extension, made through the sandbox's RPC, is named by it and stays unverified; a mint named
 * nowhere is left unnamed (the page shows its short mint); USDC keeps the directory's name.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, PublicKey } from '@solana/web3.js';
import type { ComposedApp } from '../../main/app/compose';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { makeUnknownHeldTokens } from '../fixtures/chain-named-token';
import { tempDir } from '../fixtures/temp-dirs';
import { openWallet, USDC, type Wallet } from './swap-flow-wallet';
import { firstAccount } from './wallet-setup';

let sandbox: RunningSandbox;
let wallet: Wallet;
let address: string;
const apps: ComposedApp[] = [];
const dataDir = tempDir('swapdesk-held-names-');

beforeAll(async () => {
  sandbox = await startSandbox();
  wallet = openWallet({
    sandbox,
    dataDir,
    keychainService: `swapdesk-itest-held-names-${process.pid}-${Date.now()}`,
    apps,
  });
  address = (await firstAccount(wallet.call, 'Holds')).address;
  await wallet.call('sandbox.fund', { address });
});

afterAll(async () => {
  for (const app of apps) app.close();
  await wallet?.call('accounts.remove', { address }).catch(() => undefined);
  await sandbox?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('held tokens the directory does not know', () => {
  it('are named from their on-chain metadata, or left unnamed, and stay unverified', async () => {
    const connection = new Connection(sandbox.rpcUrl, 'confirmed');
    const { named, nameless } = await makeUnknownHeldTokens(connection, new PublicKey(address));

    const balances = await wallet.call('balances.get', { address });
    const byMint = new Map(balances.tokens.map((t) => [t.mint, t]));
    expect(byMint.get(named.mint.toBase58())).toMatchObject({
      symbol: 'CNT',
      name: 'Chain Named Token',
      amount: '5000000',
      verified: false,
    });
    expect(byMint.get(nameless.mint.toBase58())).toMatchObject({
      symbol: null,
      name: null,
      amount: '42',
      verified: false,
    });
    expect(byMint.get(USDC)).toMatchObject({ symbol: 'USDC', name: 'USD Coin', verified: true });
  });
});
