/**
 * What the sandbox's swap API needs from the ledger, so the two halves of the sandbox are built
 * and tested apart. The ledger (litesvm plus the sandbox's own clock, blockhash queue and
 * history) implements it; the swap API reads pool vault balances through it and builds
 * transactions against its blockhashes.
 */
export interface LedgerAccount {
  lamports: bigint;
  /** Base58 program id that owns the account. */
  owner: string;
  data: Uint8Array;
  executable: boolean;
}

export interface LedgerView {
  /** The account as the VM has it now, or null when it does not exist. */
  getAccount(address: string): LedgerAccount | null;
  /** Writes an account directly (genesis seeding of mints, pools and vaults), not a transaction. */
  setAccount(address: string, account: LedgerAccount): void;
  /** Balance of an SPL Token or Token-2022 account, or null when it is not a token account. */
  tokenBalance(tokenAccount: string): bigint | null;
  /** The blockhash of the current slot and the last block height at which it is still valid. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number };
  currentSlot(): number;
  minimumBalanceForRentExemption(dataLength: number): bigint;
  /**
   * Runs a transaction (wire bytes) through the VM without committing it, for the swap API's
   * own checks. Null error means it would succeed.
   */
  simulate(wireTransaction: Uint8Array): { err: unknown | null; logs: string[] };
  /**
   * `simulate`, run as simulateTransaction runs it for the wallet (signatures unchecked, the
   * blockhash kept, every detail gathered) and kept, so that call, for the same bytes at the
   * same state and slot, is answered from this run (issue 26: the wallet's review simulates
   * the very transaction /swap answered).
   */
  simulateAndKeep(wireTransaction: Uint8Array): { err: unknown | null; logs: string[] };
  /** Block height (one block per slot in the sandbox); escrows of the swap API expire by it. */
  blockHeight(): number;
  /**
   * Executes a transaction for real (the swap API's own escrow settlements and sweeps).
   * `executed` with a null `record.err` means it succeeded.
   */
  sendTransaction(wireTransaction: Uint8Array): LedgerSendOutcome;
  /**
   * A number that changes whenever any account's state may have changed (a transaction, a
   * direct write): state read at the same number is the same. Optional: a view without it is
   * read afresh for every request.
   */
  accountStateVersion?(): number;
}

/** What the swap API reads of an executed or rejected transaction. */
export type LedgerSendOutcome =
  | { status: 'executed'; signature: string; record: { err: unknown } }
  | { status: 'rejected'; signature: string; err: unknown };
