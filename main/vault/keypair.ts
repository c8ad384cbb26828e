/**
 * ed25519 keypairs as Solana uses them: a 64-byte secret key = 32-byte seed + 32-byte public
 * key, the address = base58 of the public key. tweetnacl does the curve work.
 */
import bs58 from 'bs58';
import nacl from 'tweetnacl';

export interface SolanaKeypair {
  /** Base58 public key. */
  address: string;
  /** seed (32) + public key (32), as Phantom, Solflare and the Solana CLI store it. */
  secretKey: Uint8Array;
}

/** The keypair of a 32-byte ed25519 seed. */
export function keypairFromSeed(seed: Uint8Array): SolanaKeypair {
  if (seed.length !== 32) throw new RangeError(`ed25519 seed must be 32 bytes, got ${seed.length}`);
  const pair = nacl.sign.keyPair.fromSeed(seed);
  return { address: bs58.encode(pair.publicKey), secretKey: pair.secretKey };
}

/** A new keypair from 32 random bytes (tweetnacl's CSPRNG: node:crypto randomBytes). */
export function generateKeypair(
  randomSeed: () => Uint8Array = () => nacl.randomBytes(32),
): SolanaKeypair {
  const seed = randomSeed();
  try {
    return keypairFromSeed(seed);
  } finally {
    seed.fill(0);
  }
}

/**
 * How a secret is stored in the keychain: base58 of the 64-byte secret key. It is the format
 * Phantom and Solflare export, so a person who opens their keyring (Seahorse, Keychain Access)
 * sees a string any Solana wallet can import: the keychain entry is itself a usable backup.
 */
export function encodeStoredSecret(secretKey: Uint8Array): string {
  return bs58.encode(secretKey);
}

/** Inverse of encodeStoredSecret; throws when the entry is not a valid 64-byte keypair. */
export function decodeStoredSecret(stored: string): Uint8Array {
  const bytes = bs58.decode(stored);
  if (bytes.length !== 64) {
    bytes.fill(0);
    throw new RangeError('keychain entry is not a 64-byte secret key');
  }
  return bytes;
}

/** The base58 address of a 64-byte secret key's public half. */
export function addressOfSecretKey(secretKey: Uint8Array): string {
  return bs58.encode(secretKey.subarray(32, 64));
}
