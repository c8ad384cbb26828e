/**
 * The sandbox ledger: litesvm plus what a validator has and litesvm lacks: a clock of real-time
 * slots, a blockhash queue with mainnet's 150-block expiry, a history of every executed
 * transaction (so nothing runs twice), balance and token-balance records, an owner index and
 * durable state. It implements the swap API's LedgerView and is what the JSON-RPC layer serves.
 *
 * This file holds the ledger's core: opening, reads, simulation and execution. What it keeps
 * durable (journal, snapshots, the owner index) is in ledger-journal.ts, the VM's programs and
 * genesis markets in ledger-programs.ts, the clock and blockhash queue in chain-time.ts.
 */
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import type { Keypair } from '@solana/web3.js';
import { LedgerStore } from '../state/ledger-store';
import { ADDRESS_LOOKUP_TABLE_PROGRAM_ID } from '../tokens';
import type { LedgerAccount, LedgerView } from './ledger-view';
import { usesCurrentNonce } from './durable-nonce';
import { genesisHashOf } from './blockhash-queue';
import { ChainTime, CLOCK_JOURNAL_SLOTS } from './chain-time';
import { replayStoredState } from './ledger-restore';
import type {
  LedgerOptions,
  SendOptions,
  SendResult,
  SignatureStatus,
  SimulateOptions,
  SimulationResult,
} from './ledger-types';
import { fromStored, fromVm, toVm } from './account-codec';
import { AccountCache, copyOf } from './account-cache';
import { loadOrCreateFaucetKeypair, writeGenesisAccounts } from './genesis';
import { TransactionHistory, type TransactionRecord, type TransactionSummary } from './history';
import { LedgerJournal } from './ledger-journal';
import {
  createSandboxVm,
  lacksGenesisMarkets,
  writeGenesisMarkets,
  writeMissingAmmV4Pools,
} from './ledger-programs';
import { signatureStatusAt } from './signature-status';
import { decodeTokenAccount, isTokenAccountData, isTokenProgram } from './token-layout';
import { FailedTransactionMetadata, type VmInstance } from './vm';
import { executeOnVm, simulateOnVm } from './vm-run';
import { LastParse } from './last-parse';
import { lookupTableAddresses, parseTransaction, type ParsedTransaction } from './wire';
import { buildRecord, simulationDetails } from './execution';
import { mintAsOf, scaledMultiplierAt } from './scaled-balances';
import { addExtraPrograms } from './extra-programs';
import { LedgerEvents } from './ledger-events';

// Callers take the ledger's types from here, with the ledger.
export type * from './ledger-types';

export class SandboxLedger implements LedgerView {
  readonly faucet: Keypair;
  readonly genesisHash: string;
  private readonly vm: VmInstance;
  private readonly time: ChainTime;
  private readonly history = new TransactionHistory();
  private readonly journal: LedgerJournal;
  private closed = false;
  /** Bumped by every change of account state (a VM run at the same version and slot repeats). */
  private stateVersion = 0;
  /**
   * The last simulation and what it ran on (issue 26): /swap simulates the transaction it builds,
   * then the wallet's review simulates the very same bytes; at the same state and slot the run
   * is the same, so the second is answered from the first instead of run again.
   */
  private lastSimulation: { key: string; result: SimulationResult } | null = null;
  private readonly lastParse = new LastParse();
  /** Accounts as last read from the VM, forgotten whenever the VM may change them. */
  private readonly accounts = new AccountCache();
  /** Lookup tables' addresses, by the kept account they were read from. */
  private readonly tableAddresses = new WeakMap<LedgerAccount, string[]>();
  /** Landed transactions and direct writes, for the PubSub WebSocket API (sandbox/pubsub/). */
  readonly events = new LedgerEvents();

