/**
 * A wait for one signature's confirmation that the RPC's signatureSubscribe ends early (issue
 * 33). The caller keeps polling getSignatureStatuses: the notification only makes the next
 * read come at once, so an RPC without subscriptions, or a socket that drops while waiting,
 * is followed by polling exactly as before. Shared by the sender's tracking, the faucet's
 * confirmation and swap.status.
 */
import type { PubsubClient } from './pubsub-client';

const NEVER = new Promise<never>(() => undefined);

export interface SignatureWake {
  /** True once the server acknowledged the subscription; false when it never will. */
  subscribed: Promise<boolean>;
  /** True while the server holds the subscription (acknowledged, not lost, not notified). */
  live(): boolean;
  /** Waits `ms` with `wait`, or less when the notification (or the socket's loss) comes first. */
  pause(wait: (ms: number) => Promise<void>, ms: number): Promise<void>;
  /** Ends the subscription (idempotent). */
  stop(): void;
}

/**
 * Subscribes to `signature` at `confirmed`, the commitment every wait of the wallet ends at.
 *
 * @example
 * const wake = watchSignature(pubsub, signature);
 * try { for (;;) { if (await confirmed()) return; await wake.pause(wait, wake.live() ? 2000 : 400); } }
 * finally { wake.stop(); }
 */
export function watchSignature(pubsub: PubsubClient, signature: string): SignatureWake {
  const watch = pubsub.watch(
    'signatureSubscribe',
    [signature, { commitment: 'confirmed' }],
    'signatureUnsubscribe',
  );
  let live = false;
  let ended = false;
  void watch.subscribed.then((ok) => (live = ok && !ended));
  // The notification ends the server's subscription; a lost socket ends it too. Either wakes
  // the waiting pause once, and the caller's polls go back to their own pace.
  let wake: Promise<void> = Promise.race([watch.notified, watch.lost]).then(() => {
    ended = true;
    live = false;
  });
  return {
    subscribed: watch.subscribed,
    live: () => live,
    async pause(wait, ms) {
      const woke = await Promise.race([wait(ms).then(() => false), wake.then(() => true)]);
      if (woke) wake = NEVER;
    },
    stop: () => watch.stop(),
  };
}
