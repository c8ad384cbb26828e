/**
 * Every transaction the sandbox executed, as the validator reports it later (getTransaction,
 * getSignatureStatuses, getSignaturesForAddress). litesvm records no slot, fee or balances, so
 * the ledger writes these records itself; they are persisted and never evicted, which is also
 * what makes "never executed twice" hold however many transactions came between.
 */
import type { TransactionErrorJson } from './tx-errors';

export interface TokenBalanceRecord {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  amount: string;
  decimals: number;
}

export interface InnerInstructionsRecord {
  index: number;
  instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[];
}

export interface TransactionRecord {
  signature: string;
  slot: number;
  blockTime: number;
  version: 'legacy' | 0;
  /** The transaction's wire bytes, base64. */
  wire: string;
  err: TransactionErrorJson | null;
  /** Lamports, decimal string (all u64 values are strings so JSON keeps them exact). */
  fee: string;
  accountKeys: string[];
  loadedWritable: string[];
  loadedReadonly: string[];
  preBalances: string[];
  postBalances: string[];
  preTokenBalances: TokenBalanceRecord[];
  postTokenBalances: TokenBalanceRecord[];
  logs: string[];
  innerInstructions: InnerInstructionsRecord[];
  computeUnitsConsumed: number;
  /** Micro-lamports per compute unit, decimal string. */
  computeUnitPrice: string;
  memo: string | null;
}

export interface SignatureListOptions {
  limit?: number;
  before?: string;
  until?: string;
}

export class TransactionHistory {
  private readonly bySignature = new Map<string, TransactionRecord>();
  private readonly ordered: TransactionRecord[] = [];
  private readonly byAddress = new Map<string, string[]>();

  add(record: TransactionRecord): void {
    if (this.bySignature.has(record.signature)) return;
    this.bySignature.set(record.signature, record);
    this.ordered.push(record);
    for (const address of new Set(record.accountKeys)) {
      let list = this.byAddress.get(address);
      if (!list) this.byAddress.set(address, (list = []));
      list.push(record.signature);
    }
  }

  has(signature: string): boolean {
    return this.bySignature.has(signature);
  }

  get(signature: string): TransactionRecord | undefined {
    return this.bySignature.get(signature);
  }

  all(): readonly TransactionRecord[] {
    return this.ordered;
  }

  get size(): number {
    return this.ordered.length;
  }

  /** Records that mention `address`, newest first, paged like getSignaturesForAddress. */
  forAddress(address: string, options: SignatureListOptions): TransactionRecord[] {
    const list = this.byAddress.get(address) ?? [];
    const limit = options.limit ?? 1000;
    let start = list.length - 1;
    if (options.before !== undefined) {
      const at = list.lastIndexOf(options.before);
      start = at === -1 ? -1 : at - 1;
    }
    const out: TransactionRecord[] = [];
    for (let i = start; i >= 0 && out.length < limit; i--) {
      const signature = list[i]!;
      if (signature === options.until) break;
      out.push(this.bySignature.get(signature)!);
    }
    return out;
  }

  /** Records of the newest slots down to `fromSlot`, newest first. */
  since(fromSlot: number): TransactionRecord[] {
    const out: TransactionRecord[] = [];
    for (let i = this.ordered.length - 1; i >= 0 && this.ordered[i]!.slot >= fromSlot; i--) {
      out.push(this.ordered[i]!);
    }
    return out;
  }
}
