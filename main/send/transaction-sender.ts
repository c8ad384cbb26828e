/**
 * Sends a signed transaction and follows it to an outcome: confirmed, failed (with the reason
 * in words) or expired. Confirmation is by polling getSignatureStatuses, woken early by the
 * RPC's signatureSubscribe where it has one (issue 33; the notification only makes the next
 * poll come at once, so an RPC without subscriptions is followed as before); while the signature is
 * unknown the same bytes are broadcast again every ~2 s, until the block height passes the
 * transaction's lastValidBlockHeight, after which it can never land (expired). Clock, wait and
 * connection are parameters so tests control time without fake timers.
 */
import { SendTransactionError, type Connection } from '@solana/web3.js';
import { WalletError } from '../shared/errors';
import { expiredWords, failureDetail, failureWords } from './failure-words';
import { NO_PUBSUB, type PubsubClient } from '../network/pubsub-client';
import { watchSignature } from '../network/signature-wake';

export type SendConnection = Pick<
  Connection,
  'sendRawTransaction' | 'getSignatureStatuses' | 'getBlockHeight'
>;

export interface Outcome {
  status: 'confirmed' | 'failed' | 'expired';
  /** Why it failed or expired, in words; null when confirmed. */
  error: string | null;
  /**
   * The slot it landed in, confirmed or failed (absent when it expired): Activity orders the
   * wallet's own entries among the chain's by it, since block times are whole seconds.
   */
  slot?: number;
}

export interface TrackRequest {
  signature: string;
  /**
   * The signed wire bytes to rebroadcast while the signature is unknown; null to only watch
   * (a transaction journaled before a restart is watched, never sent again: an approval is
   * honoured in the session that made it).
   */
  wire: Uint8Array | null;
  lastValidBlockHeight: number;
  /** Whether the bytes reached the RPC at least once (chooses the words of an expiry). */
  sent: boolean;
  /** Stops the tracking early (app shutdown); the promise then rejects with CANCELLED. */
  signal?: AbortSignal;
}

export interface TransactionSender {
  /**
   * First send, with the RPC's preflight simulation. Resolves with the signature; throws
   * SEND_REFUSED (nothing sent, nothing charged) when the RPC refused the transaction, or
   * NETWORK_UNAVAILABLE when the RPC could not be reached (the bytes may or may not have
   * arrived: track the signature).
   */
  send(wire: Uint8Array): Promise<string>;
  /** Polls, rebroadcasts and resolves with the outcome. Network errors are retried. */
  track(request: TrackRequest): Promise<Outcome>;
  /** The current block height; throws NETWORK_UNAVAILABLE when the RPC cannot be reached. */
  blockHeight(): Promise<number>;
}

export interface TransactionSenderOptions {
  connection: SendConnection;
  wait: (ms: number) => Promise<void>;
  now: () => number;
  /** Between status polls. Default 500 ms. */
  pollMs?: number;
  /** Between rebroadcasts of an unknown signature. Default 2000 ms. */
  rebroadcastMs?: number;
  /** Said when the RPC cannot be reached. */
  unreachableMessage: string;
  /** The RPC's PubSub API (network/pubsub-client.ts); none: polling alone. */
  pubsub?: PubsubClient;
  /** Between status polls while the signature's subscription is live. Default 2000 ms. */
  subscribedPollMs?: number;
}

/**
 * Creates a sender over one RPC connection.
 *
 * @example
 * const sender = createTransactionSender({ connection, wait, now: Date.now, unreachableMessage });
 * const signature = await sender.send(signedBytes);
 * const { status, error } = await sender.track({ signature, wire: signedBytes, lastValidBlockHeight, sent: true });
 */
export function createTransactionSender(options: TransactionSenderOptions): TransactionSender {
  const { connection, wait, now, unreachableMessage } = options;
  const pollMs = options.pollMs ?? 500;
  const rebroadcastMs = options.rebroadcastMs ?? 2_000;
  const pubsub = options.pubsub ?? NO_PUBSUB;
  const subscribedPollMs = options.subscribedPollMs ?? 2_000;

  async function statusOf(signature: string) {
    const { value } = await connection.getSignatureStatuses([signature], {
      searchTransactionHistory: true,
    });
    return value[0] ?? null;
  }

  return {
    async blockHeight() {
      try {
        return await connection.getBlockHeight('confirmed');
      } catch (error) {
        throw new WalletError('NETWORK_UNAVAILABLE', unreachableMessage, { cause: error });
      }
    },

    async send(wire) {
      try {
        return await connection.sendRawTransaction(wire, {
          skipPreflight: false,
          preflightCommitment: 'confirmed',
          // Rebroadcasting is ours (track), so the RPC node does not retry on its own.
          maxRetries: 0,
        });
      } catch (error) {
        if (error instanceof SendTransactionError) {
          const logs = error.logs ?? [];
          // The preflight's message and logs (which the transaction's programs write as they
          // like) ride apart, sanitized; the sentence is the wallet's (issue 32).
          throw new WalletError(
            'SEND_REFUSED',
            failureWords([error.transactionError.message, ...logs].join('\n'), false),
            {
              cause: error,
              serviceMessage: failureDetail(error.transactionError.message, logs),
              serviceFrom: 'network',
            },
          );
        }
        throw new WalletError('NETWORK_UNAVAILABLE', unreachableMessage, { cause: error });
      }
    },

    async track(request) {
      // Confirmed is what track waits for; the notification wakes the next poll (once).
      const wake = watchSignature(pubsub, request.signature);
      try {
        return await poll(request, (ms) => wake.pause(wait, ms), wake.live);
      } finally {
        wake.stop();
      }
    },
  };

  async function poll(
    { signature, wire, lastValidBlockHeight, sent, signal }: TrackRequest,
    pause: (ms: number) => Promise<void>,
    subscribed: () => boolean,
  ): Promise<Outcome> {
    let lastBroadcast = now();
    let failures = 0;
    for (;;) {
      if (signal?.aborted) {
        throw new WalletError('CANCELLED', 'Tracking stopped because Swapdesk is closing.');
      }
      try {
        const status = await statusOf(signature);
        if (status?.err) {
          return { status: 'failed', error: failureWords(status.err, true), slot: status.slot };
        }
        if (
          status?.confirmationStatus === 'confirmed' ||
          status?.confirmationStatus === 'finalized'
        ) {
          return { status: 'confirmed', error: null, slot: status.slot };
        }
        if (status === null) {
          const height = await connection.getBlockHeight('confirmed');
          if (height > lastValidBlockHeight) {
            // It may have landed in the last valid block between the two reads: look once more.
            const last = await statusOf(signature);
            if (last?.err) {
              return { status: 'failed', error: failureWords(last.err, true), slot: last.slot };
            }
            if (last === null) return { status: 'expired', error: expiredWords(sent) };
            continue;
          }
          if (wire !== null && now() - lastBroadcast >= rebroadcastMs) {
            lastBroadcast = now();
            await connection
              .sendRawTransaction(wire, { skipPreflight: true, maxRetries: 0 })
              .catch(() => undefined);
          }
        }
        failures = 0;
      } catch {
        // The RPC is away for a moment: the outcome is still unknown, so keep asking, slower.
        failures += 1;
      }
      const every = subscribed() ? subscribedPollMs : pollMs;
      await pause(failures === 0 ? every : Math.min(pollMs * 2 ** failures, 10_000));
    }
  }
}