  private constructor(
    options: LedgerOptions,
    private readonly genesisSeed: Uint8Array,
    private readonly genesisTime: number,
    startSlot: number,
    store: LedgerStore,
  ) {
    this.faucet = loadOrCreateFaucetKeypair(options.stateDir);
    this.genesisHash = genesisHashOf(genesisSeed);
    this.vm = createSandboxVm();
    // Programs asked for on the command line (Jupiter's: --jupiter-program), on every start.
    addExtraPrograms(this.vm, options.programs ?? []);
    this.journal = new LedgerJournal(
      store,
      this.history,
      options.compactEvery ?? 5000,
      (address) => this.getAccount(address),
      () => ({
        genesisSeed: Buffer.from(this.genesisSeed).toString('base64'),
        genesisTime: this.genesisTime,
        slot: this.time.queue.currentSlot(),
      }),
    );
    const now = options.now ?? Date.now;
    this.time = new ChainTime(genesisSeed, startSlot, options.slotMs ?? 400, now, genesisTime);
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
      writeGenesisAccounts(ledger, ledger.faucet.publicKey.toBase58(), ledger.genesisTime);
      ledger.createGenesisMarkets();
      ledger.journal.compact();
      return ledger;
    }
    const { snapshot } = loaded;
    const state = replayStoredState(loaded);
    const seed = new Uint8Array(Buffer.from(snapshot.genesisSeed, 'base64'));
    // Resume past any slot whose blockhash may have been handed out before the stop.
    const startSlot = state.slot + CLOCK_JOURNAL_SLOTS;
    const ledger = new SandboxLedger(options, seed, snapshot.genesisTime, startSlot, store);
    for (const [address, stored] of state.accounts) {
      if (stored !== null) ledger.writeAccount(address, fromStored(stored));
    }
    for (const record of state.records) ledger.history.add(record);
    ledger.journal.restored(state.persistedRecords);
    // A state folder from before the genesis markets: they are created now, once.
    if (lacksGenesisMarkets(ledger)) {
      ledger.createGenesisMarkets();
      ledger.journal.compact();
    } else {
      writeMissingAmmV4Pools(ledger);
    }
    return ledger;
  }

  // ---- LedgerView ----

  /** LedgerView's state number: bumped by every transaction and every direct account write. */
  accountStateVersion(): number {
    return this.stateVersion;
  }

  getAccount(address: string): LedgerAccount | null {
    return copyOf(this.account(address));
  }

  setAccount(address: string, account: LedgerAccount): void {
    this.writeAccount(address, account);
    this.journal.appendAccount(this.currentSlot(), address, account);
  }

  tokenBalance(tokenAccount: string): bigint | null {
    const account = this.getAccount(tokenAccount);
    if (!account || !isTokenProgram(account.owner) || !isTokenAccountData(account.data))
      return null;
    return decodeTokenAccount(account.data).amount;
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    this.tick();
    return this.time.queue.latest();
  }

  currentSlot(): number {
    this.tick();
    return this.time.queue.currentSlot();
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.vm.minimumBalanceForRentExemption(BigInt(dataLength));
  }

  simulate(wireTransaction: Uint8Array): { err: unknown | null; logs: string[] } {
    // The checks of simulateTransaction, then a run that reads the error and the logs only
    // (vm-run.ts); not kept for simulateTransaction, whose answers need the details.
    const parsed = this.parse(wireTransaction);
    this.tick();
    this.time.syncVm(this.vm, parsed);
    if (!this.lifetimeValid(parsed)) return { err: 'BlockhashNotFound', logs: [] };
    const run = simulateOnVm(this.vm, parsed, wireTransaction, false, false);
    return { err: run.err, logs: run.logs };
  }

  simulateAndKeep(wireTransaction: Uint8Array): { err: unknown | null; logs: string[] } {
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
    return this.time.unixTimestamp();
  }

  isBlockhashValid(blockhash: string): boolean {
    this.tick();
    return this.time.queue.validSlotOf(blockhash) !== null;
  }

  /** Moves the clock forward (tests, and `slotMs: 0` ledgers). */
  advanceSlots(slots: number): void {
    this.time.advance(slots);
    this.tick();
  }

  /** Transactions executed since genesis. */
  transactionCount(): number {
    return this.history.size;
  }

  /** The addresses of every account `program` owns (getProgramAccounts). */
  programAccounts(program: string): string[] {
    return this.journal.owners.accountsOwnedBy(program);
  }

  tokenAccountsByOwner(owner: string): string[] {
    return this.journal.owners.tokenAccountsOf(owner);
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
  signatureStatus(signature: string, searchHistory: boolean): SignatureStatus | null {
    const record = this.history.summary(signature);
    if (!record) return null;
    return signatureStatusAt(record, this.currentSlot(), searchHistory);
  }

  /** Parses wire bytes against the current lookup tables (once a state version: last-parse.ts). */
  parse(wire: Uint8Array): ParsedTransaction {
    return this.lastParse.of(wire, this.stateVersion, () =>
      parseTransaction(wire, (address) => this.lookupTable(address)),
    );
  }

  /**
   * Runs a transaction without committing it. `parsed`: the caller's own parse of these very
   * bytes (the RPC parses them first to answer a malformed one in the validator's words).
   */
  simulateTransaction(
    wire: Uint8Array,
    options: SimulateOptions = {},
    parsed: ParsedTransaction = this.parse(wire),
  ): SimulationResult {
    this.tick();
    this.time.syncVm(this.vm, parsed);
    let replacementBlockhash: SimulationResult['replacementBlockhash'] = null;
    if (options.replaceRecentBlockhash) replacementBlockhash = this.time.queue.latest();
    else if (!this.lifetimeValid(parsed)) {
      return { err: 'BlockhashNotFound', replacementBlockhash, ...simulationDetails(null, []) };
    }
    const sigVerify = options.sigVerify ?? false;
    // A replaced blockhash makes another transaction: only runs of the bytes as sent repeat.
    const key = options.replaceRecentBlockhash
      ? null
      : `${this.stateVersion}:${this.time.queue.currentSlot()}:${sigVerify}:${Buffer.from(wire).toString('base64')}`;
    if (key !== null && this.lastSimulation?.key === key) return this.lastSimulation.result;
    // Assigned, not spread, so the details stay unread until asked for (execution.ts).
    const result = Object.assign(simulateOnVm(this.vm, parsed, wire, sigVerify), {
      replacementBlockhash,
    });
    this.lastSimulation = key === null ? null : { key, result };
    return result;
  }

  /** Executes a transaction for real, once: a signature the ledger has seen is refused. */
  sendTransaction(wire: Uint8Array, options: SendOptions = {}): SendResult {
    if (this.closed) throw new Error('The sandbox ledger is closed');
    const parsed = this.parse(wire);
    const { signature } = parsed;
    if (this.history.has(signature)) {
      return { status: 'rejected', signature, err: 'AlreadyProcessed', simulation: null };
    }
    this.tick();
    if (!this.lifetimeValid(parsed)) {
      return { status: 'rejected', signature, err: 'BlockhashNotFound', simulation: null };
    }
    this.time.syncVm(this.vm, parsed);
    const run = executeOnVm(this.vm, parsed, wire, options.skipPreflight ?? false, {
      read: (key) => this.getAccount(key),
      changed: () => this.forgetWritable(parsed),
    });
    this.stateVersion += 1;
    if (run.kind === 'rejected') {
      return { status: 'rejected', signature, err: run.err, simulation: run.simulation };
    }
    const record = buildRecord({
      parsed,
      wire,
      slot: this.time.queue.currentSlot(),
      blockTime: this.time.unixTimestamp(),
      err: run.err,
      pre: run.pre,
      post: run.post,
      meta: run.meta,
      decimalsOf: (mint) => this.mintDecimals(mint),
      multiplierOf: (mint, side) =>
        scaledMultiplierAt(
          mintAsOf(mint, parsed.accountKeys, side === 'pre' ? run.pre : run.post) ??
            this.getAccount(mint),
          this.time.unixTimestamp(),
        ),
    });
    this.journal.commit(record, parsed.accountKeys, run.pre, run.post);
    this.events.landed(record, parsed.accountKeys, run.pre, run.post);
    return { status: 'executed', signature, record };
  }

  /** Persists a snapshot and closes the journal (clean shutdown). */
  close(): void {
    if (this.closed) return;
    this.journal.close();
    this.closed = true;
  }

  // ---- internals ----

  /**
   * The markets of genesis (ledger-programs.ts), created by signed transactions run on the VM,
   * not recorded in the history (they are the chain's starting state, as a cluster's genesis
   * is). The VM's clock is a minute in the past meanwhile: a pool opens one second after its
   * creation, and the first swap must find it open.
   */
  private createGenesisMarkets(): void {
    this.time.setVmUnixTime(this.vm, Math.max(0, this.genesisTime - 60));
    writeGenesisMarkets(this);
    this.time.forgetVmClock();
  }

  /** Executes one genesis transaction on the VM; throws with the logs when it fails. */
  runGenesisTransaction(wire: Uint8Array): void {
    const parsed = this.parse(wire);
    const result =
      parsed.version === 'legacy'
        ? this.vm.sendLegacyTransaction(wire)
        : this.vm.sendVersionedTransaction(wire);
    this.forgetWritable(parsed);
    if (result instanceof FailedTransactionMetadata) {
      throw new Error(
        `A genesis transaction failed: ${result.err().toString()}\n${result.meta().logs().join('\n')}`,
      );
    }
    this.stateVersion += 1;
    for (const key of parsed.accountKeys) this.journal.track(key, this.getAccount(key));
  }

  /**
   * A recent blockhash from the queue, or a durable nonce that is current (durable-nonce.ts), as
   * a validator accepts either.
   */
  private lifetimeValid(parsed: ParsedTransaction): boolean {
    if (this.time.queue.validSlotOf(parsed.recentBlockhash) !== null) return true;
    return usesCurrentNonce(parsed, (address) => this.getAccount(address));
  }

  /** Writes an account without journaling it (restore; sandbox/oracle/'s republished feeds). */
  writeAccount(address: string, account: LedgerAccount): void {
    this.vm.setAccount(bs58.decode(address), toVm(account));
    this.accounts.forget(address);
    this.stateVersion += 1;
    this.journal.track(address, account);
    this.events.written(address, account, () => this.time.queue.currentSlot());
  }

  /** Brings the blockhash queue to the clock's slot; journals the clock now and then. */
  private tick(): void {
    const slot = this.time.tick();
    if (slot !== null && !this.closed) this.journal.appendClock(slot);
  }

  /** The account as kept (not a copy: only for reads inside the ledger). */
  private account(address: string): LedgerAccount | null {
    return this.accounts.read(address, () => fromVm(this.vm.getAccount(bs58.decode(address))));
  }

  /** After a transaction ran on the VM: the runtime changed none but its writable accounts. */
  private forgetWritable(parsed: ParsedTransaction): void {
    parsed.accountKeys.forEach((key, index) => {
      if (parsed.writable[index]) this.accounts.forget(key);
    });
  }

  private lookupTable(address: string): string[] | null {
    const account = this.account(address);
    if (!account || account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ID) return null;
    // Every transaction through a table reads all of its addresses (Jupiter's hold hundreds):
    // decoded once per state of the table, copied for the caller.
    let addresses = this.tableAddresses.get(account);
    if (addresses === undefined) {
      try {
        addresses = lookupTableAddresses(account.data);
      } catch {
        return null;
      }
      this.tableAddresses.set(account, addresses);
    }
    return [...addresses];
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
