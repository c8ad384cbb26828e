/**
 * The vault: accounts that can sign (issue 24). The public list lives in the accounts file;
 * every secret (an account's key, the wallet's recovery phrase) is sealed with the person's
 * password before it reaches the OS keychain (sealed-keys.ts) and is open only in main's memory
 * while unlocked. A Ledger account has no secret here at all (issue 17).
 *
 * Write order, so a failure never leaves half an account: keychain first, then the file. If the
 * keychain fails, the file is not touched; if the file write fails, the keychain entries just
 * written are deleted again. Mutations run one at a time (a promise queue), so two quick clicks
 * cannot interleave read-modify-write of the file. Nothing here logs, and no message carries
 * the text a person pasted or typed.
 */
import { accountMethods } from './vault-accounts';
import { createVaultCore } from './vault-core';
import { secretMethods } from './vault-secrets';
import type { Vault, VaultOptions } from './vault-types';

export type {
  CreatedSecret,
  ImportOptions,
  LedgerAccountInput,
  PhraseAnswer,
  Vault,
  VaultOptions,
} from './vault-types';
export type { VaultState } from './vault-state';
export type { RestorePlan } from './vault-restore';

/**
 * Opens the vault on a keychain and a data folder. Nothing is read until the first call.
 *
 * @example
 * const vault = createVault({ keychain: createKeytarKeychain('swapdesk'), dataDir });
 * await vault.unlock(password);
 */
export function createVault(options: VaultOptions): Vault {
  const core = createVaultCore(options);
  return { ...accountMethods(core), ...secretMethods(core) };
}
