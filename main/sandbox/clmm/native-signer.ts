/**
 * Genesis keys that sign with Node's own ed25519 (OpenSSL) instead of web3.js's JavaScript one:
 * on a busy machine web3.js takes ~25 ms to make a key and ~50 ms to sign, and CLMM's genesis
 * makes a key per position and signs two dozen transactions, which was most of its time. The
 * signatures are the same ed25519 signatures; the VM verifies them as any other.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { PublicKey, type Transaction } from '@solana/web3.js';

/** A key made for genesis and then forgotten. */
export interface GenesisKey {
  publicKey: PublicKey;
  privateKey: KeyObject;
}

/** A fresh ed25519 key pair. */
export function genesisKey(): GenesisKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'jwk' }).x!;
  return { publicKey: new PublicKey(Buffer.from(raw, 'base64url')), privateKey };
}

/** Signs `tx` (fee payer and recent blockhash set) with every key, in the message's order. */
export function signNatively(tx: Transaction, keys: readonly GenesisKey[]): Uint8Array {
  const message = tx.serializeMessage();
  for (const key of keys) tx.addSignature(key.publicKey, sign(null, message, key.privateKey));
  // The keys above just made these signatures: checking them again in JavaScript is slow.
  return tx.serialize({ verifySignatures: false });
}
