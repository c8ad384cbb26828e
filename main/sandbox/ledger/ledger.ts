/**
 * The sandbox ledger: litesvm plus what a validator has and litesvm lacks: a clock of real-time
 * slots, a blockhash queue with mainnet's 150-block expiry, a history of every executed
 * transaction (so nothing runs twice), balance and token-balance records, an owner index and
 * durable state. It implements the swap API's LedgerView and is what the JSON-RPC layer serves.
 */
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import type { Keypair } from '@solana/web3.js';
import { LedgerStore, type StoredAccount } from '../state/ledger-store';
import { ADDRESS_LOOKUP_TABLE_PROGRAM_ID } from '../tokens';
import type { LedgerAccount, LedgerView } from './ledger-view';
import { BlockhashQueue, genesisHashOf, MAX_PROCESSING_AGE } from './blockhash-queue';
import { LedgerClock } from './ledger-clock';
import {
  fromStored,
  fromVm,
  isPersistable,
  OwnerIndex,
  sameAccount,
  toStored,
  toVm,
} from './account-codec';
import { loadOrCreateFaucetKeypair, writeGenesisAccounts } from './genesis';
import { TransactionHistory, type TransactionRecord, type TransactionSummary } from './history';
import { decodeTokenAccount, isTokenAccountData, isTokenProgram } from './token-layout';
import { transactionErrorJson, type TransactionErrorJson } from './tx-errors';
import { Clock, FailedTransactionMetadata, LiteSvm, type VmInstance } from './vm';
import { lookupTableAddresses, parseTransaction, type ParsedTransaction } from './wire';
import { buildRecord, simulationDetails, type SimulationDetails } from './execution';

export interface LedgerOptions {
  /** Folder of the persistent state (created if missing). */
  stateDir: string;
  /** Start from genesis, deleting the stored ledger. */
  reset?: boolean;
  /** Milliseconds per slot; 400 like mainnet. 0 stops the clock (slots move by `advanceSlots`). */
  slotMs?: number;
  /** Wall clock in ms (tests pass their own). */
  now?: () => number;
  /** Journal entries after which a new snapshot is written. */
  compactEvery?: number;
}

export interface SendOptions {
  skipPreflight?: boolean;
}

/**
 * `executed`: the transaction is in the ledger (its record's `err` says whether it failed after
 * paying its fee). `rejected`: it changed nothing: a preflight failure, or an error that keeps
 * a transaction out of a block (unknown blockhash, bad signature, already processed, no fee).
 */
export type SendResult =
  | { status: 'executed'; signature: string; record: TransactionRecord }
  | {
      status: 'rejected';
      signature: string;
      err: TransactionErrorJson;
      simulation: SimulationDetails | null;
    };

export interface SimulateOptions {
  sigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
}

export interface SimulationResult extends SimulationDetails {
  err: TransactionErrorJson | null;
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null;
}

/** How many recent slots a signature status stays in the status cache (as on mainnet). */
const STATUS_CACHE_SLOTS = 300;
/** The clock is journalled this often; a restart resumes this many slots later. */
const CLOCK_JOURNAL_SLOTS = 25;

export class SandboxLedger implements LedgerView {
  readonly faucet: Keypair;
  readonly genesisHash: string;
  private readonly vm: VmInstance;
  private readonly store: LedgerStore;
  private readonly queue: BlockhashQueue;
  private readonly clock: LedgerClock;
  private readonly history = new TransactionHistory();
  private readonly owners = new OwnerIndex();
  /** Every address whose state the snapshot must carry. */
  private readonly touched = new Set<string>();
  private readonly compactEvery: number;
  private vmSlot = -1;
  /** Records already in the history file (the rest are in the journal). */
  private persistedRecords = 0;
  private vmClockSlot = -Infinity;
  private vmSlotHashesSlot = -1;
  private journalledSlot = 0;
  private closed = false;

  private constructor(
    options: LedgerOptions,
    private readonly genesisSeed: Uint8Array,
    private readonly genesisTime: number,
    startSlot: number,
    store: LedgerStore,
  ) {
    this.store = store;
    this.compactEvery = options.compactEvery ?? 5000;
    this.faucet = loadOrCreateFaucetKeypair(options.stateDir);
    this.genesisHash = genesisHashOf(genesisSeed);
    this.vm = new LiteSvm();
    // Signatures are checked; blockhashes are checked by the sandbox's own queue, because the
    // VM knows only its single latest blockhash. The VM keeps no history: the ledger's is
    // complete and persistent, the VM's would be a bounded second copy.
    this.vm.setSigverify(true);
    this.vm.setBlockhashCheck(false);
    this.vm.setTransactionHistory(0n);
    this.vm.withNativeMints();
    this.queue = new BlockhashQueue(genesisSeed);
    this.clock = new LedgerClock(startSlot, options.slotMs ?? 400, options.now ?? Date.now);
    this.journalledSlot = startSlot;
    this.queue.advanceTo(startSlot);
  }

