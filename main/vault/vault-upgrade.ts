/**
 * Moving a vault of an earlier version over (issue 24): its keychain items hold raw base58
 * secret keys under the bare address. Every secret is read and checked first, then sealed as
 * generation 1 next to the raw items, then the accounts file is written as version 2 naming
 * generation 1 (the commit), and only then are the raw items deleted. Interrupted before the
 * commit, the wallet is still the old one and asks again; after it, the sealed one, and the raw
 * items left behind are deleted at the next unlock. Nothing is lost either way.
 */
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import type { Keychain } from '../keychain/keychain';
import { keychainUnavailable } from '../keychain/keychain-errors';
import { WalletError, isWalletError } from '../shared/errors';
import { shortAddress } from './account-labels';
import type { AccountsFile, AccountsFileData } from './accounts-file';
import { newVaultId, type SealedKeys } from './sealed-keys';
import { keychainAccounts } from './vault-state';

/** The raw secret of `address` in an old keychain entry, checked against the address. */
async function readRaw(keychain: Keychain, address: string): Promise<Uint8Array> {
  let stored: string | null;
  try {
    stored = await keychain.get(address);
  } catch (error) {
    throw isWalletError(error) ? error : keychainUnavailable(error);
  }
  const name = shortAddress(address);
  if (stored === null) {
    throw new WalletError(
      'KEYCHAIN_UNAVAILABLE',
      `Swapdesk could not read the secret key of ${name} from the system keychain (it is locked, or the entry was removed). Unlock the system keyring and try again. Nothing was changed.`,
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(stored);
  } catch {
    bytes = new Uint8Array(0);
  }
  const fits =
    bytes.length === 64 &&
    bs58.encode(bytes.subarray(32)) === address &&
    nacl.verify(nacl.sign.keyPair.fromSeed(bytes.subarray(0, 32)).publicKey, bytes.subarray(32));
  if (!fits) {
    bytes.fill(0);
    throw new WalletError(
      'INVALID_SECRET_KEY',
      `The keychain entry of ${name} is not its secret key (it was changed outside Swapdesk). Remove that account (import it again from your backup) and try again. Nothing was changed.`,
    );
  }
  return bytes;
}

/** Seals every secret of the old vault `data` with `password`; see the file comment. */
export async function upgradeVault(
  keychain: Keychain,
  keys: SealedKeys,
  file: AccountsFile,
  data: AccountsFileData,
  password: string,
): Promise<void> {
  const accounts = keychainAccounts(data);
  const raw = new Map<string, Uint8Array>();
  try {
    for (const account of accounts)
      raw.set(account.address, await readRaw(keychain, account.address));
    const sealing = { id: newVaultId(), generation: 1 };
    await keys.begin(password, sealing);
    for (const [address, secret] of raw) await keys.put(address, secret);
    await file.write({ ...data, version: 2, sealing });
  } catch (error) {
    keys.lock();
    throw error;
  } finally {
    for (const secret of raw.values()) secret.fill(0);
  }
  await Promise.all(accounts.map((a) => keychain.delete(a.address).catch(() => false)));
}
