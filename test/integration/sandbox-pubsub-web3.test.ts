/**
 * The sandbox's PubSub WebSocket API with the client nobody here wrote: web3.js 1.x's
 * `Connection`, its WebSocket endpoint left to its own default (the RPC port + 1), against the
 * real sandbox process (issue 33 point 4). Before it, `confirmTransaction` waited 30 s and failed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  type AccountInfo,
  type Context,
  type Logs,
  type KeyedAccountInfo,
  type SignatureResult,
  type SlotInfo,
} from '@solana/web3.js';
import { AccountLayout, TOKEN_PROGRAM_ID, getAssociatedTokenAddressSync } from '@solana/spl-token';
import bs58 from 'bs58';
import { useSandbox } from './sandbox-session';
import { pubsubStats } from '../harness/pubsub-client';
import { airdrop, faucet } from './sandbox-rpc-helpers';

const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const payer = Keypair.generate();
// 20 ms slots: `finalized` (32 slots) comes within a second.
const sandbox = useSandbox({ slotMs: 20 });
beforeAll(async () => {
  await airdrop(sandbox.connection, payer.publicKey, 100 * LAMPORTS_PER_SOL);
}, 60_000);

/** A signed transfer of `lamports` from the payer to each of `to`. */
async function transfer(to: PublicKey[], lamports: number) {
  const { blockhash, lastValidBlockHeight } = await sandbox.connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight });
  for (const key of to)
    tx.add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: key, lamports }));
  tx.sign(payer);
  return {
    tx,
    wire: tx.serialize(),
    blockhash,
    lastValidBlockHeight,
    signature: bs58.encode(tx.signature!),
  };
}