  /** Opens the ledger in `stateDir`: restores it, or creates genesis (token mints, faucet). */
  static open(options: LedgerOptions): SandboxLedger {
    const store = new LedgerStore(options.stateDir);
    if (options.reset) store.reset();
    const loaded = store.load();
    if (loaded === null) {
      const ledger = new SandboxLedger(
        options,
        new Uint8Array(randomBytes(32)),
        Math.floor((options.now ?? Date.now)() / 1000),
        0,
        store,
      );
      writeGenesisAccounts(ledger, ledger.faucet.publicKey.toBase58());
      ledger.compact();
      return ledger;
    }
    const { snapshot, journal } = loaded;
    const accounts = new Map<string, StoredAccount | null>();
    for (const stored of snapshot.accounts) accounts.set(stored.address, stored);
    let slot = snapshot.slot;
    const records: TransactionRecord[] = loaded.history;
    const persistedRecords = records.length;
    for (const entry of journal) {
      slot = Math.max(slot, entry.slot);
      if (entry.kind === 'clock') continue;
      if (entry.kind === 'tx') records.push(entry.record);
      for (const stored of entry.writes) accounts.set(stored.address, stored);
      for (const address of entry.deleted) accounts.set(address, null);
    }
    const seed = new Uint8Array(Buffer.from(snapshot.genesisSeed, 'base64'));
    // Resume past any slot whose blockhash may have been handed out before the stop.
    const ledger = new SandboxLedger(
      options,
      seed,
      snapshot.genesisTime,
      slot + CLOCK_JOURNAL_SLOTS,
      store,
    );
    for (const [address, stored] of accounts) {
      if (stored !== null) ledger.writeAccount(address, fromStored(stored));
    }
    for (const record of records) ledger.history.add(record);
    ledger.persistedRecords = persistedRecords;
    return ledger;
  }

  // ---- LedgerView ----

  getAccount(address: string): LedgerAccount | null {
    return fromVm(this.vm.getAccount(bs58.decode(address)));
  }

  setAccount(address: string, account: LedgerAccount): void {
    this.writeAccount(address, account);
    this.store.append(
      {
        kind: 'accounts',
        slot: this.currentSlot(),
        writes: [toStored(address, account)],
        deleted: [],
      },
      true,
    );
  }

  tokenBalance(tokenAccount: string): bigint | null {
    const account = this.getAccount(tokenAccount);
    if (!account || !isTokenProgram(account.owner) || !isTokenAccountData(account.data))
      return null;
    return decodeTokenAccount(account.data).amount;
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    this.tick();
    return this.queue.latest();
  }

  currentSlot(): number {
    this.tick();
    return this.queue.currentSlot();
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.vm.minimumBalanceForRentExemption(BigInt(dataLength));
  }

  simulate(wireTransaction: Uint8Array): { err: unknown | null; logs: string[] } {
    const result = this.simulateTransaction(wireTransaction, { sigVerify: false });
    return { err: result.err, logs: result.logs };
  }

  // ---- beyond LedgerView: what the RPC and the faucet need ----

  /** Block height; the sandbox produces a block every slot, so it equals the slot. */
  blockHeight(): number {
    return this.currentSlot();
  }

  /** Blocktime of the current slot (unix seconds). */
  unixTimestamp(): number {
    return this.clock.unixTimestamp();
  }

  isBlockhashValid(blockhash: string): boolean {
    this.tick();
    return this.queue.validSlotOf(blockhash) !== null;
  }

  /** Moves the clock forward (tests, and `slotMs: 0` ledgers). */
  advanceSlots(slots: number): void {
    this.clock.advance(slots);
    this.tick();
  }

  /** Transactions executed since genesis. */
  transactionCount(): number {
    return this.history.size;
  }

  tokenAccountsByOwner(owner: string): string[] {
    return this.owners.tokenAccountsOf(owner);
  }

  transaction(signature: string): TransactionRecord | undefined {
    return this.history.get(signature);
  }

  transactionsFor(address: string, options: { limit?: number; before?: string; until?: string }) {
    return this.history.forAddress(address, options);
  }

