/**
 * Every live subscription, indexed the way notifications look for them (by account, program,
 * signature; slot and logs subscribers in a set each), with the limits that keep the sandbox's
 * memory bounded whatever a client does.
 */
import type { SubscriptionSpec } from './subscription-params';

/** At most this many subscriptions on one connection (a wallet holds a few dozen). */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 1_000;
/** At most this many in all connections together. */
export const MAX_SUBSCRIPTIONS = 10_000;

/** Where a subscription's notifications go: one WebSocket connection. */
export interface Subscriber {
  /** Sends one JSON text. */
  send(text: string): void;
}

export interface Subscription {
  id: number;
  spec: SubscriptionSpec;
  subscriber: Subscriber;
}

export class SubscriptionLimitError extends Error {}

export class SubscriptionRegistry {
  private nextId = 1;
  private readonly byId = new Map<number, Subscription>();
  private readonly bySubscriber = new Map<Subscriber, Set<number>>();
  private readonly byKey = new Map<string, Set<Subscription>>();
  readonly slots = new Set<Subscription>();
  readonly logs = new Set<Subscription>();

  get size(): number {
    return this.byId.size;
  }

  /** Subscribers holding at least one subscription. */
  get subscriberCount(): number {
    return this.bySubscriber.size;
  }

  /** Adds a subscription; throws SubscriptionLimitError past a limit. */
  add(subscriber: Subscriber, spec: SubscriptionSpec): Subscription {
    const own = this.bySubscriber.get(subscriber) ?? new Set<number>();
    if (own.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION || this.byId.size >= MAX_SUBSCRIPTIONS) {
      throw new SubscriptionLimitError();
    }
    const subscription: Subscription = { id: this.nextId++, spec, subscriber };
    this.byId.set(subscription.id, subscription);
    own.add(subscription.id);
    this.bySubscriber.set(subscriber, own);
    const key = keyOf(spec);
    if (key !== null) {
      let set = this.byKey.get(key);
      if (!set) this.byKey.set(key, (set = new Set()));
      set.add(subscription);
    } else if (spec.kind === 'slot') this.slots.add(subscription);
    else this.logs.add(subscription);
    return subscription;
  }

  /** Removes one of `subscriber`'s subscriptions; false when it holds no such id. */
  remove(subscriber: Subscriber, id: number): boolean {
    const subscription = this.byId.get(id);
    if (!subscription || subscription.subscriber !== subscriber) return false;
    this.byId.delete(id);
    const own = this.bySubscriber.get(subscriber)!;
    own.delete(id);
    if (own.size === 0) this.bySubscriber.delete(subscriber);
    const key = keyOf(subscription.spec);
    if (key !== null) {
      const set = this.byKey.get(key)!;
      set.delete(subscription);
      if (set.size === 0) this.byKey.delete(key);
    }
    this.slots.delete(subscription);
    this.logs.delete(subscription);
    return true;
  }

  /** Removes everything a subscriber held (its connection closed). */
  removeAll(subscriber: Subscriber): void {
    for (const id of [...(this.bySubscriber.get(subscriber) ?? [])]) this.remove(subscriber, id);
  }

  isLive(subscription: Subscription): boolean {
    return this.byId.get(subscription.id) === subscription;
  }

  accountSubscribers(address: string): ReadonlySet<Subscription> {
    return this.byKey.get(`a:${address}`) ?? EMPTY;
  }

  programSubscribers(program: string): ReadonlySet<Subscription> {
    return this.byKey.get(`p:${program}`) ?? EMPTY;
  }

  signatureSubscribers(signature: string): ReadonlySet<Subscription> {
    return this.byKey.get(`s:${signature}`) ?? EMPTY;
  }
}

const EMPTY: ReadonlySet<Subscription> = new Set();

function keyOf(spec: SubscriptionSpec): string | null {
  switch (spec.kind) {
    case 'account':
      return `a:${spec.address}`;
    case 'program':
      return `p:${spec.program}`;
    case 'signature':
      return `s:${spec.signature}`;
    default:
      return null;
  }
}
