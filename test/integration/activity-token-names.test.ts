/**
 * Activity names tokens as the Wallet does (issue 26), through the real composition root on a
 * real sandbox: another wallet sends the person 1,000 UNVR (a token the sandbox's directory
 * lists as unverified, so tokens.list leaves it out) and 2.5 USDC. Activity used to read the
 * UNVR transfer as "+1000000000 base units of 4V5Z…4Pki (unverified)" while the Wallet showed
 * "UNVR 1,000 Unverified": now activity.chain carries, for each movement, the same name and
 * verified mark balances.get gives, with the mint's decimals, and activity.list does the same
 * for the wallet's own swaps. The screen's words from such a label: renderer/src/lib/activity-text.test.ts.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import type { ComposedApp } from '../../main/app/compose';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { faucet } from '../fixtures/sandbox-faucet';
import { airdrop, confirmed } from './sandbox-rpc-helpers';
import { tempDir } from '../fixtures/temp-dirs';
import { SOL, USDC, type Wallet } from './swap-flow-wallet';
import { openActivityWallet } from './activity-wallet';

const UNVR = '4V5ZVoUWuiCw7JRnD87JXhBXFVq6erXBXymz9z8y4Pki';
const SENT = [
  { mint: UNVR, amount: 1_000_000_000n, decimals: 6 },
  { mint: USDC, amount: 2_500_000n, decimals: 6 },
];

let sandbox: RunningSandbox;
let wallet: Wallet;
let connection: Connection;
let person: string;
const apps: ComposedApp[] = [];
const dataDir = tempDir('swapdesk-activity-names-');
const other = Keypair.generate();
const signatures = new Map<string, string>();
let ownSwap: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  ({
    wallet,
    address: person,
    ownSwap,
  } = await openActivityWallet({
    sandbox,
    dataDir,
    keychainService: `swapdesk-itest-activity-names-${process.pid}-${Date.now()}`,
    apps,
  }));

  await airdrop(connection, other.publicKey, LAMPORTS_PER_SOL);
  for (const { mint, amount, decimals } of SENT) {
    await faucet(sandbox.rpcUrl, other.publicKey, mint, amount);
    const mintKey = new PublicKey(mint);
    const to = getAssociatedTokenAddressSync(mintKey, new PublicKey(person));
    const tx = new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(
        other.publicKey,
        to,
        new PublicKey(person),
        mintKey,
      ),
      createTransferCheckedInstruction(
        getAssociatedTokenAddressSync(mintKey, other.publicKey),
        mintKey,
        to,
        other.publicKey,
        amount,
        decimals,
      ),
    );
    const signature = await connection.sendTransaction(tx, [other]);
    await confirmed(connection, signature);
    signatures.set(mint, signature);
  }
}, 120_000);

afterAll(async () => {
  for (const app of apps) app.close();
  await wallet?.call('accounts.remove', { address: person }).catch(() => undefined);
  await sandbox?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Activity names tokens as the Wallet does', () => {
  it('gives each chain movement the Wallet’s name, verified mark and the mint’s decimals', async () => {
    const [page, balances, listed] = await Promise.all([
      wallet.call('activity.chain', { address: person }),
      wallet.call('balances.get', { address: person }),
      wallet.call('tokens.list', {}),
    ]);
    const held = balances.tokens.find((token) => token.mint === UNVR);
    expect(held).toMatchObject({ symbol: 'UNVR', decimals: 6, verified: false });
    // The directory's list leaves the unverified token out: the label is what names it.
    expect(listed.some((token) => token.mint === UNVR)).toBe(false);

    const unvr = page.entries.find((entry) => entry.signature === signatures.get(UNVR));
    expect(unvr?.movements).toEqual([
      {
        mint: UNVR,
        change: '1000000000',
        counterparties: [other.publicKey.toBase58()],
        token: {
          mint: UNVR,
          symbol: held!.symbol,
          name: held!.name,
          decimals: held!.decimals,
          verified: held!.verified,
        },
      },
    ]);
    const usdc = page.entries.find((entry) => entry.signature === signatures.get(USDC));
    expect(usdc?.movements[0]?.token).toMatchObject({
      symbol: 'USDC',
      decimals: 6,
      verified: true,
    });
  });

  it('names the tokens of the wallet’s own swaps in activity.list', async () => {
    const entries = await wallet.call('activity.list', {});
    const swap = entries.find((entry) => entry.signature === ownSwap);
    expect(swap?.tokens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mint: SOL, decimals: 9 }),
        expect.objectContaining({ mint: USDC, symbol: 'USDC', decimals: 6, verified: true }),
      ]),
    );
  });
});