  recentTransactions(slots: number): TransactionSummary[] {
    return this.history.since(this.currentSlot() - slots);
  }

  /** The status of a signature, or null; without history search only the status cache counts. */
  signatureStatus(signature: string, searchHistory: boolean) {
    const record = this.history.summary(signature);
    if (!record) return null;
    const slot = this.currentSlot();
    if (!searchHistory && record.slot < slot - STATUS_CACHE_SLOTS) return null;
    const confirmations = slot - record.slot;
    return {
      slot: record.slot,
      confirmations: confirmations >= 32 ? null : confirmations,
      err: record.err,
      confirmationStatus:
        confirmations >= 32 ? 'finalized' : confirmations >= 1 ? 'confirmed' : 'processed',
    } as const;
  }

  /** Parses wire bytes against the current lookup tables; throws on malformed bytes. */
  parse(wire: Uint8Array): ParsedTransaction {
    return parseTransaction(wire, (address) => this.lookupTable(address));
  }

  /** Runs a transaction without committing it. */
  simulateTransaction(wire: Uint8Array, options: SimulateOptions = {}): SimulationResult {
    const parsed = this.parse(wire);
    this.tick();
    this.syncVm(parsed);
    let replacementBlockhash: SimulationResult['replacementBlockhash'] = null;
    if (options.replaceRecentBlockhash) replacementBlockhash = this.queue.latest();
    else if (this.queue.validSlotOf(parsed.recentBlockhash) === null) {
      return { err: 'BlockhashNotFound', replacementBlockhash, ...simulationDetails(null, []) };
    }
    this.vm.setSigverify(options.sigVerify ?? false);
    try {
      const raw = this.vmSimulate(parsed, wire);
      if (raw instanceof FailedTransactionMetadata) {
        return {
          err: transactionErrorJson(raw.err()),
          replacementBlockhash,
          ...simulationDetails(raw.meta(), []),
        };
      }
      return {
        err: null,
        replacementBlockhash,
        ...simulationDetails(raw.meta(), raw.postAccounts()),
      };
    } finally {
      this.vm.setSigverify(true);
    }
  }

  /** Executes a transaction for real, once: a signature the ledger has seen is refused. */
  sendTransaction(wire: Uint8Array, options: SendOptions = {}): SendResult {
    if (this.closed) throw new Error('The sandbox ledger is closed');
    const parsed = this.parse(wire);
    const signature = parsed.signature;
    const reject = (
      err: TransactionErrorJson,
      simulation: SimulationDetails | null = null,
    ): SendResult => ({
      status: 'rejected',
      signature,
      err,
      simulation,
    });
    if (this.history.has(signature)) return reject('AlreadyProcessed');
    this.tick();
    if (this.queue.validSlotOf(parsed.recentBlockhash) === null) return reject('BlockhashNotFound');
    this.syncVm(parsed);
    if (!options.skipPreflight) {
      const preflight = this.vmSimulate(parsed, wire);
      if (preflight instanceof FailedTransactionMetadata) {
        return reject(
          transactionErrorJson(preflight.err()),
          simulationDetails(preflight.meta(), []),
        );
      }
    }
    const keys = parsed.accountKeys;
    const pre = keys.map((key) => this.getAccount(key));
    const result =
      parsed.version === 'legacy'
        ? this.vm.sendLegacyTransaction(wire)
        : this.vm.sendVersionedTransaction(wire);
    const post = keys.map((key) => this.getAccount(key));
    const failed = result instanceof FailedTransactionMetadata;
    const err = failed ? transactionErrorJson(result.err()) : null;
    // A failed transaction that did not even pay its fee never reached a block.
    if (failed && sameAccount(pre[0] ?? null, post[0] ?? null)) {
      return reject(err!, simulationDetails(result.meta(), []));
    }
    const meta = failed ? result.meta() : result;
    const record = buildRecord({
      parsed,
      wire,
      slot: this.queue.currentSlot(),
      blockTime: this.clock.unixTimestamp(),
      err,
      pre,
      post,
      meta,
      decimalsOf: (mint) => this.mintDecimals(mint),
    });
    this.commit(record, keys, pre, post);
    return { status: 'executed', signature, record };
  }

  /** Persists a snapshot and closes the journal (clean shutdown). */
  close(): void {
    if (this.closed) return;
    this.compact();
    this.store.close();
    this.closed = true;
  }

  // ---- internals ----

