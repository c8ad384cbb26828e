/**
 * The sealed half of the vault: keychain items of one generation, and the secrets opened from
 * them, which live only here, in main's memory, while the wallet is unlocked (issue 24).
 *
 * Item names: `g<N>:check` (a known text, to tell a wrong password from a damaged item),
 * `g<N>:phrase` (the wallet's recovery phrase, as its BIP39 entropy) and `g<N>:<address>` (an
 * account's 64-byte secret key). Every item of a generation shares one salt, so unlocking costs
 * one scrypt however many accounts there are; each item still carries its salt and parameters.
 * A new password, an upgrade or a restore writes a whole new generation next to the old one;
 * the accounts file then names the new generation (the commit), and only after that are the old
 * items deleted. Whatever is interrupted, one complete generation is named by the file.
 *
 * Locking overwrites every opened secret and the derived key with zeros.
 */
import { randomBytes } from 'node:crypto';
import type { Keychain } from '../keychain/keychain';
import { keychainUnavailable } from '../keychain/keychain-errors';
import { WalletError, isWalletError } from '../shared/errors';
import {
  SCRYPT_PARAMS,
  damagedItem,
  deriveSealKey,
  openItem,
  parseSealedItem,
  sealItem,
  type KdfParams,
  type SealKey,
} from './seal';

const CHECK_TEXT = new TextEncoder().encode('swapdesk vault check v1');
export const PHRASE_ITEM = 'phrase';
const CHECK_ITEM = 'check';

/**
 * Which items are in use: the vault's own id (random, so two data folders on one keychain
 * service, like two web previews, never share an item) and the generation.
 */
export interface Sealing {
  id: string;
  generation: number;
}

export const itemName = (sealing: Sealing, name: string) =>
  `${sealing.id}.g${sealing.generation}:${name}`;

/** A new vault's id: 12 hex characters. */
export function newVaultId(): string {
  return randomBytes(6).toString('hex');
}

const nextOf = (s: Sealing, step: number): Sealing => ({
  id: s.id,
  generation: s.generation + step,
});

/** What is open while unlocked. */
interface Session {
  sealing: Sealing;
  sealKey: SealKey;
  /** Secrets by item name (an address, or 'phrase'). */
  secrets: Map<string, Uint8Array>;
}

export interface SealedKeys {
  isOpen(): boolean;
  /** Starts `sealing` with `password`: writes its check item, opens it. */
  begin(password: string, sealing: Sealing): Promise<void>;
  /** Opens `sealing` with `password`; WRONG_PASSWORD when it does not open. */
  unlock(password: string, sealing: Sealing, names: string[]): Promise<void>;
  /** True when `password` is the one the open generation was sealed with. */
  verify(password: string): Promise<boolean>;
  /** Seals `secret` as item `name` of the open generation, and keeps a copy open. */
  put(name: string, secret: Uint8Array): Promise<void>;
  /** Deletes item `name` of the open generation (and its open copy); false when none. */
  remove(name: string): Promise<boolean>;
  /** A copy of the open secret `name` (the caller wipes it); null when there is none. */
  copy(name: string): Uint8Array | null;
  /** Names of the open secrets. */
  names(): string[];
  /**
   * Writes every open secret again under generation+1 with `password` (a fresh salt), then
   * calls `commit` (the accounts file write), then deletes the old items. If anything before
   * `commit` fails, the new items are deleted again and the open generation stays.
   */
  reseal(password: string, commit: (sealing: Sealing) => Promise<void>): Promise<void>;
  /** Deletes what earlier interrupted steps may have left: other generations, raw items. */
  sweep(names: string[]): Promise<void>;
  /** Deletes every item of the open generation and locks (the last account was removed). */
  erase(names: string[]): Promise<void>;
  /** Overwrites every open secret and the key with zeros. */
  lock(): void;
}

export interface SealedKeysOptions {
  keychain: Keychain;
  /** scrypt parameters of new items (tests pass cheaper ones; the app never does). */
  kdf?: KdfParams;
  /** TESTS ONLY: told about every buffer opened here, to check that lock zeroes them all. */
  onOpen?: (buffer: Uint8Array) => void;
}

function wrong(): WalletError {
  return new WalletError(
    'WRONG_PASSWORD',
    'That password does not open this wallet. Check Caps Lock and the keyboard layout, and try again.',
  );
}

function locked(): WalletError {
  return new WalletError('LOCKED', 'Swapdesk is locked. Unlock it with your password first.');
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw isWalletError(error) ? error : keychainUnavailable(error);
  }
}

function wipe(session: Session | null): void {
  if (!session) return;
  session.sealKey.key.fill(0);
  for (const secret of session.secrets.values()) secret.fill(0);
  session.secrets.clear();
}

