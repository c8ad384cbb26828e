/**
 * Turns what the ledger does into notifications: a landed transaction (signature, logs, the
 * accounts it changed and their programs), a direct account write, and each new slot. A
 * subscription at `processed` is notified at once; at `confirmed` one slot later and at
 * `finalized` 32 slots later (ledger/signature-status.ts), with the value as it was when it
 * changed: those wait in a queue the slot timer drains.
 */
import type { SandboxLedger } from '../ledger/ledger';
import type { ChangedAccount, LandedTransaction } from '../ledger/ledger-events';
import { accountValue, notificationText } from './notification-values';
import { COMMITMENT_DELAY, passesFilters, type Commitment } from './subscription-params';
import type { Subscription, SubscriptionRegistry } from './subscription-registry';

/** At most this many notifications wait for their commitment; past it the oldest is dropped. */
export const MAX_PENDING_NOTIFICATIONS = 50_000;
/** Slots notified at most per timer turn (a stalled event loop does not flood a client). */
const MAX_SLOTS_PER_TURN = 64;

export type NotifierLedger = Pick<
  SandboxLedger,
  'events' | 'currentSlot' | 'mintDecimals' | 'signatureStatus'
>;

interface Pending {
  due: number;
  subscription: Subscription;
  text: string;
  /** A signature subscription ends with its notification. */
  last: boolean;
}

export class Notifier {
  /** One queue per delay: events arrive in slot order, so each stays sorted by `due`. */
  private readonly queues = new Map<number, Pending[]>();
  private pendingCount = 0;
  private lastSlot: number;
  private readonly unlisten: () => void;

  constructor(
    private readonly ledger: NotifierLedger,
    private readonly registry: SubscriptionRegistry,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.lastSlot = ledger.currentSlot();
    this.unlisten = ledger.events.listen({
      landed: (event) => this.landed(event),
      written: (change, slot) => this.changed(change, slot),
    });
  }

  /** Notifications waiting for their commitment (tests, the status endpoint). */
  get pending(): number {
    return this.pendingCount;
  }

  stop(): void {
    this.unlisten();
    this.queues.clear();
    this.pendingCount = 0;
  }

  /** A new signature subscription: notified now (or when due) if the signature already landed. */
  signatureSubscribed(subscription: Subscription): void {
    const spec = subscription.spec;
    if (spec.kind !== 'signature') return;
    const status = this.ledger.signatureStatus(spec.signature, true);
    if (status === null) return;
    const result = { context: { slot: status.slot }, value: { err: status.err } };
    this.deliver(subscription, spec.commitment, status.slot, 'signatureNotification', result, true);
  }

  /** The slot timer's turn: slot notifications, then whatever became due. */
  tick(): void {
    const slot = this.ledger.currentSlot();
    if (slot > this.lastSlot) {
      const from = Math.max(this.lastSlot + 1, slot - MAX_SLOTS_PER_TURN + 1);
      for (let s = from; s <= slot; s++) {
        const value = { parent: s - 1, root: Math.max(0, s - COMMITMENT_DELAY.finalized), slot: s };
        for (const subscription of this.registry.slots) {
          subscription.subscriber.send(
            notificationText('slotNotification', subscription.id, value),
          );
        }
      }
      this.lastSlot = slot;
    }
    this.drain(slot);
  }

  private landed({ record, keys, changed }: LandedTransaction): void {
    const slot = record.slot;
    for (const subscription of [...this.registry.signatureSubscribers(record.signature)]) {
      const spec = subscription.spec;
      if (spec.kind !== 'signature') continue;
      if (spec.received) {
        const received = { context: { slot }, value: 'receivedSignature' };
        subscription.subscriber.send(
          notificationText('signatureNotification', subscription.id, received),
        );
      }
      const result = { context: { slot }, value: { err: record.err } };
      this.deliver(subscription, spec.commitment, slot, 'signatureNotification', result, true);
    }
    if (this.registry.logs.size > 0) {
      const value = { signature: record.signature, err: record.err, logs: record.logs };
      for (const subscription of this.registry.logs) {
        const spec = subscription.spec;
        if (spec.kind !== 'logs') continue;
        if (spec.mentions !== null && !keys.includes(spec.mentions)) continue;
        const result = { context: { slot }, value };
        this.deliver(subscription, spec.commitment, slot, 'logsNotification', result, false);
      }
    }
    for (const change of changed) this.changed(change, slot);
  }

  private changed({ address, account }: ChangedAccount, slot: number): void {
    const decimals = (mint: string) => this.ledger.mintDecimals(mint);
    for (const subscription of this.registry.accountSubscribers(address)) {
      const spec = subscription.spec;
      if (spec.kind !== 'account') continue;
      const value = accountValue(account, spec.encoding, decimals, spec.dataSlice);
      const result = { context: { slot }, value };
      this.deliver(subscription, spec.commitment, slot, 'accountNotification', result, false);
    }
    if (account === null) return;
    for (const subscription of this.registry.programSubscribers(account.owner)) {
      const spec = subscription.spec;
      if (spec.kind !== 'program' || !passesFilters(account.data, spec.filters)) continue;
      const value = {
        pubkey: address,
        account: accountValue(account, spec.encoding, decimals, spec.dataSlice),
      };
      const result = { context: { slot }, value };
      this.deliver(subscription, spec.commitment, slot, 'programNotification', result, false);
    }
  }

  /** Sends now when the commitment is reached, else queues until it is. */
  private deliver(
    subscription: Subscription,
    commitment: Commitment,
    slot: number,
    method: string,
    result: unknown,
    last: boolean,
  ): void {
    const delay = COMMITMENT_DELAY[commitment];
    const text = notificationText(method, subscription.id, result);
    if (slot + delay <= this.ledger.currentSlot()) {
      this.send({ due: slot + delay, subscription, text, last });
      return;
    }
    let queue = this.queues.get(delay);
    if (!queue) this.queues.set(delay, (queue = []));
    queue.push({ due: slot + delay, subscription, text, last });
    this.pendingCount += 1;
    if (this.pendingCount > MAX_PENDING_NOTIFICATIONS) {
      // Bounded memory first: the oldest waiting notification goes, and the log says so.
      const longest = [...this.queues.values()].reduce((a, b) => (b.length > a.length ? b : a));
      longest.shift();
      this.pendingCount -= 1;
      this.log('[sandbox] pubsub: more than 50,000 notifications waiting; the oldest was dropped');
    }
  }

  private drain(slot: number): void {
    for (const queue of this.queues.values()) {
      let index = 0;
      while (index < queue.length && queue[index]!.due <= slot) this.send(queue[index++]!);
      if (index > 0) {
        queue.splice(0, index);
        this.pendingCount -= index;
      }
    }
  }

  private send(pending: Pending): void {
    const { subscription } = pending;
    if (!this.registry.isLive(subscription)) return;
    subscription.subscriber.send(pending.text);
    // signatureSubscribe is one-shot: the validator unsubscribes it once it notified.
    if (pending.last) this.registry.remove(subscription.subscriber, subscription.id);
  }
}
