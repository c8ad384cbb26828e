/**
 * The litesvm native binding, imported directly: the ledger hands the VM wire bytes as they come
 * from the network, where litesvm's public class would first decode them into @solana/kit objects
 * and encode them again. litesvm is CommonJS, hence the default import.
 *
 * litesvm 1.4.1 is pinned: 1.5.0 publishes only a linux-x64 binary (breaking `npm ci` on macOS
 * and arm64), and 0.7-0.8 crash Node 20's garbage collector (see bench/ledger-soak.ts).
 */
import native from 'litesvm/dist/internal.js';

export const {
  Account,
  Clock,
  LiteSvm,
  FailedTransactionMetadata,
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
} = native;

export type {
  Account as VmAccount,
  LiteSvm as VmInstance,
  TransactionMetadata,
  SimulatedTransactionInfo,
  InnerInstruction,
} from 'litesvm/dist/internal.js';
export type FailedTransactionMetadata = InstanceType<typeof FailedTransactionMetadata>;
