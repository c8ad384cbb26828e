/**
 * The only code that turns a stored secret into a signature. It reads the account's secret
 * from the keychain for one signature, signs the exact bytes it is given with tweetnacl, and
 * wipes the decoded key. It is main-only and deliberately not a bridge method: the swap flow
 * binds it to approved review tickets, so the renderer can never ask it to "sign these bytes".
 */
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import type { Keychain } from '../keychain/keychain';
import { keychainUnavailable } from '../keychain/keychain-errors';
import { WalletError, isWalletError } from '../shared/errors';

export interface Signer {
  /** The 64-byte ed25519 signature of `message` by `address`. */
  signMessage(address: string, message: Uint8Array): Promise<Uint8Array>;
}

export interface SignerOptions {
  keychain: Keychain;
}

function missingSecret(address: string): WalletError {
  // A locked gnome-keyring answers "no entry" rather than failing, so both causes are named.
  return new WalletError(
    'KEYCHAIN_UNAVAILABLE',
    `Swapdesk could not read the secret key of ${address.slice(0, 4)}…${address.slice(-4)} from the system keychain: it is locked, or the entry was removed outside Swapdesk. Unlock the keychain and try again. Nothing was signed.`,
  );
}

/**
 * A signer over `keychain`. The secret arrives from keytar as a JS string, which cannot be
 * wiped; the decoded bytes are zeroed as soon as the signature exists (best effort: the GC may
 * already have copied them).
 *
 * @example
 * const signature = await createSigner({ keychain }).signMessage(address, messageBytes);
 */
export function createSigner({ keychain }: SignerOptions): Signer {
  return {
    async signMessage(address, message) {
      let stored: string | null;
      try {
        stored = await keychain.get(address);
      } catch (error) {
        throw isWalletError(error) ? error : keychainUnavailable(error);
      }
      if (stored === null) throw missingSecret(address);
      let secretKey: Uint8Array;
      try {
        secretKey = bs58.decode(stored);
      } catch {
        throw corrupt(address);
      }
      try {
        // The keychain is outside our control: refuse to sign with a key for another address.
        if (secretKey.length !== 64 || bs58.encode(secretKey.subarray(32)) !== address) {
          throw corrupt(address);
        }
        const check = nacl.sign.keyPair.fromSeed(secretKey.subarray(0, 32));
        const consistent = nacl.verify(check.publicKey, secretKey.subarray(32));
        check.secretKey.fill(0);
        if (!consistent) throw corrupt(address);
        return nacl.sign.detached(message, secretKey);
      } finally {
        secretKey.fill(0);
      }
    },
  };
}

function corrupt(address: string): WalletError {
  return new WalletError(
    'INVALID_SECRET_KEY',
    `The keychain entry of ${address.slice(0, 4)}…${address.slice(-4)} is not this account's secret key (it was changed outside Swapdesk). Remove the account and import it again from your backup. Nothing was signed.`,
  );
}
