/**
 * What backs an account up (issue 24), for the words on the Accounts screen and the warning of
 * Restore from recovery phrase. Safe for every process: it reads public account data only.
 */
import type { AccountSummary } from '../../preload/api-types';

export type AccountBackup = 'wallet-phrase' | 'own-phrase' | 'secret-key-only' | 'device';

export function backupOf(account: AccountSummary): AccountBackup {
  if (account.kind === 'ledger') return 'device';
  if (account.walletPhrase) return 'wallet-phrase';
  if (account.kind === 'recovery-phrase') return 'own-phrase';
  return 'secret-key-only';
}

/** The mark of an account only its exported secret key can bring back. */
export const NO_PHRASE_WORDS = 'No recovery phrase: export its secret key to back it up';
