/**
 * What a payment's review promised to open once its transaction is confirmed (an action's next
 * step, a merchant's page; issue 34): kept by ticket at review, moved to the transaction's
 * signature when the ticket is approved, and handed out only once Activity says the transaction
 * is confirmed. Shared by action.* and merchant.*, which differ only in what they keep and in
 * the words of their refusals.
 */
import type { ActivityStore } from '../activity/activity-store';
import { WalletError } from '../shared/errors';
import { approvePayTicket, type PayNetworkServices } from './pay';

/** How many entries each map keeps (the newest win). */
const KEEP = 32;

/** Keeps `value` under `key` as the newest entry, dropping the oldest past KEEP. */
export function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > KEEP) map.delete(map.keys().next().value as K);
}

/** The refusals of `confirmed`, in the words of the flow that uses it. */
export interface AfterConfirmationWords {
  /** The ticket promised nothing after its transaction. */
  nothing: string;
  /** The transaction is not confirmed (yet). */
  unconfirmed: string;
}

/** The promises of reviewed pay tickets, by ticket and then by signature. */
export interface AfterConfirmation<T> {
  /** Keeps what the reviewed ticket `ticketId` promised. */
  promise(ticketId: string, value: T): void;
  /** Approves the pay ticket (approvePayTicket) and moves its promise to the signature. */
  approve(
    services: PayNetworkServices,
    request: Parameters<typeof approvePayTicket>[2],
  ): ReturnType<typeof approvePayTicket>;
  /** The promise of the confirmed transaction `signature`; NOT_AVAILABLE in `words` otherwise. */
  confirmed(signature: string): Promise<T>;
}

/**
 * @example const redirects = afterConfirmation<string>(activity, words); redirects.promise(ticketId, url);
 */
export function afterConfirmation<T>(
  activity: ActivityStore,
  words: AfterConfirmationWords,
): AfterConfirmation<T> {
  const byTicket = new Map<string, T>();
  const bySignature = new Map<string, T>();
  return {
    promise: (ticketId, value) => remember(byTicket, ticketId, value),
    async approve(services, request) {
      const submission = await approvePayTicket(services, activity, request);
      const promised = byTicket.get(request.ticketId);
      if (promised !== undefined) remember(bySignature, submission.signature, promised);
      return submission;
    },
    async confirmed(signature) {
      const promised = bySignature.get(signature);
      if (promised === undefined) throw new WalletError('NOT_AVAILABLE', words.nothing);
      const entry = await activity.bySignature(signature);
      if (entry?.status !== 'confirmed') throw new WalletError('NOT_AVAILABLE', words.unconfirmed);
      return promised;
    },
  };
}