  private commit(
    record: TransactionRecord,
    keys: string[],
    pre: (LedgerAccount | null)[],
    post: (LedgerAccount | null)[],
  ) {
    const writes: StoredAccount[] = [];
    const deleted: string[] = [];
    keys.forEach((key, index) => {
      const after = post[index] ?? null;
      if (sameAccount(pre[index] ?? null, after)) return;
      this.owners.update(key, after);
      if (after === null) {
        if (this.touched.delete(key)) deleted.push(key);
      } else if (isPersistable(after)) {
        this.touched.add(key);
        writes.push(toStored(key, after));
      }
    });
    const json = JSON.stringify(record);
    this.history.add(record, json);
    this.store.appendTransaction(record.slot, json, writes, deleted);
    if (this.store.journalLength >= this.compactEvery) this.compact();
  }

  private writeAccount(address: string, account: LedgerAccount): void {
    this.vm.setAccount(bs58.decode(address), toVm(account));
    this.owners.update(address, account);
    if (isPersistable(account)) this.touched.add(address);
  }

  private compact(): void {
    const accounts: StoredAccount[] = [];
    for (const address of this.touched) {
      const account = this.getAccount(address);
      if (account && isPersistable(account)) accounts.push(toStored(address, account));
    }
    this.store.writeSnapshot(
      {
        genesisSeed: Buffer.from(this.genesisSeed).toString('base64'),
        genesisTime: this.genesisTime,
        slot: this.queue.currentSlot(),
        accounts,
      },
      this.history.jsonFrom(this.persistedRecords),
    );
    this.persistedRecords = this.history.size;
  }

  /** Brings the blockhash queue to the clock's slot; journals the clock now and then. */
  private tick(): void {
    const slot = this.clock.slot();
    if (slot === this.queue.currentSlot()) return;
    this.queue.advanceTo(slot);
    if (!this.closed && slot - this.journalledSlot >= CLOCK_JOURNAL_SLOTS) {
      this.journalledSlot = slot;
      this.store.append({ kind: 'clock', slot }, false);
    }
  }

  /**
   * Gives the VM the current slot. Writing a sysvar is costly in litesvm 1.4.1 (tens of ms: the
   * next transaction rebuilds its caches), so per slot only `warpToSlot` runs; the Clock's unix
   * time is refreshed every CLOCK_JOURNAL_SLOTS slots, and SlotHashes (read only by the
   * lookup-table program, to check `recent_slot`) only before a transaction that calls it.
   */
  private syncVm(parsed: ParsedTransaction | null): void {
    const slot = this.queue.currentSlot();
    if (slot !== this.vmSlot) {
      this.vm.warpToSlot(BigInt(slot));
      this.vmSlot = slot;
    }
    if (Math.abs(slot - this.vmClockSlot) >= CLOCK_JOURNAL_SLOTS) {
      const epoch = BigInt(Math.floor(slot / 432_000));
      const unix = BigInt(this.clock.unixTimestamp());
      this.vm.setClock(new Clock(BigInt(slot), BigInt(this.genesisTime), epoch, epoch + 1n, unix));
      this.vmClockSlot = slot;
    }
    if (
      parsed?.accountKeys.includes(ADDRESS_LOOKUP_TABLE_PROGRAM_ID) &&
      this.vmSlotHashesSlot !== slot
    ) {
      const hashes = this.queue.recent(MAX_PROCESSING_AGE);
      this.vm.setSlotHashes(hashes.map(({ slot: s, hash }) => ({ slot: BigInt(s), hash })));
      this.vmSlotHashesSlot = slot;
    }
  }

  private vmSimulate(parsed: ParsedTransaction, wire: Uint8Array) {
    return parsed.version === 'legacy'
      ? this.vm.simulateLegacyTransaction(wire)
      : this.vm.simulateVersionedTransaction(wire);
  }

  private lookupTable(address: string): string[] | null {
    const account = this.getAccount(address);
    if (!account || account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ID) return null;
    try {
      return lookupTableAddresses(account.data);
    } catch {
      return null;
    }
  }

  private readonly decimalsCache = new Map<string, number>();

  /** Decimals of a mint (immutable once initialized, so cached). */
  mintDecimals(mint: string): number {
    let decimals = this.decimalsCache.get(mint);
    if (decimals === undefined) {
      const account = this.getAccount(mint);
      decimals = account && account.data.length >= 45 ? account.data[44]! : 0;
      if (account) this.decimalsCache.set(mint, decimals);
    }
    return decimals;
  }
}

/** Opens (or creates) a sandbox ledger. See {@link SandboxLedger.open}. */
export function createLedger(options: LedgerOptions): SandboxLedger {
  return SandboxLedger.open(options);
}
