/**
 * Escrows of POST /swap-instructions over time, on a sandbox with 50 ms slots (150 blocks of
 * validity pass in 7.5 s): an unused escrow is swept back after its lastValidBlockHeight and
 * the pools quote exactly as before it (two hops undone); its instructions then fail; open
 * escrows survive a restart (one is still usable, the other swept after it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Connection, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import {
  ataOf,
  BONK,
  fundedUser,
  getJson,
  JUP,
  tokenBalance,
  USDC,
  waitFor,
} from './sandbox-swap-fixtures';
import { signAsUser, swapInstructions, swapPart } from './sandbox-swap-instructions-helpers';
import { tempDir } from '../fixtures/temp-dirs';

const SLOT_MS = 50;
const RAY = '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R';
const MSOL = 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So';
const SOL = 'So11111111111111111111111111111111111111112';

let sandbox: RunningSandbox;
let connection: Connection;

beforeAll(async () => {
  // The test restarts the sandbox on the same folder, so the folder is the test file's own
  // (removed when the file ends), not the first process's.
  sandbox = await startSandbox({ stateDir: tempDir('swapdesk-sandbox-expiry-'), slotMs: SLOT_MS });
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
});

afterAll(async () => {
  await sandbox?.remove();
});

interface Quote {
  outAmount: string;
  routePlan: { swapInfo: Record<string, string> }[];
}

async function quote(query: string): Promise<Quote> {
  const { status, body } = await getJson(`${sandbox.swapApiUrl}/quote?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as Quote;
}

/** Waits (reading the block height over RPC, which sweeps nothing) until `height` is past. */
async function pastHeight(height: number): Promise<void> {
  while ((await connection.getBlockHeight('confirmed')) <= height) {
    await new Promise((done) => setTimeout(done, SLOT_MS * 5));
  }
}

function escrowFile(): { escrows: { escrow: string }[] } {
  return JSON.parse(readFileSync(join(sandbox.stateDir, 'swap-api', 'escrows.json'), 'utf8')) as {
    escrows: { escrow: string }[];
  };
}

describe('escrow expiry', () => {
  it('sweeps an unused two-hop escrow back after its lastValidBlockHeight; the pools quote as before', async () => {
    const user = await fundedUser(connection, sandbox.rpcUrl, 1, { [BONK]: 9_000_000_000_000n });
    const query = `inputMint=${BONK}&outputMint=${JUP}&amount=8000000000000`;
    const before = await quote(query);
    expect(new Set(before.routePlan.map((s) => s.swapInfo.inputMint)).size).toBe(2);
    const body = await swapInstructions(sandbox.swapApiUrl, {
      quoteResponse: before,
      userPublicKey: user.publicKey.toBase58(),
    });
    // The escrowed output counts as gone: the same quote now gets less.
    const during = await quote(query);
    expect(BigInt(during.outAmount)).toBeLessThan(BigInt(before.outAmount));
    expect(escrowFile().escrows.map((e) => e.escrow)).toContain(body.escrow.account);

    await pastHeight(body.lastValidBlockHeight);
    const after = await quote(query); // sweeps first
    expect(after.outAmount).toBe(before.outAmount);
    expect(after.routePlan).toEqual(before.routePlan);
    expect(await connection.getAccountInfo(new PublicKey(body.escrow.account))).toBeNull();
    expect(escrowFile().escrows).toEqual([]);

    // The user's instructions can no longer take anything.
    const late = await signAsUser(connection, user, swapPart(body));
    const index = swapPart(body).length - 1; // the escrow → user transfer (no cleanup here)
    await expect(connection.sendRawTransaction(late.serialize())).rejects.toThrow(
      new RegExp(`Error processing Instruction ${index}: `),
    );
    expect(await tokenBalance(connection, ataOf(user.publicKey, BONK))).toBe(9_000_000_000_000n);
  });

  it('keeps open escrows across a restart: one is used after it, the other swept', async () => {
    const user = await fundedUser(connection, sandbox.rpcUrl, 1, {
      [RAY]: 1_000_000_000n,
      [MSOL]: 500_000_000_000n,
    });
    const usedQuery = `inputMint=${RAY}&outputMint=${USDC}&amount=1000000000&onlyDirectRoutes=true`;
    const sweptQuery = `inputMint=${MSOL}&outputMint=${SOL}&amount=500000000000&onlyDirectRoutes=true`;
    const used = await quote(usedQuery);
    const swept = await quote(sweptQuery);
    const usedBody = await swapInstructions(sandbox.swapApiUrl, {
      quoteResponse: used,
      userPublicKey: user.publicKey.toBase58(),
    });
    const sweptBody = await swapInstructions(sandbox.swapApiUrl, {
      quoteResponse: swept,
      userPublicKey: user.publicKey.toBase58(),
    });
    expect(escrowFile().escrows.map((e) => e.escrow)).toEqual([
      usedBody.escrow.account,
      sweptBody.escrow.account,
    ]);

    await sandbox.stop();
    sandbox = await startSandbox({ stateDir: sandbox.stateDir, slotMs: SLOT_MS });
    connection = new Connection(sandbox.rpcUrl, 'confirmed');

    const tx = await signAsUser(connection, user, swapPart(usedBody));
    const signature = await connection.sendRawTransaction(tx.serialize());
    await waitFor(connection, signature);
    expect(await tokenBalance(connection, ataOf(user.publicKey, USDC))).toBe(
      BigInt(used.outAmount),
    );

    await pastHeight(sweptBody.lastValidBlockHeight);
    const after = await quote(sweptQuery);
    expect(after.outAmount).toBe(swept.outAmount);
    expect(escrowFile().escrows).toEqual([]);
    for (const body of [usedBody, sweptBody]) {
      expect(await connection.getAccountInfo(new PublicKey(body.escrow.account))).toBeNull();
    }
  }, 60_000);
});
