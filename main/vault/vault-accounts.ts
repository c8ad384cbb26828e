/**
 * The vault's account methods: the list, Ledger accounts, imports, rename, remove, select.
 */
import { cleanLabel, newLabels } from './account-labels';
import type { AccountsFileData } from './accounts-file';
import { addressOfSecretKey } from './keypair';
import { parseSecretInput } from './secret-input';
import type { AccountSummary } from '../../preload/api-types';
import type { Vault } from './vault-types';
import { importedPhraseKeys, walletPhraseKeys, type VaultCore } from './vault-core';
import * as states from './vault-state';
import { phraseEntropy } from './wallet-phrase';

type AccountMethods = Pick<
  Vault,
  'list' | 'addLedger' | 'importSecret' | 'rename' | 'remove' | 'select'
>;

export function accountMethods(core: VaultCore): AccountMethods {
  const { file, keys, drafts, now, exclusive, openData, refuseExisting, addAccounts } = core;

  return {
    async list() {
      return states.stateOf(file.readSync());
    },

    addLedger(entries) {
      return exclusive(async () => {
        const data = await openData();
        refuseExisting(
          data,
          entries.map((e) => e.address),
        );
        const defaults = newLabels(data.accounts, entries.length);
        const createdAt = now().toISOString();
        const added: AccountSummary[] = entries.map((entry, i) => ({
          address: entry.address,
          label: entry.label !== undefined ? cleanLabel(entry.label) : defaults[i]!,
          kind: 'ledger',
          derivationPath: entry.derivationPath,
          createdAt,
        }));
        await file.write({
          ...data,
          accounts: [...data.accounts, ...added],
          current: added[0]?.address ?? data.current,
        });
        return added;
      });
    },

    importSecret(text, opts = {}) {
      return exclusive(async () => {
        await openData();
        const input = parseSecretInput(text);
        if (input.kind !== 'recovery-phrase') {
          // parseSecretInput has checked that the public half belongs to the private half.
          const address = addressOfSecretKey(input.secretKey);
          return addAccounts(
            [{ address, secretKey: input.secretKey, kind: input.kind }],
            opts.label,
          );
        }
        const entropy = phraseEntropy(input.phrase);
        try {
          const indexes = [...new Set(opts.accountIndexes ?? [0])];
          // A wallet without a phrase of its own adopts the first one imported without a
          // passphrase: Create account and Show recovery phrase then work from it.
          const adopt = !core.hasPhrase() && !opts.passphrase;
          const newKeys = adopt
            ? walletPhraseKeys(entropy, indexes)
            : importedPhraseKeys(input.phrase, indexes, opts.passphrase);
          return await addAccounts(newKeys, opts.label, adopt ? entropy : undefined);
        } finally {
          entropy.fill(0);
        }
      });
    },

    rename(address, label) {
      return exclusive(async () => {
        const clean = cleanLabel(label);
        const data = await openData();
        const account = data.accounts.find((a) => a.address === address);
        if (!account) throw states.notFound(address);
        const renamed = { ...account, label: clean };
        await file.write({
          ...data,
          accounts: data.accounts.map((a) => (a.address === address ? renamed : a)),
        });
        return renamed;
      });
    },

    remove(address) {
      return exclusive(async () => {
        const data = await openData();
        const account = data.accounts.find((a) => a.address === address);
        if (!account) throw states.notFound(address);
        const remaining = data.accounts.filter((a) => a.address !== address);
        if (remaining.length === 0) {
          // The last account: the wallet goes back to a fresh install (no password, no
          // phrase), so the next first account starts over. The Remove dialog warns first.
          const names = states.keychainAccounts(data).map((a) => a.address);
          await file.write({ version: 2, accounts: [], current: null, sealing: null });
          await keys.erase(names);
          drafts.wipe();
          return { accounts: [], current: null };
        }
        const next: AccountsFileData = {
          ...data,
          accounts: remaining,
          current: data.current === address ? (remaining[0]?.address ?? null) : data.current,
        };
        // File first, then the keychain: if the keychain refuses, the file is put back.
        await file.write(next);
        if (account.kind !== 'ledger') {
          try {
            await keys.remove(address);
          } catch (error) {
            await file.write(data).catch(() => undefined);
            throw error;
          }
        }
        return states.stateOf(next);
      });
    },

    select(address) {
      return exclusive(async () => {
        const data = await openData();
        if (!data.accounts.some((a) => a.address === address)) throw states.notFound(address);
        const next = { ...data, current: address };
        await file.write(next);
        return states.stateOf(next);
      });
    },
  };
}