/** @example const keys = createSealedKeys({ keychain }); await keys.unlock(password, 1, names); */
export function createSealedKeys(options: SealedKeysOptions): SealedKeys {
  const { keychain } = options;
  const kdf = options.kdf ?? SCRYPT_PARAMS;
  let session: Session | null = null;
  const seen = options.onOpen ?? (() => undefined);
  function held(buffer: Uint8Array): Uint8Array {
    seen(buffer);
    return buffer;
  }

  function open(): Session {
    if (!session) throw locked();
    return session;
  }

  async function writeItem(s: Session, name: string, secret: Uint8Array) {
    const full = itemName(s.sealing, name);
    await guarded(() => keychain.set(full, sealItem(s.sealKey, full, secret)));
  }

  return {
    isOpen: () => session !== null,

    async begin(password, sealing) {
      const sealKey = await deriveSealKey(password, undefined, kdf);
      held(sealKey.key);
      const next: Session = { sealing, sealKey, secrets: new Map() };
      await writeItem(next, CHECK_ITEM, CHECK_TEXT);
      wipe(session);
      session = next;
    },

    async unlock(password, sealing, names) {
      const checkName = itemName(sealing, CHECK_ITEM);
      const text = await guarded(() => keychain.get(checkName));
      if (text === null) {
        throw new WalletError(
          'VAULT_ITEM_DAMAGED',
          `The system keychain has no entry "${checkName}" for this wallet: the keyring is locked, was reset, or the entry was removed outside Swapdesk. Unlock the system keyring and try again, or use Restore from recovery phrase.`,
        );
      }
      const item = parseSealedItem(text);
      if (!item) throw damagedItem(checkName);
      const salt = new Uint8Array(Buffer.from(item.salt, 'base64'));
      let sealKey: SealKey;
      try {
        sealKey = await deriveSealKey(password, salt, { N: item.N, r: item.r, p: item.p });
      } catch {
        throw damagedItem(checkName);
      }
      try {
        (await openItem(sealKey, checkName, text)).fill(0);
      } catch {
        sealKey.key.fill(0);
        throw wrong();
      }
      held(sealKey.key);
      const next: Session = { sealing, sealKey, secrets: new Map() };
      try {
        for (const name of names) {
          const full = itemName(sealing, name);
          const stored = await guarded(() => keychain.get(full));
          if (stored === null) continue; // missing: signing says so for that account
          next.secrets.set(name, held(await openItem(sealKey, full, stored, password)));
        }
      } catch (error) {
        wipe(next);
        throw error;
      }
      wipe(session);
      session = next;
    },

    async verify(password) {
      const s = open();
      const again = await deriveSealKey(password, s.sealKey.salt, s.sealKey.params);
      let diff = again.key.length ^ s.sealKey.key.length;
      again.key.forEach((byte, i) => (diff |= byte ^ (s.sealKey.key[i] ?? 0)));
      again.key.fill(0);
      return diff === 0;
    },

    async put(name, secret) {
      const s = open();
      await writeItem(s, name, secret);
      s.secrets.get(name)?.fill(0);
      s.secrets.set(name, held(Uint8Array.from(secret)));
    },

    async remove(name) {
      const s = open();
      const deleted = await guarded(() => keychain.delete(itemName(s.sealing, name)));
      s.secrets.get(name)?.fill(0);
      s.secrets.delete(name);
      return deleted;
    },

    copy(name) {
      const secret = open().secrets.get(name);
      return secret ? Uint8Array.from(secret) : null;
    },

    names: () => [...open().secrets.keys()],

    async reseal(password, commit) {
      const s = open();
      const sealing = nextOf(s.sealing, 1);
      const next: Session = {
        sealing,
        sealKey: await deriveSealKey(password, undefined, kdf).then((k) => (held(k.key), k)),
        secrets: new Map(
          [...s.secrets].map(([name, secret]) => [name, held(Uint8Array.from(secret))]),
        ),
      };
      const written: string[] = [];
      try {
        for (const [name, secret] of [['check', CHECK_TEXT] as const, ...next.secrets]) {
          await writeItem(next, name, secret);
          written.push(name);
        }
        await commit(sealing);
      } catch (error) {
        await Promise.all(
          written.map((name) => keychain.delete(itemName(sealing, name)).catch(() => false)),
        );
        wipe(next);
        throw error;
      }
      const old = [CHECK_ITEM, ...s.secrets.keys()];
      wipe(session);
      session = next;
      await Promise.all(
        old.map((name) => keychain.delete(itemName(s.sealing, name)).catch(() => false)),
      );
    },

    async sweep(names) {
      const s = open();
      const all = [CHECK_ITEM, PHRASE_ITEM, ...names];
      const stale = [
        ...names, // raw secrets of an interrupted upgrade
        ...all.map((name) => itemName(nextOf(s.sealing, -1), name)),
        ...all.map((name) => itemName(nextOf(s.sealing, 1), name)),
      ];
      await Promise.all(stale.map((name) => keychain.delete(name).catch(() => false)));
    },

    async erase(names) {
      const s = open();
      const all = [CHECK_ITEM, PHRASE_ITEM, ...names];
      await Promise.all(
        all.map((name) => keychain.delete(itemName(s.sealing, name)).catch(() => false)),
      );
      wipe(session);
      session = null;
    },

    lock() {
      wipe(session);
      session = null;
    },
  };
}
