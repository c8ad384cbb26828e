/**
 * The litesvm native binding, imported directly: the ledger hands the VM wire bytes as they come
 * from the network, where litesvm's public class would first decode them into @solana/kit objects
 * and encode them again. litesvm is CommonJS, hence the default import.
 *
 * litesvm 1.4.1 is pinned: 1.5.0 publishes only a linux-x64 binary (breaking `npm ci` on macOS
 * and arm64), and 0.7-0.8 crash Node 20's garbage collector. 1.4.1 needs no V8 flag: the soak
 * (bench/ledger-soak.ts) ran 30,000 token transactions without a crash. One property to know:
 * each account read (`getAccount`) allocates native memory that a finalizer frees only when the
 * event loop turns, so code that reads accounts in a long synchronous loop should yield now and
 * then (the server handles one request per turn, so it does).
 */
import native from 'litesvm/dist/internal.js';

export const { Account, Clock, LiteSvm, FailedTransactionMetadata } = native;

/**
 * The binding itself, for tx-errors.ts: it tells litesvm's error classes apart with `instanceof`
 * (TransactionErrorInstructionError, InstructionErrorCustom, ...), names no other file uses.
 */
export const vmBinding = native;

export type {
  Account as VmAccount,
  LiteSvm as VmInstance,
  TransactionMetadata,
  SimulatedTransactionInfo,
  InnerInstruction,
} from 'litesvm/dist/internal.js';
export type FailedTransactionMetadata = InstanceType<typeof FailedTransactionMetadata>;
