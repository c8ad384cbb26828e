/**
 * The vault's password, lock and recovery-phrase methods (issue 24): the first password, the
 * upgrade of an earlier version's vault, unlock and lock, a new password, the phrase shown and
 * checked at creation, Create account from it, and the backups asked for with the password.
 */
import bs58 from 'bs58';
import { WalletError } from '../shared/errors';
import { assertGoodPassword } from './password-rules';
import { PHRASE_ITEM, newVaultId } from './sealed-keys';
import type { Vault } from './vault-types';
import type { VaultCore } from './vault-core';
import { upgradeVault } from './vault-upgrade';
import { planRestore, restoreVault } from './vault-restore';
import * as states from './vault-state';
import { accountIndexOf, deriveAccount, phraseWords } from './wallet-phrase';

type SecretMethods = Omit<
  Vault,
  'list' | 'addLedger' | 'importSecret' | 'rename' | 'remove' | 'select'
>;

export function secretMethods(core: VaultCore): SecretMethods {
  const { file, keys, drafts, now, tell, exclusive, openData, addAccounts, checkPassword } = core;
  const keychain = core.options.keychain;

  /**
   * Runs `use` on a copy of the wallet's phrase entropy and wipes the copy after, however `use`
   * ends; NO_RECOVERY_PHRASE with `missing` when the wallet has no phrase.
   */
  async function withPhraseEntropy<T>(
    missing: string,
    use: (entropy: Uint8Array) => T | Promise<T>,
  ): Promise<T> {
    const entropy = keys.copy(PHRASE_ITEM);
    if (!entropy) throw new WalletError('NO_RECOVERY_PHRASE', missing);
    try {
      return await use(entropy);
    } finally {
      entropy.fill(0);
    }
  }

  function secretKeyOf(address: string): Uint8Array {
    const secret = keys.copy(address);
    if (!secret) throw states.secretMissing(address);
    return secret;
  }

  return {
    isUnlocked: () => keys.isOpen(),
    async state() {
      const data = await file.read();
      if (states.isLegacy(data)) return 'upgrade';
      if (data.sealing === null) return 'new';
      return keys.isOpen() ? 'unlocked' : 'locked';
    },

    setPassword(password, confirm) {
      return exclusive(async () => {
        const data = await file.read();
        if (states.isLegacy(data)) throw states.upgradeRequired();
        if (data.sealing !== null) {
          throw new WalletError(
            'INVALID_REQUEST',
            'This wallet has a password already. Change it on the Accounts screen.',
          );
        }
        assertGoodPassword(password, confirm);
        tell?.({ kind: 'password', value: password });
        const sealing = { id: newVaultId(), generation: 1 };
        await keys.begin(password, sealing);
        await file.write({ ...data, version: 2, sealing });
      });
    },

    upgrade(password, confirm) {
      return exclusive(async () => {
        const data = await file.read();
        if (!states.isLegacy(data)) {
          throw new WalletError('INVALID_REQUEST', 'This wallet has nothing to upgrade.');
        }
        assertGoodPassword(password, confirm);
        tell?.({ kind: 'password', value: password });
        await upgradeVault(keychain, keys, file, data, password);
      });
    },

    unlock(password) {
      return exclusive(async () => {
        const data = await file.read();
        if (states.isLegacy(data)) throw states.upgradeRequired();
        if (data.sealing === null) throw states.passwordRequired();
        const names = states.keychainAccounts(data).map((a) => a.address);
        await keys.unlock(password, data.sealing, [PHRASE_ITEM, ...names]);
        await keys.sweep(names);
      });
    },

    lock() {
      keys.lock();
      drafts.wipe();
    },

    verifyPassword: (password) => checkPassword(password),

    changePassword(current, next, confirm) {
      return exclusive(async () => {
        await checkPassword(current);
        assertGoodPassword(next, confirm);
        tell?.({ kind: 'password', value: next });
        await keys.reseal(next, async (sealing) => {
          const data = await file.read();
          await file.write({ ...data, sealing });
        });
      });
    },

    hasPhrase: () => core.hasPhrase(),

    beginPhrase(words) {
      if (core.hasPhrase()) {
        throw new WalletError(
          'INVALID_REQUEST',
          'This wallet has its recovery phrase already: Create account derives the next account from it.',
        );
      }
      return drafts.begin(words);
    },

    confirmPhrase(draft, answers, label) {
      return exclusive(async () => {
        await openData();
        const entropy = drafts.take(draft, answers);
        try {
          const [account] = await addAccounts(
            [{ ...deriveAccount(entropy, 0), kind: 'generated', walletPhrase: true }],
            label,
            entropy,
          );
          return account!;
        } finally {
          entropy.fill(0);
        }
      });
    },

    async revealPhrase(password) {
      await checkPassword(password);
      return withPhraseEntropy(
        'This wallet has no recovery phrase of its own. Back up each account with Export secret key.',
        phraseWords,
      );
    },

    async exportSecret(address, password) {
      const data = await openData();
      const account = data.accounts.find((a) => a.address === address);
      if (!account) throw states.notFound(address);
      if (account.kind === 'ledger') {
        throw new WalletError(
          'NOTHING_TO_EXPORT',
          `"${account.label}" is a Ledger account: its key never leaves the device, so there is nothing to export. The Ledger's own recovery phrase is its backup.`,
        );
      }
      await checkPassword(password);
      const secret = secretKeyOf(address);
      try {
        return bs58.encode(secret);
      } finally {
        secret.fill(0);
      }
    },

    secretKeyOf,

    async restorePlan(phrase) {
      return planRestore(await file.read(), phrase, now());
    },

    restore(phrase, password, confirm) {
      return exclusive(async () => {
        const data = await file.read();
        assertGoodPassword(password, confirm);
        tell?.({ kind: 'password', value: password });
        drafts.wipe();
        return restoreVault(keychain, keys, file, data, phrase, password, now());
      });
    },

    create(opts = {}) {
      return exclusive(async () => {
        const data = await openData();
        return withPhraseEntropy(
          'This wallet has no recovery phrase yet, so there is nothing to derive a new account from. Choose Create recovery phrase first.',
          async (entropy) => {
            const used = data.accounts
              .filter((a) => a.walletPhrase)
              .map((a) => accountIndexOf(a.derivationPath) ?? -1);
            const index = Math.max(-1, ...used) + 1;
            const [account] = await addAccounts(
              [{ ...deriveAccount(entropy, index), kind: 'generated', walletPhrase: true }],
              opts.label,
            );
            return account!;
          },
        );
      });
    },
  };
}
