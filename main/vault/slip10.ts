/**
 * SLIP-0010 key derivation for ed25519 (https://github.com/satoshilabs/slips/blob/master/slip-0010.md),
 * the scheme Solana wallets use on a BIP39 seed with the path m/44'/501'/N'/0'. ed25519 only has
 * hardened children, so every path segment must be hardened. Built on node:crypto's HMAC-SHA512.
 */
import { createHmac } from 'node:crypto';

const HARDENED = 0x8000_0000;
const ED25519_CURVE_KEY = 'ed25519 seed';

/** A derived node: the 32-byte private key (the ed25519 seed) and the chain code. */
export interface Slip10Node {
  key: Uint8Array;
  chainCode: Uint8Array;
}

function hmacSha512(
  key: Uint8Array | string,
  data: Uint8Array,
): { left: Uint8Array; right: Uint8Array } {
  const digest = new Uint8Array(createHmac('sha512', key).update(data).digest());
  return { left: digest.slice(0, 32), right: digest.slice(32) };
}

/** The master node of a seed (16 to 64 bytes; a BIP39 seed is 64). */
export function slip10Master(seed: Uint8Array): Slip10Node {
  if (seed.length < 16 || seed.length > 64) {
    throw new RangeError(`SLIP-0010 seed must be 16 to 64 bytes, got ${seed.length}`);
  }
  const { left, right } = hmacSha512(ED25519_CURVE_KEY, seed);
  return { key: left, chainCode: right };
}

/** The hardened child `index` (given without the hardened bit) of `parent`. */
export function slip10Child(parent: Slip10Node, index: number): Slip10Node {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED) {
    throw new RangeError(`SLIP-0010 index must be an integer in [0, 2^31), got ${index}`);
  }
  const data = new Uint8Array(1 + 32 + 4);
  data[0] = 0;
  data.set(parent.key, 1);
  new DataView(data.buffer).setUint32(33, (index | HARDENED) >>> 0, false);
  const { left, right } = hmacSha512(parent.chainCode, data);
  data.fill(0);
  return { key: left, chainCode: right };
}

/**
 * Parses "m/44'/501'/0'/0'" into indexes without the hardened bit. Every segment must be
 * hardened (`'` or `h`), since ed25519 has no public derivation.
 */
export function parseHardenedPath(path: string): number[] {
  const parts = path.trim().split('/');
  if (parts[0] !== 'm') throw new RangeError(`derivation path must start with m/: ${path}`);
  return parts.slice(1).map((part) => {
    const match = /^(\d{1,10})['h]$/.exec(part);
    const index = match ? Number(match[1]) : NaN;
    if (!match || index >= HARDENED) {
      throw new RangeError(`every segment of an ed25519 path must be hardened (like 44'): ${path}`);
    }
    return index;
  });
}

/**
 * Derives the node at `path` from `seed`.
 *
 * @example
 * const { key } = slip10Derive(bip39Seed, "m/44'/501'/0'/0'"); // key = the account's ed25519 seed
 */
export function slip10Derive(seed: Uint8Array, path: string): Slip10Node {
  let node = slip10Master(seed);
  for (const index of parseHardenedPath(path)) {
    const child = slip10Child(node, index);
    node.key.fill(0);
    node.chainCode.fill(0);
    node = child;
  }
  return node;
}

/** The Solana BIP44 path of account `index`: m/44'/501'/index'/0' (Phantom, Solflare, CLI). */
export function solanaDerivationPath(index: number): string {
  return `m/44'/501'/${index}'/0'`;
}
