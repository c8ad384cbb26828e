/**
 * The ledger.* methods of the fake wallet: a Ledger whose Solana app lists fixed accounts and
 * whose signing prompt (ledger.status) a test sets. Adding keeps the path, as main does.
 */
import type {
  AccountSummary,
  LedgerAccountView,
  LedgerPromptView,
} from '../../../preload/api-types';
import type { Result } from '../../../main/shared/result';

export interface FakeLedgerState {
  blindSigningEnabled: boolean;
  accounts: LedgerAccountView[];
  /** What ledger.status answers. */
  prompt: LedgerPromptView | null;
}

export function initialFakeLedgerState(address: (n: number) => string): FakeLedgerState {
  const paths: [LedgerAccountView['scheme'], number, string][] = [
    ['phantom', 0, "m/44'/501'/0'/0'"],
    ['phantom', 1, "m/44'/501'/1'/0'"],
    ['ledger-live', 0, "m/44'/501'/0'"],
    ['root', 0, "m/44'/501'"],
  ];
  return {
    blindSigningEnabled: true,
    accounts: paths.map(([scheme, index, path], i) => ({
      scheme,
      index,
      path,
      address: address(500 + i),
      inWallet: false,
    })),
    prompt: null,
  };
}

export function createFakeLedgerHandlers(
  ledger: FakeLedgerState,
  add: (account: AccountSummary) => AccountSummary,
) {
  return {
    'ledger.connect': (): Result<unknown> => ({
      ok: true,
      value: {
        appVersion: '1.4.1',
        blindSigningEnabled: ledger.blindSigningEnabled,
        accounts: ledger.accounts,
      },
    }),
    'ledger.add': (req: { accounts: { address: string; label?: string }[] }): Result<unknown> => ({
      ok: true,
      value: req.accounts.map((chosen, i) => {
        const found = ledger.accounts.find((a) => a.address === chosen.address)!;
        found.inWallet = true;
        return add({
          address: found.address,
          label: chosen.label ?? `Ledger ${i + 1}`,
          kind: 'ledger',
          derivationPath: found.path,
          createdAt: '2026-01-01T00:00:00.000Z',
        });
      }),
    }),
    'ledger.status': (): Result<unknown> => ({ ok: true, value: { prompt: ledger.prompt } }),
  };
}
