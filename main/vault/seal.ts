/**
 * Sealing: how a secret is kept in the OS keychain (issue 24). A key is derived from the
 * person's password with scrypt (node:crypto) and the secret is boxed with XSalsa20-Poly1305
 * (tweetnacl secretbox) under a fresh random nonce. A keychain item is one JSON text holding
 * only the parameters, the salt, the nonce and the ciphertext: without the password it is
 * useless to whoever reads the keyring.
 *
 * Why scrypt and not argon2id: scrypt is memory-hard too and ships inside Node and Electron
 * (node:crypto), so the app carries no native or WebAssembly KDF module that could fail to load
 * on a machine; at N = 2^17, r = 8, p = 1 each guess costs 128 MiB and a few hundred ms (measured
 * by bench/kdf.ts).
 *
 * The item's name (its keychain account) is sealed inside the box with the secret, so an item
 * copied over another account's entry fails to open instead of signing for the wrong address.
 */
import { randomBytes, scrypt } from 'node:crypto';
import nacl from 'tweetnacl';
import { WalletError } from '../shared/errors';

export interface KdfParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** The parameters of every item the app seals (issue 24: N = 2^17, r = 8, p = 1). */
export const SCRYPT_PARAMS: KdfParams = { N: 2 ** 17, r: 8, p: 1 };

/** What a keychain item holds: parameters, salt, nonce and ciphertext, nothing else. */
export interface SealedItem {
  v: 1;
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  nonce: string;
  box: string;
}

/** A key derived from a password, with what it was derived from. */
export interface SealKey {
  key: Uint8Array;
  salt: Uint8Array;
  params: KdfParams;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** Parameters outside these bounds are refused before any work: a changed item cannot make
 * the app allocate gigabytes or run for minutes. */
function paramsAllowed({ N, r, p }: KdfParams): boolean {
  const log = Math.log2(N);
  return Number.isInteger(log) && log >= 10 && log <= 20 && r >= 1 && r <= 16 && p >= 1 && p <= 4;
}

export function damagedItem(name: string): WalletError {
  return new WalletError(
    'VAULT_ITEM_DAMAGED',
    `The keychain entry "${name}" was changed outside Swapdesk and cannot be opened with your password. Nothing was signed or changed. If you have its recovery phrase or secret key, remove the account and import it again.`,
  );
}

/**
 * Derives the 32-byte secretbox key of `password` and `salt` (a fresh 16-byte salt when none
 * is given). Asynchronous: scrypt runs on libuv's thread pool, not on main's event loop.
 */
export async function deriveSealKey(
  password: string,
  salt: Uint8Array = randomBytes(16),
  params: KdfParams = SCRYPT_PARAMS,
): Promise<SealKey> {
  if (!paramsAllowed(params)) throw new RangeError('scrypt parameters out of bounds');
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      32,
      { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    ),
  );
  const bytes = new Uint8Array(key);
  key.fill(0);
  return { key: bytes, salt: Uint8Array.from(salt), params: { ...params } };
}

function framed(name: string, secret: Uint8Array): Uint8Array {
  const label = new TextEncoder().encode(name);
  const out = new Uint8Array(2 + label.length + secret.length);
  new DataView(out.buffer).setUint16(0, label.length);
  out.set(label, 2);
  out.set(secret, 2 + label.length);
  return out;
}

/** Seals `secret` as the keychain item `name`: the JSON text to store. */
export function sealItem(sealKey: SealKey, name: string, secret: Uint8Array): string {
  const nonce = nacl.randomBytes(nacl.secretbox.nonceLength);
  const plain = framed(name, secret);
  const box = nacl.secretbox(plain, nonce, sealKey.key);
  plain.fill(0);
  const item: SealedItem = {
    v: 1,
    kdf: 'scrypt',
    ...sealKey.params,
    salt: b64(sealKey.salt),
    nonce: b64(nonce),
    box: b64(box),
  };
  return JSON.stringify(item);
}

/** Parses an item's text; null when it is not a sealed item at all (e.g. a raw old secret). */
export function parseSealedItem(text: string): SealedItem | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const item = value as Partial<SealedItem> | null;
  if (
    !item ||
    item.v !== 1 ||
    item.kdf !== 'scrypt' ||
    ![item.N, item.r, item.p].every((n) => Number.isInteger(n)) ||
    ![item.salt, item.nonce, item.box].every((s) => typeof s === 'string')
  ) {
    return null;
  }
  return item as SealedItem;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Opens the item `name` with `sealKey`, answering its secret (the caller wipes it). When the
 * item's salt or parameters are not the key's, the key is derived again from `password` with
 * the item's own (a changed salt or parameter then fails like a changed ciphertext). Throws
 * VAULT_ITEM_DAMAGED when the item does not open: a changed item, or another password.
 */
export async function openItem(
  sealKey: SealKey,
  name: string,
  text: string,
  password?: string,
): Promise<Uint8Array> {
  const item = parseSealedItem(text);
  if (!item) throw damagedItem(name);
  const params = { N: item.N, r: item.r, p: item.p };
  if (!paramsAllowed(params)) throw damagedItem(name);
  const salt = unb64(item.salt);
  let key = sealKey;
  const same =
    sameBytes(salt, sealKey.salt) &&
    params.N === sealKey.params.N &&
    params.r === sealKey.params.r &&
    params.p === sealKey.params.p;
  if (!same) {
    if (password === undefined) throw damagedItem(name);
    key = await deriveSealKey(password, salt, params);
  }
  const nonce = unb64(item.nonce);
  const plain =
    nonce.length === nacl.secretbox.nonceLength
      ? nacl.secretbox.open(unb64(item.box), nonce, key.key)
      : null;
  if (!same) key.key.fill(0);
  if (!plain) throw damagedItem(name);
  const length = new DataView(plain.buffer, plain.byteOffset).getUint16(0);
  const sealedName = new TextDecoder().decode(plain.subarray(2, 2 + length));
  const secret = plain.slice(2 + length);
  plain.fill(0);
  if (sealedName !== name) {
    secret.fill(0);
    throw damagedItem(name);
  }
  return secret;
}
