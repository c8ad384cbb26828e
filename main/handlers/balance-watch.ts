/**
 * balances.watch (issue 33): the Wallet screen's balances move when a transaction lands instead
 * of at the next 20 s refresh. It subscribes to the address itself (its SOL) and to token
 * accounts it owns (Token and Token-2022, `memcmp` on the owner field at offset 32), answers
 * `changed` at the first notification or `changed: false` after 20 s, and `supported: false` at
 * once where the RPC serves no subscriptions, so the screen keeps its timer alone there.
 */
import type { HandlerGroup } from '../bridge/handler-types';
import type { PubsubClient } from '../network/pubsub-client';

const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
];
/** The longest wait of one call; the screen calls again. */
export const BALANCE_WATCH_MS = 20_000;

/** Handler of `balances.watch` over the network's PubSub client. */
export function createBalanceWatchHandlers(options: {
  pubsub: PubsubClient;
  wait: (ms: number) => Promise<void>;
  watchMs?: number;
}): HandlerGroup<'balances.watch'> {
  const { pubsub, wait } = options;
  const watchMs = options.watchMs ?? BALANCE_WATCH_MS;
  return {
    'balances.watch': async ({ address }) => {
      const config = { commitment: 'confirmed', encoding: 'base64' };
      const watches = [
        pubsub.watch('accountSubscribe', [address, config], 'accountUnsubscribe'),
        ...TOKEN_PROGRAMS.map((program) =>
          pubsub.watch(
            'programSubscribe',
            [program, { ...config, filters: [{ memcmp: { offset: 32, bytes: address } }] }],
            'programUnsubscribe',
          ),
        ),
      ];
      try {
        const subscribed = await Promise.all(watches.map((watch) => watch.subscribed));
        if (!subscribed.some(Boolean)) return { supported: false, changed: false };
        const changed = await Promise.race([
          ...watches.map((watch) => watch.notified.then(() => true)),
          wait(watchMs).then(() => false),
        ]);
        return { supported: true, changed };
      } finally {
        for (const watch of watches) watch.stop();
      }
    },
  };
}
