/**
 * The wallet's waits on the real sandbox with and without its PubSub API (issue 33 point 4):
 * a sent transaction's confirmation is woken by signatureSubscribe (the polls are set an hour
 * apart, so only the notification can end the wait in time), and an RPC whose WebSocket port
 * refuses is followed by polling exactly as before, without a word on the console. The Wallet
 * screen's `balances.watch` answers when a token account of the person changes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { airdrop, faucet, signedSolTransfer, closedPort } from './sandbox-rpc-helpers';
import { createBalanceWatchHandlers } from '../../main/handlers/balance-watch';
import type { CallContext } from '../../main/bridge/handler-types';
import { assertAddress } from '../../main/shared/address';
import { createTransactionSender } from '../../main/send/transaction-sender';
import { createPubsubClient, pubsubUrlOf } from '../../main/network/pubsub-client';
import { realWait } from '../../main/swap-api';

let sandbox: RunningSandbox;
let connection: Connection;
const payer = Keypair.generate();

beforeAll(async () => {
  sandbox = await startSandbox({ slotMs: 50 });
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  await airdrop(connection, payer.publicKey, LAMPORTS_PER_SOL);
}, 60_000);
afterAll(async () => {
  await sandbox.remove();
});

const signedTransfer = () =>
  signedSolTransfer(connection, payer, Keypair.generate().publicKey, 1_000_000);

describe('the wallet waits with subscriptions', () => {
  it('derives the sandbox PubSub URL from its RPC URL, as the ready line announces it', () => {
    expect(pubsubUrlOf(sandbox.rpcUrl)).toBe(`${sandbox.wsUrl}/`);
  });

  it('a confirmation is woken by the notification: polls an hour apart, confirmed in seconds', async () => {
    const sender = createTransactionSender({
      connection,
      pubsub: createPubsubClient(pubsubUrlOf(sandbox.rpcUrl)),
      wait: realWait,
      now: Date.now,
      pollMs: 3_600_000,
      subscribedPollMs: 3_600_000,
      unreachableMessage: 'unreachable',
    });
    const { wire, lastValidBlockHeight } = await signedTransfer();
    const started = Date.now();
    const signature = await sender.send(wire);
    const outcome = await sender.track({ signature, wire, lastValidBlockHeight, sent: true });
    expect(outcome).toEqual({ status: 'confirmed', error: null, slot: expect.any(Number) });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('an RPC whose WebSocket port refuses is followed by polling as before, quietly', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const refusing = `ws://127.0.0.1:${await closedPort()}`;
    const pubsub = createPubsubClient(refusing);
    const sender = createTransactionSender({
      connection,
      pubsub,
      wait: realWait,
      now: Date.now,
      pollMs: 100,
      unreachableMessage: 'unreachable',
    });
    const { wire, lastValidBlockHeight } = await signedTransfer();
    const signature = await sender.send(wire);
    const outcome = await sender.track({ signature, wire, lastValidBlockHeight, sent: true });
    expect(outcome).toEqual({ status: 'confirmed', error: null, slot: expect.any(Number) });
    // The refusal is remembered: the next watch does not try again.
    expect(await pubsub.watch('slotSubscribe', [], 'slotUnsubscribe').subscribed).toBe(false);
    // Integration files share a worker's console: a web3.js Connection another file left
    // behind, its sandbox stopped, logs its own reconnects ("ws error: connect ECONNREFUSED"
    // on that sandbox's port; seen in a clean run). Only that line of another port is not ours.
    const othersReconnects = (call: unknown[]) =>
      call[0] === 'ws error:' && !call.map(String).join(' ').includes(refusing.slice(5));
    expect(errors.mock.calls.filter((call) => !othersReconnects(call))).toEqual([]);
    expect(warnings).not.toHaveBeenCalled();
  });

  it('balances.watch answers "changed" when the faucet pays a token account of the address', async () => {
    const person = Keypair.generate().publicKey;
    const handlers = createBalanceWatchHandlers({
      pubsub: createPubsubClient(pubsubUrlOf(sandbox.rpcUrl)),
      wait: realWait,
    });
    const started = Date.now();
    const answer = handlers['balances.watch'](
      { address: assertAddress(person.toBase58()) },
      CONTEXT,
    );
    // The subscriptions are made first (a change before them would only be seen by polling).
    await new Promise((r) => setTimeout(r, 300));
    await faucet(
      sandbox.rpcUrl,
      person,
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      1_000_000n,
    );
    expect(await answer).toEqual({ supported: true, changed: true });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('balances.watch says at once that an RPC without subscriptions has none', async () => {
    const handlers = createBalanceWatchHandlers({
      pubsub: createPubsubClient(`ws://127.0.0.1:${await closedPort()}`),
      wait: realWait,
    });
    const started = Date.now();
    const answer = await handlers['balances.watch'](
      { address: assertAddress(payer.publicKey.toBase58()) },
      CONTEXT,
    );
    expect(answer).toEqual({ supported: false, changed: false });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

const CONTEXT: CallContext = { sender: { kind: 'http', origin: null, tokenValid: true } };
