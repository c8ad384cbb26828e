/**
 * What the ledger tells listeners as it happens (issue 33: the PubSub WebSocket API,
 * `sandbox/pubsub/`): a transaction landed, with the accounts it changed; an account was written
 * outside a transaction (the oracle's feeds, genesis). Nothing is computed while nobody listens,
 * so a ledger without the WebSocket server pays nothing.
 */
import { sameAccount } from './account-codec';
import type { TransactionRecord } from './history';
import type { LedgerAccount } from './ledger-view';

/** One account after a change; null when the change closed it. */
export interface ChangedAccount {
  address: string;
  account: LedgerAccount | null;
}

/** A transaction that landed (err set when it failed after paying its fee). */
export interface LandedTransaction {
  record: TransactionRecord;
  /** Every account the transaction names, loaded from lookup tables too (logs' `mentions`). */
  keys: readonly string[];
  changed: readonly ChangedAccount[];
}

export interface LedgerListener {
  landed?(event: LandedTransaction): void;
  /** An account written outside a transaction, at `slot`. */
  written?(change: ChangedAccount, slot: number): void;
}

/** The ledger's listeners; a listener that throws is cut off rather than breaking the ledger. */
export class LedgerEvents {
  private readonly listeners = new Set<LedgerListener>();

  /** Adds a listener; answers the function that removes it. */
  listen(listener: LedgerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** After a transaction was committed: `pre` and `post` are in the order of `keys`. */
  landed(
    record: TransactionRecord,
    keys: readonly string[],
    pre: readonly (LedgerAccount | null)[],
    post: readonly (LedgerAccount | null)[],
  ): void {
    if (this.listeners.size === 0) return;
    const changed: ChangedAccount[] = [];
    const seen = new Set<string>();
    keys.forEach((address, index) => {
      const after = post[index] ?? null;
      if (seen.has(address) || sameAccount(pre[index] ?? null, after)) return;
      seen.add(address);
      changed.push({ address, account: after });
    });
    this.each((listener) => listener.landed?.({ record, keys, changed }));
  }

  /** After a direct write; `slot` is asked only when someone listens. */
  written(address: string, account: LedgerAccount, slot: () => number): void {
    if (this.listeners.size === 0) return;
    const at = slot();
    this.each((listener) => listener.written?.({ address, account }, at));
  }

  private each(call: (listener: LedgerListener) => void): void {
    for (const listener of this.listeners) {
      try {
        call(listener);
      } catch (error) {
        this.listeners.delete(listener);
        console.error(`[sandbox] a ledger listener failed and was removed: ${String(error)}`);
      }
    }
  }
}
