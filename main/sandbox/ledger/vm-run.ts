/**
 * One run of a transaction on the VM: simulated (nothing committed) or executed, with the
 * account states around it. The ledger adds its own checks (blockhash, execute-once) around
 * these and records the result.
 */
import type { LedgerAccount } from './ledger-view';
import { simulationDetails, type SimulationDetails } from './execution';
import { transactionErrorJson, type TransactionErrorJson } from './tx-errors';
import { sameAccount } from './account-codec';
import { FailedTransactionMetadata, type TransactionMetadata, type VmInstance } from './vm';
import type { ParsedTransaction } from './wire';

function simulateRaw(vm: VmInstance, parsed: ParsedTransaction, wire: Uint8Array) {
  return parsed.version === 'legacy'
    ? vm.simulateLegacyTransaction(wire)
    : vm.simulateVersionedTransaction(wire);
}

/**
 * Simulates with signature checks on or off, leaving them on afterwards. Without `details`
 * only the error, logs and units are read (the swap API's own checks): no inner instructions,
 * return data or post-state, which a simulateTransaction answer needs and which cost more to
 * gather than the run itself.
 */
export function simulateOnVm(
  vm: VmInstance,
  parsed: ParsedTransaction,
  wire: Uint8Array,
  sigVerify: boolean,
  details = true,
): SimulationDetails & { err: TransactionErrorJson | null } {
  vm.setSigverify(sigVerify);
  try {
    const raw = simulateRaw(vm, parsed, wire);
    if (!details) {
      const meta = raw.meta();
      return {
        err: raw instanceof FailedTransactionMetadata ? transactionErrorJson(raw.err()) : null,
        logs: meta.logs(),
        unitsConsumed: Number(meta.computeUnitsConsumed()),
        innerInstructions: [],
        returnData: null,
        postAccounts: new Map(),
      };
    }
    if (raw instanceof FailedTransactionMetadata) {
      return Object.assign(simulationDetails(raw.meta(), []), {
        err: transactionErrorJson(raw.err()),
      });
    }
    // Assigned, not spread: a spread would read the details simulationDetails leaves unread.
    return Object.assign(simulationDetails(raw.meta(), raw.postAccounts()), { err: null });
  } finally {
    vm.setSigverify(true);
  }
}

export type VmExecution =
  | { kind: 'rejected'; err: TransactionErrorJson; simulation: SimulationDetails }
  | {
      kind: 'executed';
      err: TransactionErrorJson | null;
      meta: TransactionMetadata;
      pre: (LedgerAccount | null)[];
      post: (LedgerAccount | null)[];
    };

/** How executeOnVm reads accounts, and whom it tells once the VM may have changed some. */
export interface VmAccounts {
  read(address: string): LedgerAccount | null;
  changed(): void;
}

/**
 * Preflight (unless skipped), then execution. A transaction that fails without paying its fee
 * (the fee payer unchanged) never reached a block: it is rejected, as is a preflight failure.
 */
export function executeOnVm(
  vm: VmInstance,
  parsed: ParsedTransaction,
  wire: Uint8Array,
  skipPreflight: boolean,
  accounts: VmAccounts,
): VmExecution {
  const { read } = accounts;
  if (!skipPreflight) {
    const preflight = simulateRaw(vm, parsed, wire);
    if (preflight instanceof FailedTransactionMetadata) {
      const err = transactionErrorJson(preflight.err());
      return { kind: 'rejected', err, simulation: simulationDetails(preflight.meta(), []) };
    }
  }
  const pre = parsed.accountKeys.map(read);
  const result =
    parsed.version === 'legacy'
      ? vm.sendLegacyTransaction(wire)
      : vm.sendVersionedTransaction(wire);
  accounts.changed();
  const post = parsed.accountKeys.map(read);
  if (!(result instanceof FailedTransactionMetadata)) {
    return { kind: 'executed', err: null, meta: result, pre, post };
  }
  const err = transactionErrorJson(result.err());
  if (sameAccount(pre[0] ?? null, post[0] ?? null)) {
    return { kind: 'rejected', err, simulation: simulationDetails(result.meta(), []) };
  }
  return { kind: 'executed', err, meta: result.meta(), pre, post };
}
