/** Options and results of the sandbox ledger (see ledger.ts). */
import type { SimulationDetails } from './execution';
import type { TransactionRecord } from './history';
import type { TransactionErrorJson } from './tx-errors';
import type { ExtraProgram } from './extra-programs';

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
  /** Programs loaded beside CP-Swap on every start (Jupiter's, when the sandbox is given it). */
  programs?: readonly ExtraProgram[];
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

export interface SignatureStatus {
  slot: number;
  /** Null once finalized, as validators report it. */
  confirmations: number | null;
  err: TransactionErrorJson | null;
  confirmationStatus: 'processed' | 'confirmed' | 'finalized';
}
