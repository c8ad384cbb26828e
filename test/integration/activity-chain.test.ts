/**
 * Activity from the chain (issue 18), through the real composition root and registry on a real
 * sandbox: another wallet sends USDC and SOL to the person; activity.chain lists each transfer
 * with its amount and its sender, newest first, a page at a time without a repeat; the
 * person's own swap is in activity.list and never again in activity.chain. The sandbox's RPC is
 * checked on the way for what this reads (getSignaturesForAddress paging with `before` on a
 * transaction that does not name the address, getTransaction's token balances with owners).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
} from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import type { ComposedApp } from '../../main/app/compose';
import type { ChainActivityPage, ChainActivityView } from '../../preload/api-types';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { faucet } from '../fixtures/sandbox-faucet';
import { airdrop, confirmed } from './sandbox-rpc-helpers';
import { tempDir } from '../fixtures/temp-dirs';
import { tokenPaymentTransaction } from '../fixtures/token-payment';
import { SOL, USDC, type Wallet } from './swap-flow-wallet';
import { openActivityWallet } from './activity-wallet';

let sandbox: RunningSandbox;
let wallet: Wallet;
let connection: Connection;
let address: string;
const apps: ComposedApp[] = [];
const dataDir = tempDir('swapdesk-activity-chain-');
/** The other wallet: it sends the person USDC once and SOL three times. */
const other = Keypair.generate();
const sent: string[] = [];
let ownSwap: string;

const USDC_SENT = 1_234_567n;
const SOL_SENT = [10_000_001n, 10_000_002n, 10_000_003n];

beforeAll(async () => {
  sandbox = await startSandbox();
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  // The person's own swap is made here: it is the wallet's record, not the chain's.
  ({ wallet, address, ownSwap } = await openActivityWallet({
    sandbox,
    dataDir,
    keychainService: `swapdesk-itest-activity-chain-${process.pid}-${Date.now()}`,
    apps,
  }));

  // Another wallet pays the person: USDC into their token account, then SOL three times.
  await airdrop(connection, other.publicKey, LAMPORTS_PER_SOL);
  await faucet(sandbox.rpcUrl, other.publicKey, USDC, 10_000_000n);
  const person = new PublicKey(address);
  sent.push(
    await sendSigned(
      tokenPaymentTransaction(other.publicKey, person, new PublicKey(USDC), USDC_SENT, 6),
    ),
  );
  for (const lamports of SOL_SENT) {
    sent.push(
      await sendSigned(
        new Transaction().add(
          SystemProgram.transfer({ fromPubkey: other.publicKey, toPubkey: person, lamports }),
        ),
      ),
    );
  }
});

afterAll(async () => {
  for (const app of apps) app.close();
  await wallet?.call('accounts.remove', { address }).catch(() => undefined);
  await sandbox?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends `tx` signed by the other wallet and waits until it is confirmed. */
async function sendSigned(tx: Transaction): Promise<string> {
  const signature = await connection.sendTransaction(tx, [other]);
  await confirmed(connection, signature);
  return signature;
}

/** Every page of activity.chain, `limit` at a time. */
async function allPages(limit: number) {
  const pages: ChainActivityView[][] = [];
  let cursor: string | null = null;
  do {
    const page: ChainActivityPage = await wallet.call('activity.chain', { address, limit, cursor });
    pages.push(page.entries);
    cursor = page.next;
  } while (cursor !== null && pages.length < 50);
  return pages;
}

describe('activity from the chain', () => {
  it('lists a transfer from another wallet with its amount and sender', async () => {
    const page = await wallet.call('activity.chain', { address });
    expect(page).toMatchObject({ account: address, networkId: 'sandbox' });
    const usdc = page.entries.find((entry) => entry.signature === sent[0]);
    expect(usdc).toMatchObject({
      status: 'confirmed',
      // The other wallet paid the fee, not the person.
      fee: null,
      movements: [
        { mint: USDC, change: USDC_SENT.toString(), counterparties: [other.publicKey.toBase58()] },
      ],
      explorerUrl: null,
    });
    expect(Date.parse(usdc!.time!)).toBeGreaterThan(0);
    const sol = page.entries.find((entry) => entry.signature === sent[3]);
    expect(sol?.movements).toEqual([
      {
        mint: SOL,
        change: SOL_SENT[2]!.toString(),
        counterparties: [other.publicKey.toBase58()],
        // Named as the Wallet names it (issue 26).
        token: expect.objectContaining({ mint: SOL, decimals: 9 }),
      },
    ]);
    // Newest first: the last SOL transfer heads the list.
    expect(page.entries[0]!.signature).toBe(sent[3]);
  });

  it('pages newest first without a repeat, and the pages add up to the whole history', async () => {
    const whole = (await wallet.call('activity.chain', { address, limit: 50 })).entries;
    const pages = await allPages(2);
    expect(pages.length).toBeGreaterThan(2);
    // At most two a page (fewer where the wallet's own swap was left out).
    expect(pages.every((page) => page.length <= 2)).toBe(true);
    const paged = pages.flat();
    expect(paged.map((e) => e.signature)).toEqual(whole.map((e) => e.signature));
    expect(new Set(paged.map((e) => e.signature)).size).toBe(paged.length);
    const slots = paged.map((e) => e.slot);
    expect(slots).toEqual([...slots].sort((a, b) => b - a));
    for (const signature of sent) expect(paged.map((e) => e.signature)).toContain(signature);
  });

  it('the person’s own swap is listed once, by activity.list, never by activity.chain', async () => {
    const own = await wallet.call('activity.list', {});
    expect(own.filter((entry) => entry.signature === ownSwap)).toHaveLength(1);
    const chain = (await allPages(3)).flat();
    expect(chain.map((entry) => entry.signature)).not.toContain(ownSwap);
  });

  it('a damaged page cursor is refused in words', async () => {
    const refused = await wallet.refusal('activity.chain', { address, cursor: 'not-a-cursor' });
    expect(refused.message).toBe(
      'This page of activity cannot be read. Reload Activity to start from the newest.',
    );
  });
});

describe('the sandbox RPC answers as a validator does for this', () => {
  it('`before` may name a transaction that does not touch the address', async () => {
    // sent[1..3] are SOL transfers that do not name the person's USDC account.
    const account = getAssociatedTokenAddressSync(new PublicKey(USDC), new PublicKey(address));
    const older = await connection.getSignaturesForAddress(account, { before: sent[3]! });
    expect(older[0]!.signature).toBe(sent[0]);
  });

  it('getTransaction names the owner and mint of each token balance', async () => {
    const tx = await connection.getTransaction(sent[0]!, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    const post = tx!.meta!.postTokenBalances!.map((b) => [b.owner, b.mint, b.uiTokenAmount.amount]);
    expect(post).toContainEqual([
      other.publicKey.toBase58(),
      USDC,
      (10_000_000n - USDC_SENT).toString(),
    ]);
    expect(tx!.meta!.loadedAddresses).toEqual({ writable: [], readonly: [] });
  });
});
