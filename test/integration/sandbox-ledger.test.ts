/**
 * The sandbox ledger as a process: blockhash expiry after 150 blocks, execute-once across
 * restarts, state that survives SIGTERM and SIGKILL, `--reset`, one process per state folder.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
} from '@solana/web3.js';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { airdrop, confirmed, faucet, rpc } from './sandbox-rpc-helpers';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const started: RunningSandbox[] = [];
// These tests are about the ledger's own first start, restarts and reset: each writes its own
// genesis rather than starting from the run's shared one (test/harness/genesis-template.ts).
async function start(options: Parameters<typeof startSandbox>[0] = {}): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ genesis: 'fresh', ...options });
  started.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  for (const sandbox of started.splice(0).reverse()) await sandbox.remove();
});

function transfer(
  from: Keypair,
  to: Keypair['publicKey'],
  lamports: number,
  blockhash: string,
): Buffer {
  const tx = new Transaction({ feePayer: from.publicKey, blockhash, lastValidBlockHeight: 0 });
  tx.add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }));
  tx.sign(from);
  return tx.serialize();
}

describe('sandbox ledger process', () => {
  it('prints exactly one ready line on stdout, then serves and stops with exit code 0', async () => {
    const sandbox = await start();
    const port = new URL(sandbox.rpcUrl).port;
    expect(sandbox.stdoutLines()).toEqual([
      JSON.stringify({
        event: 'ready',
        rpcUrl: `http://127.0.0.1:${port}`,
        swapApiUrl: `http://127.0.0.1:${port}/v6`,
        // The PubSub WebSocket API at the RPC port + 1, as a validator serves it (issue 33).
        wsUrl: `ws://127.0.0.1:${Number(port) + 1}`,
      }),
    ]);
    expect(await new Connection(sandbox.rpcUrl).getBlockHeight()).toBeGreaterThanOrEqual(0);
    expect(await sandbox.stop()).toBe(0);
    expect(sandbox.stdoutLines()).toHaveLength(1);
    expect(sandbox.stderr()).toContain('SIGTERM: stopping');
  });

  it('refuses a transaction whose blockhash is more than 150 blocks old', async () => {
    const sandbox = await start({ slotMs: 5 });
    const connection = new Connection(sandbox.rpcUrl, 'confirmed');
    const alice = Keypair.generate();
    await airdrop(connection, alice.publicKey, LAMPORTS_PER_SOL);
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const wire = transfer(alice, Keypair.generate().publicKey, LAMPORTS_PER_SOL / 10, blockhash);
    while ((await connection.getBlockHeight()) <= lastValidBlockHeight)
      await new Promise((r) => setTimeout(r, 50));
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(false);
    const refused = await rpc(sandbox.rpcUrl, 'sendTransaction', [
      wire.toString('base64'),
      { encoding: 'base64' },
    ]);
    expect(refused.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
    });
    // skipPreflight: answered like a validator (the signature), but the transaction never lands.
    const dropped = await connection.sendRawTransaction(wire, { skipPreflight: true });
    expect(
      (await connection.getSignatureStatuses([dropped], { searchTransactionHistory: true }))
        .value[0],
    ).toBeNull();
    expect(await connection.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL);
    // The same transfer with a fresh blockhash goes through.
    const fresh = transfer(
      alice,
      Keypair.generate().publicKey,
      LAMPORTS_PER_SOL / 10,
      (await connection.getLatestBlockhash()).blockhash,
    );
    await confirmed(connection, await connection.sendRawTransaction(fresh));
  });

  it('keeps acknowledged transactions across SIGKILL and SIGTERM, and never runs one twice', async () => {
    const first = await start();
    const connection = new Connection(first.rpcUrl, 'confirmed');
    const alice = Keypair.generate();
    const bob = Keypair.generate().publicKey;
    await airdrop(connection, alice.publicKey, LAMPORTS_PER_SOL);
    await faucet(first.rpcUrl, alice.publicKey, USDC, 5_000_000n);
    const { blockhash } = await connection.getLatestBlockhash();
    const wire = transfer(alice, bob, 2_000_000, blockhash);
    const signature = await connection.sendRawTransaction(wire);
    await first.kill();

    const second = await start({ stateDir: first.stateDir });
    const after = new Connection(second.rpcUrl, 'confirmed');
    expect(await after.getBalance(bob)).toBe(2_000_000);
    expect(await after.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL - 2_000_000 - 5000);
    const ata = getAssociatedTokenAddressSync(new PublicKey(USDC), alice.publicKey);
    expect((await after.getTokenAccountBalance(ata)).value.amount).toBe('5000000');
    const status = (
      await after.getSignatureStatuses([signature], { searchTransactionHistory: true })
    ).value[0];
    expect(status?.err).toBeNull();
    expect(['confirmed', 'finalized']).toContain(status?.confirmationStatus);
    expect(
      (await after.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.meta?.fee,
    ).toBe(5000);
    // Still valid blockhash-wise after the restart, yet refused: it already ran.
    const resend = await rpc(second.rpcUrl, 'sendTransaction', [
      wire.toString('base64'),
      { encoding: 'base64' },
    ]);
    expect(resend.error?.message).toBe(
      'Transaction simulation failed: This transaction has already been processed',
    );
    expect(await after.getSlot()).toBeGreaterThan(status!.slot);

    const third = transfer(alice, bob, 3_000_000, (await after.getLatestBlockhash()).blockhash);
    await confirmed(after, await after.sendRawTransaction(third));
    expect(await second.stop()).toBe(0);
    const fourth = await start({ stateDir: first.stateDir });
    expect(await new Connection(fourth.rpcUrl).getBalance(bob)).toBe(5_000_000);
  });

  it('--reset starts from genesis, with the token mints in place', async () => {
    const first = await start();
    const connection = new Connection(first.rpcUrl, 'confirmed');
    const alice = Keypair.generate();
    await airdrop(connection, alice.publicKey, LAMPORTS_PER_SOL);
    const genesis = await connection.getGenesisHash();
    await first.stop();
    const reset = await start({ stateDir: first.stateDir, reset: true });
    const fresh = new Connection(reset.rpcUrl, 'confirmed');
    expect(await fresh.getBalance(alice.publicKey)).toBe(0);
    expect(await fresh.getGenesisHash()).not.toBe(genesis);
    expect(await fresh.getTransactionCount()).toBe(0);
    const usdc = await fresh.getParsedAccountInfo(new PublicKey(USDC));
    expect(
      (usdc.value?.data as { parsed: { info: { decimals: number } } }).parsed.info.decimals,
    ).toBe(6);
  });

  it('refuses a second sandbox on the same state folder', async () => {
    const first = await start();
    await expect(startSandbox({ stateDir: first.stateDir })).rejects.toThrow(
      /Another sandbox \(pid \d+\) is using/,
    );
  });
});
