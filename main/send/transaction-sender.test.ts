/**
 * The sender's confirmation with and without the RPC's subscriptions (issue 33): a
 * signatureNotification wakes the next poll at once; without subscriptions the polls come
 * every 500 ms exactly as before. The real sandbox: test/integration/wallet-pubsub.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { SignatureStatus } from '@solana/web3.js';
import { createTransactionSender, type SendConnection } from './transaction-sender';
import type { PubsubClient } from '../network/pubsub-client';

const SIGNATURE = '5'.repeat(88);

function fakeConnection(statuses: (SignatureStatus | null)[]) {
  let index = 0;
  const connection = {
    getSignatureStatuses: async () => ({
      context: { slot: 1 },
      value: [statuses[Math.min(index++, statuses.length - 1)] ?? null],
    }),
    getBlockHeight: async () => 10,
    sendRawTransaction: async () => SIGNATURE,
  } as unknown as SendConnection;
  return { connection, polls: () => index };
}

/** Tracks SIGNATURE, already sent, until block height 100. */
function trackSent(sender: ReturnType<typeof createTransactionSender>) {
  return sender.track({ signature: SIGNATURE, wire: null, lastValidBlockHeight: 100, sent: true });
}

const CONFIRMED: SignatureStatus = {
  slot: 5,
  confirmations: 1,
  err: null,
  confirmationStatus: 'confirmed',
};

describe('transaction sender with subscriptions', () => {
  it('a notification wakes the poll that finds the transaction confirmed, and the watch is ended', async () => {
    const { connection, polls } = fakeConnection([null, CONFIRMED]);
    const waits: number[] = [];
    let notify!: () => void;
    const calls: unknown[][] = [];
    let stopped = 0;
    const pubsub: PubsubClient = {
      watch: (...args) => {
        calls.push(args);
        return {
          subscribed: Promise.resolve(true),
          notified: new Promise<void>((resolve) => (notify = resolve)),
          lost: new Promise<void>(() => undefined),
          stop: () => (stopped += 1),
        };
      },
    };
    const sender = createTransactionSender({
      connection,
      // A wait that never ends: only the notification can wake the loop.
      wait: async (ms) => {
        waits.push(ms);
        setTimeout(() => notify(), 5);
        return new Promise<void>(() => undefined);
      },
      now: () => 0,
      pubsub,
      unreachableMessage: 'unreachable',
    });
    const outcome = await trackSent(sender);
    expect(outcome).toEqual({ status: 'confirmed', error: null, slot: 5 });
    expect(polls()).toBe(2);
    expect(calls).toEqual([
      ['signatureSubscribe', [SIGNATURE, { commitment: 'confirmed' }], 'signatureUnsubscribe'],
    ]);
    // Subscribed: the fallback poll is every 2 s, not every 500 ms.
    expect(waits).toEqual([2_000]);
    expect(stopped).toBe(1);
  });

  it('without subscriptions it polls every 500 ms as before', async () => {
    const { connection, polls } = fakeConnection([null, null, null, CONFIRMED]);
    const waits: number[] = [];
    const sender = createTransactionSender({
      connection,
      wait: async (ms) => void waits.push(ms),
      now: () => 0,
      unreachableMessage: 'unreachable',
    });
    const outcome = await trackSent(sender);
    expect(outcome).toEqual({ status: 'confirmed', error: null, slot: 5 });
    expect(polls()).toBe(4);
    expect(waits).toEqual([500, 500, 500]);
  });
});

describe('transaction sender outcomes', () => {
  it('answers the slot a transaction landed in, failed as well as confirmed, for Activity to order by', async () => {
    const failed: SignatureStatus = {
      slot: 7,
      confirmations: 1,
      err: { InstructionError: [2, { Custom: 6001 }] },
      confirmationStatus: 'confirmed',
    };
    const { connection } = fakeConnection([null, failed]);
    const sender = createTransactionSender({
      connection,
      wait: async () => undefined,
      now: () => 0,
      unreachableMessage: 'unreachable',
    });
    const outcome = await trackSent(sender);
    expect(outcome.status).toBe('failed');
    expect(outcome.slot).toBe(7);
    expect(outcome.error).toMatch(/\S/);
  });
});
