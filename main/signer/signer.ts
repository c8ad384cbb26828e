/**
 * The only code that turns a secret into a signature. The account's secret key is open in main's
 * memory only while the wallet is unlocked (main/vault/sealed-keys.ts, issue 24): the signer
 * takes a copy for one signature, checks it is this address's key, signs the exact bytes it is
 * given with tweetnacl, and wipes the copy. It is main-only and deliberately not a bridge
 * method: the swap flow binds it to approved review tickets, so the renderer can never ask it
 * to "sign these bytes".
 */
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { WalletError } from '../shared/errors';

export interface Signer {
  /** The 64-byte ed25519 signature of `message` by `address`. */
  signMessage(address: string, message: Uint8Array): Promise<Uint8Array>;
}

export interface SignerOptions {
  /**
   * A copy of the open secret key of `address` (the vault's secretKeyOf): throws LOCKED while
   * the wallet is locked, KEYCHAIN_UNAVAILABLE when the key could not be opened.
   */
  secretKeyOf: (address: string) => Uint8Array;
}

/**
 * A signer over the vault's open keys.
 *
 * @example
 * const signature = await createSigner({ secretKeyOf: vault.secretKeyOf }).signMessage(address, bytes);
 */
export function createSigner({ secretKeyOf }: SignerOptions): Signer {
  return {
    async signMessage(address, message) {
      const secretKey = secretKeyOf(address);
      try {
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
