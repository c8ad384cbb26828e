/**
 * **Restore from recovery phrase** for a forgotten password (issue 24): the vault is replaced
 * by one sealed with a new password, holding what the phrase can bring back. The plan, shown
 * first, names every account it cannot: keys imported without a phrase, accounts of another
 * phrase. Ledger accounts stay (their keys are on the device). Like a password change, the new
 * generation is written beside the old one and the accounts file switches to it in one step.
 */
import type { AccountSummary } from '../../preload/api-types';
import type { Keychain } from '../keychain/keychain';
import type { AccountsFile, AccountsFileData } from './accounts-file';
import { newLabels } from './account-labels';
import { PHRASE_ITEM, itemName, newVaultId, type SealedKeys } from './sealed-keys';
import { accountIndexOf, deriveAccount, phraseEntropy } from './wallet-phrase';

export interface RestorePlan {
  /** Accounts the phrase brings back, and the Ledger accounts that stay. */
  keeps: AccountSummary[];
  /** Accounts that will be gone, each with why. */
  loses: { label: string; address: string; reason: string }[];
}

const NO_PHRASE = 'no recovery phrase: only its exported secret key can bring it back';
const OTHER_PHRASE = 'from another recovery phrase: import that phrase again to bring it back';

/** What restoring `phrase` over `data` keeps and loses (the entropy is wiped here). */
export function planRestore(data: AccountsFileData, phrase: string, now: Date): RestorePlan {
  const entropy = phraseEntropy(phrase);
  try {
    const keeps: AccountSummary[] = [];
    const loses: RestorePlan['loses'] = [];
    for (const account of data.accounts) {
      if (account.kind === 'ledger') {
        keeps.push(account);
        continue;
      }
      const index = accountIndexOf(account.derivationPath);
      const derived = index === null ? null : deriveAccount(entropy, index);
      derived?.secretKey.fill(0);
      if (derived && derived.address === account.address) {
        keeps.push({ ...account, walletPhrase: true });
      } else {
        const reason = account.kind === 'recovery-phrase' ? OTHER_PHRASE : NO_PHRASE;
        loses.push({ label: account.label, address: account.address, reason });
      }
    }
    if (!keeps.some((a) => a.walletPhrase)) {
      // Nothing of this wallet came from the phrase: its first account is added.
      const first = deriveAccount(entropy, 0);
      first.secretKey.fill(0);
      if (!keeps.some((a) => a.address === first.address)) {
        keeps.unshift({
          address: first.address,
          label: newLabels(keeps, 1)[0]!,
          kind: 'recovery-phrase',
          derivationPath: first.derivationPath,
          walletPhrase: true,
          createdAt: now.toISOString(),
        });
      }
    }
    return { keeps, loses };
  } finally {
    entropy.fill(0);
  }
}

/** Replaces the vault by what `phrase` brings back, sealed with `password`. */
export async function restoreVault(
  keychain: Keychain,
  keys: SealedKeys,
  file: AccountsFile,
  data: AccountsFileData,
  phrase: string,
  password: string,
  now: Date,
): Promise<RestorePlan> {
  const plan = planRestore(data, phrase, now);
  const entropy = phraseEntropy(phrase);
  const old = data.sealing;
  const sealing = { id: old?.id ?? newVaultId(), generation: (old?.generation ?? 0) + 1 };
  try {
    await keys.begin(password, sealing);
    await keys.put(PHRASE_ITEM, entropy);
    for (const account of plan.keeps) {
      const index = accountIndexOf(account.derivationPath);
      if (account.kind === 'ledger' || index === null) continue;
      const derived = deriveAccount(entropy, index);
      try {
        await keys.put(account.address, derived.secretKey);
      } finally {
        derived.secretKey.fill(0);
      }
    }
    const current = plan.keeps.some((a) => a.address === data.current)
      ? data.current
      : (plan.keeps[0]?.address ?? null);
    await file.write({ version: 2, accounts: plan.keeps, current, sealing });
  } catch (error) {
    keys.lock();
    throw error;
  } finally {
    entropy.fill(0);
  }
  const stale =
    old === null
      ? data.accounts.map((a) => a.address)
      : ['check', PHRASE_ITEM, ...data.accounts.map((a) => a.address)].map((n) => itemName(old, n));
  await Promise.all(stale.map((name) => keychain.delete(name).catch(() => false)));
  return plan;
}
