/**
 * Bridge handlers of the accounts.* methods. The registry has already parsed each request with
 * the contract's schema and checked the sender (and the gate, the lock); these call the vault
 * and let its WalletErrors through for the registry to turn into `{ ok: false, error }`. Only
 * the REVEALING_METHODS answer with a secret: a new phrase once, backups after the password.
 */
import type { HandlerGroup } from '../bridge/handler-types';
import type { Vault } from '../vault/vault';

export type AccountMethod =
  | 'accounts.list'
  | 'accounts.create'
  | 'accounts.import'
  | 'accounts.rename'
  | 'accounts.remove'
  | 'accounts.select'
  | 'accounts.beginPhrase'
  | 'accounts.confirmPhrase'
  | 'accounts.revealPhrase'
  | 'accounts.exportSecret';

/**
 * The accounts.* handlers over `vault`.
 *
 * @example
 * registry.register(createAccountHandlers(createVault({ keychain, dataDir })));
 */
export function createAccountHandlers(vault: Vault): HandlerGroup<AccountMethod> {
  return {
    'accounts.list': async () => vault.list(),
    'accounts.create': async ({ label }) => vault.create(label !== undefined ? { label } : {}),
    'accounts.import': async ({ secret, label, accountIndexes }) =>
      vault.importSecret(secret, {
        ...(label !== undefined ? { label } : {}),
        ...(accountIndexes !== undefined ? { accountIndexes } : {}),
      }),
    'accounts.rename': async ({ address, label }) => vault.rename(address, label),
    'accounts.remove': async ({ address }) => vault.remove(address),
    'accounts.select': async ({ address }) => vault.select(address),
    'accounts.beginPhrase': async ({ words }) => vault.beginPhrase(words),
    'accounts.confirmPhrase': async ({ draft, answers, label }) =>
      vault.confirmPhrase(draft, answers, label),
    'accounts.revealPhrase': async ({ password }) => ({
      words: await vault.revealPhrase(password),
    }),
    'accounts.exportSecret': async ({ address, password }) => ({
      secretKey: await vault.exportSecret(address, password),
    }),
  };
}
