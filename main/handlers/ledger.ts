/**
 * Bridge handlers of the ledger.* methods (issue 17). Requests arrive parsed and sender-checked
 * by the registry; the device is reached only through main/hardware's one queue.
 */
import type { HandlerGroup } from '../bridge/handler-types';
import type { LedgerAccounts } from '../hardware/ledger-accounts';

export type LedgerMethod = 'ledger.connect' | 'ledger.add' | 'ledger.status';

/**
 * @example
 * registry.register(createLedgerHandlers(createLedgerAccounts({ device, vault })));
 */
export function createLedgerHandlers(ledger: LedgerAccounts): HandlerGroup<LedgerMethod> {
  return {
    'ledger.connect': async ({ count }) => ledger.connect(count),
    'ledger.add': async ({ accounts }) =>
      ledger.add(
        accounts.map((a) => ({
          address: a.address,
          ...(a.label !== undefined ? { label: a.label } : {}),
        })),
      ),
    'ledger.status': async () => ledger.status(),
  };
}
