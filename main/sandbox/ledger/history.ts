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
  /**
   * A Scaled UI Amount mint's multiplier in force at the block's time (issue 35): a validator
   * records `uiTokenAmount` scaled then, so history keeps the amounts people read at the time.
   * Absent for other mints and in records written before it existed.
   */
  multiplier?: number;
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

/** What listings need of a record; the full record is kept as its JSON text and parsed on demand. */
export type TransactionSummary = Pick<
  TransactionRecord,
  'signature' | 'slot' | 'blockTime' | 'err' | 'memo' | 'computeUnitPrice' | 'accountKeys'
>;

export interface SignatureListOptions {
  limit?: number;
  before?: string;
  until?: string;
}

interface Entry {
  summary: TransactionSummary;
  /** Place in execution order (0 = first): the ledger's own "older than". */
  position: number;
  /** The record's JSON: about a third of the memory of the parsed object. */
  json: string;
}

export class TransactionHistory {
  private readonly bySignature = new Map<string, Entry>();
  private readonly ordered: Entry[] = [];
  private readonly byAddress = new Map<string, string[]>();
  /** One string per address, shared by every summary that names it. */
  private readonly addresses = new Map<string, string>();

  /** Adds a record (given with its JSON text when the caller has it already). */
  add(record: TransactionRecord, json = JSON.stringify(record)): void {
    if (this.bySignature.has(record.signature)) return;
    const accountKeys = record.accountKeys.map((key) => this.intern(key));
    const entry: Entry = {
      summary: {
        signature: record.signature,
        slot: record.slot,
        blockTime: record.blockTime,
        err: record.err,
        memo: record.memo,
        computeUnitPrice: record.computeUnitPrice,
        accountKeys,
      },
      json,
      position: this.ordered.length,
    };
    this.bySignature.set(record.signature, entry);
    this.ordered.push(entry);
    for (const address of new Set(accountKeys)) {
      let list = this.byAddress.get(address);
      if (!list) this.byAddress.set(address, (list = []));
      list.push(record.signature);
    }
  }

  has(signature: string): boolean {
    return this.bySignature.has(signature);
  }

  summary(signature: string): TransactionSummary | undefined {
    return this.bySignature.get(signature)?.summary;
  }

  get(signature: string): TransactionRecord | undefined {
    const entry = this.bySignature.get(signature);
    return entry && (JSON.parse(entry.json) as TransactionRecord);
  }

  /** JSON texts of the records from position `from` on, oldest first. */
  jsonFrom(from: number): string[] {
    return this.ordered.slice(from).map((entry) => entry.json);
  }

  get size(): number {
    return this.ordered.length;
  }

  /**
   * Records that mention `address`, newest first, paged like getSignaturesForAddress: older
   * than `before` and newer than `until`, which may be any transaction of the ledger (a
   * validator places them by their slot, not by whether they name the address). An unknown
   * `before` answers nothing, an unknown `until` is no bound, as a validator's do.
   */
  forAddress(address: string, options: SignatureListOptions): TransactionSummary[] {
    const list = this.byAddress.get(address) ?? [];
    const limit = options.limit ?? 1000;
    let below = Number.POSITIVE_INFINITY;
    if (options.before !== undefined) {
      const before = this.bySignature.get(options.before);
      if (!before) return [];
      below = before.position;
    }
    const above =
      options.until === undefined ? -1 : (this.bySignature.get(options.until)?.position ?? -1);
    const out: TransactionSummary[] = [];
    for (let i = list.length - 1; i >= 0 && out.length < limit; i--) {
      const entry = this.bySignature.get(list[i]!)!;
      if (entry.position >= below) continue;
      if (entry.position <= above) break;
      out.push(entry.summary);
    }
    return out;
  }

  /** Records of the newest slots down to `fromSlot`, newest first. */
  since(fromSlot: number): TransactionSummary[] {
    const out: TransactionSummary[] = [];
    for (
      let i = this.ordered.length - 1;
      i >= 0 && this.ordered[i]!.summary.slot >= fromSlot;
      i--
    ) {
      out.push(this.ordered[i]!.summary);
    }
    return out;
  }

  private intern(address: string): string {
    const known = this.addresses.get(address);
    if (known !== undefined) return known;
    this.addresses.set(address, address);
    return address;
  }
}
