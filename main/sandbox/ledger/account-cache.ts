/**
 * Accounts as last read from the VM, kept until something may have changed them (issue 36).
 * A read from litesvm crosses into native code three times and copies the data, owner and all
 * (about 50 µs a read on these machines), and a quote reads every pool's state again after
 * each transaction, though a swap touches one or two pools of the market's dozens. The ledger
 * forgets an address whenever it lets the VM change it: an executed transaction's writable
 * accounts (the runtime changes no other) and a direct write; programs are loaded before the
 * first read. Sysvars, which the clock changes on its own, are never kept.
 *
 * Each read answers a copy of the kept data, so a caller that edits what it read changes
 * nothing here. The cache holds at most `limit` accounts, the oldest read dropped first.
 */
import type { LedgerAccount } from './ledger-view';

const SYSVAR_PREFIX = 'Sysvar';

export class AccountCache {
  private readonly kept = new Map<string, LedgerAccount | null>();

  constructor(private readonly limit = 4096) {}

  /**
   * The account at `address` as kept, else as `read` answers it (then kept). The answer is the
   * kept object itself: for the ledger's own reads (`copyOf` makes what callers get).
   */
  read(address: string, read: () => LedgerAccount | null): LedgerAccount | null {
    const kept = this.kept.get(address);
    if (kept !== undefined) return kept;
    const account = read();
    if (address.startsWith(SYSVAR_PREFIX)) return account;
    if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(address, account);
    return account;
  }

  /** Drops `address`: the VM may have changed it. */
  forget(address: string): void {
    this.kept.delete(address);
  }

  get size(): number {
    return this.kept.size;
  }
}

/** A caller's own copy of a kept account. */
export function copyOf(account: LedgerAccount | null): LedgerAccount | null {
  return account === null ? null : { ...account, data: account.data.slice() };
}