function next<T>(register: (done: (value: T) => void) => void, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no notification in time')), timeoutMs);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

describe('web3.js against the sandbox PubSub API', () => {
  it('confirmTransaction (blockhash strategy) resolves at confirmed and at finalized, in well under its 30 s', async () => {
    for (const commitment of ['confirmed', 'finalized'] as const) {
      const to = Keypair.generate().publicKey;
      const { wire, blockhash, lastValidBlockHeight } = await transfer([to], 1_000_000);
      const signature = await sandbox.connection.sendRawTransaction(wire);
      const started = Date.now();
      const answer = await sandbox.connection.confirmTransaction(
        { signature, blockhash, lastValidBlockHeight },
        commitment,
      );
      expect(answer.value.err).toBeNull();
      expect(Date.now() - started).toBeLessThan(5_000);
      const status = (await sandbox.connection.getSignatureStatus(signature)).value;
      expect(status?.confirmationStatus === 'processed').toBe(false);
      expect(await sandbox.connection.getBalance(to)).toBe(1_000_000);
    }
  });

  it('confirmTransaction reports the error of a transaction that landed and failed', async () => {
    const poor = Keypair.generate();
    await airdrop(sandbox.connection, poor.publicKey, 10_000_000);
    const { blockhash, lastValidBlockHeight } = await sandbox.connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: poor.publicKey, blockhash, lastValidBlockHeight });
    tx.add(
      SystemProgram.transfer({
        fromPubkey: poor.publicKey,
        toPubkey: payer.publicKey,
        lamports: 50_000_000,
      }),
    );
    tx.sign(poor);
    // Past preflight, it lands, pays its fee and fails: the System program's error 1.
    const signature = await sandbox.connection.sendRawTransaction(tx.serialize(), {
      skipPreflight: true,
    });
    // web3.js 1.x gives the error one of two ways, by which of its paths wins a race it runs
    // itself (lib/index.cjs.js, getTransactionConfirmationPromise): the notification resolves
    // with `value.err`; the `getSignatureStatus` it asks once subscribed, when the transaction
    // has already landed, rejects with the same error object. A caller sees the error either way.
    const error = await sandbox.connection
      .confirmTransaction({ signature, blockhash, lastValidBlockHeight })
      .then(
        (answer) => answer.value.err,
        (rejected: unknown) => rejected,
      );
    expect(error).toEqual({ InstructionError: [0, { Custom: 1 }] });
    const status = (await sandbox.connection.getSignatureStatus(signature)).value;
    expect(status?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
  });

  it('onSignature before the transaction is sent: its result at the slot it landed in; one-shot', async () => {
    const { wire, signature } = await transfer([Keypair.generate().publicKey], 5_000_000);
    const before = (await pubsubStats(sandbox.rpcUrl)).subscriptions;
    const seen: SignatureResult[] = [];
    const done = next<Context>((resolve) =>
      sandbox.connection.onSignature(
        signature,
        (result, context) => {
          seen.push(result);
          resolve(context);
        },
        'confirmed',
      ),
    );
    // Let the subscription reach the server before the transaction does.
    await waitFor(async () => (await pubsubStats(sandbox.rpcUrl)).subscriptions > before);
    await sandbox.connection.sendRawTransaction(wire);
    const context = await done;
    expect(seen).toEqual([{ err: null }]);
    const landed = (
      await sandbox.connection.getSignatureStatus(signature, { searchTransactionHistory: true })
    ).value!;
    expect(context.slot).toBe(landed.slot);
    // The server ended the subscription itself once it had notified.
    await waitFor(async () => (await pubsubStats(sandbox.rpcUrl)).subscriptions === before);
  });

  it('onAccountChange: the new balance at the slot it landed in, and removeAccountChangeListener ends it', async () => {
    const to = Keypair.generate().publicKey;
    const before = await subscriptions();
    const change = next<[AccountInfo<Buffer>, Context]>((resolve) => {
      const id = sandbox.connection.onAccountChange(
        to,
        (info, context) => {
          resolve([info, context]);
          void sandbox.connection.removeAccountChangeListener(id);
        },
        { commitment: 'confirmed' },
      );
    });
    await waitFor(async () => (await subscriptions()) === before + 1);
    const { wire } = await transfer([to], 7_654_321);
    const signature = await sandbox.connection.sendRawTransaction(wire);
    const [info, context] = await change;
    expect(info.lamports).toBe(7_654_321);
    expect(info.owner.toBase58()).toBe(SystemProgram.programId.toBase58());
    expect(info.data).toHaveLength(0);
    const landed = (
      await sandbox.connection.getSignatureStatus(signature, { searchTransactionHistory: true })
    ).value!;
    expect(context.slot).toBe(landed.slot);
    await waitFor(async () => (await subscriptions()) === before);
  });

  it('onSlotChange: consecutive slots with their parent and root', async () => {
    const slots: SlotInfo[] = [];
    const id = sandbox.connection.onSlotChange((info) => slots.push(info));
    await waitFor(async () => slots.length >= 5);
    await sandbox.connection.removeSlotChangeListener(id);
    for (const info of slots) {
      expect(info.parent).toBe(info.slot - 1);
      expect(info.root).toBe(Math.max(0, info.slot - 32));
    }
    for (let i = 1; i < slots.length; i++) expect(slots[i]!.slot).toBe(slots[i - 1]!.slot + 1);
  });

  it('onLogs with mentions: the logs of a transaction naming the address, nothing for another', async () => {
    const to = Keypair.generate().publicKey;
    const stranger = Keypair.generate().publicKey;
    const before = await subscriptions();
    const strangerLogs: Logs[] = [];
    const strangerId = sandbox.connection.onLogs(
      stranger,
      (logs) => strangerLogs.push(logs),
      'processed',
    );
    const logs = next<[Logs, Context]>((resolve) =>
      sandbox.connection.onLogs(to, (l, c) => resolve([l, c]), 'processed'),
    );
    await waitFor(async () => (await subscriptions()) === before + 2);
    const { wire } = await transfer([to], 2_000_000);
    const signature = await sandbox.connection.sendRawTransaction(wire);
    const [value] = await logs;
    expect(value.signature).toBe(signature);
    expect(value.err).toBeNull();
    expect(value.logs).toEqual([
      'Program 11111111111111111111111111111111 invoke [1]',
      'Program 11111111111111111111111111111111 success',
    ]);
    expect(strangerLogs).toEqual([]);
    await sandbox.connection.removeOnLogsListener(strangerId);
  });

  it("onProgramAccountChange with memcmp and dataSize filters: the person's new token account", async () => {
    const owner = Keypair.generate().publicKey;
    const before = await subscriptions();
    const account = next<[KeyedAccountInfo, Context]>((resolve) =>
      sandbox.connection.onProgramAccountChange(
        TOKEN_PROGRAM_ID,
        (keyed, context) => resolve([keyed, context]),
        'confirmed',
        [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: owner.toBase58() } }],
      ),
    );
    await waitFor(async () => (await subscriptions()) === before + 1);
    await faucet(sandbox.rpcUrl, owner, USDC.toBase58(), 12_345_678n);
    const [keyed] = await account;
    expect(keyed.accountId.toBase58()).toBe(getAssociatedTokenAddressSync(USDC, owner).toBase58());
    const decoded = AccountLayout.decode(keyed.accountInfo.data);
    expect(decoded.amount).toBe(12_345_678n);
    expect(decoded.owner.toBase58()).toBe(owner.toBase58());
  });

  it('200 concurrent account subscriptions on one connection are all notified', async () => {
    const before = (await pubsubStats(sandbox.rpcUrl)).subscriptions;
    const recipients = Array.from({ length: 200 }, () => Keypair.generate().publicKey);
    const received = new Map<string, number>();
    const ids = recipients.map((key) =>
      sandbox.connection.onAccountChange(
        key,
        (info) => received.set(key.toBase58(), info.lamports),
        'processed',
      ),
    );
    await waitFor(async () => (await pubsubStats(sandbox.rpcUrl)).subscriptions === before + 200);
    const started = Date.now();
    // 20 transfers a transaction: 10 transactions fund the 200 accounts.
    for (let i = 0; i < 200; i += 20) {
      const { wire } = await transfer(recipients.slice(i, i + 20), 1_000_000 + i);
      await sandbox.connection.sendRawTransaction(wire);
    }
    await waitFor(async () => received.size === 200);
    expect(Date.now() - started).toBeLessThan(10_000);
    recipients.forEach((key, index) => {
      expect(received.get(key.toBase58())).toBe(1_000_000 + index - (index % 20));
    });
    await Promise.all(ids.map((id) => sandbox.connection.removeAccountChangeListener(id)));
    await waitFor(async () => (await pubsubStats(sandbox.rpcUrl)).subscriptions === before);
  });
});

async function subscriptions(): Promise<number> {
  return (await pubsubStats(sandbox.rpcUrl)).subscriptions;
}

async function waitFor(done: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
