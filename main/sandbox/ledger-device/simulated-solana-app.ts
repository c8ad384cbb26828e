/**
 * A Ledger with the Solana app, simulated at the APDU level: a sandbox device. It holds the
 * Ledger emulator's default seed (so it answers Ledger's own recorded exchanges byte for byte),
 * takes a signing payload in 255-byte chunks, applies the app's clear-sign rule, and answers
 * with the status words a real device answers: 0x5515 locked, 0x6808 blind signing required,
 * 0x6985 refused by the person, 0x6e00 on the dashboard or in another app. The web preview may
 * plug it in (--ledger-simulator); the desktop app never loads it.
 */
import { mnemonicToSeedSync } from '@scure/bip39';
import nacl from 'tweetnacl';
import { slip10Derive } from '../../vault/slip10';
import { canClearSign } from './clear-sign-rule';

/**
 * The seed every Ledger emulator (Speculos) starts with, and the one ledger-live's Solana
 * recordings were made on. Public test data: it guards nothing.
 */
export const EMULATOR_SEED_PHRASE =
  'glory promote mansion idle axis finger extra february uncover one trip resource lawn turtle enact monster seven myth punch hobby comfort wild raise skin';

/** What the screen of the device shows. */
export type DeviceScreen = 'solana' | 'dashboard' | 'locked' | { app: string };

/** What the person does with a prompt on the device. */
export type DeviceAnswer = 'approve' | 'reject';

export interface SignPrompt {
  kind: 'transaction' | 'off-chain message' | 'address';
  path: string;
  /** The bytes to sign (empty for an address). */
  message: Uint8Array;
  /** Whether the app could show it in full (false: it shows the message hash). */
  clear: boolean;
}

export interface SimulatedAppOptions {
  seedPhrase?: string;
  /** Default "1.0.6", the version of ledger-live's recordings. */
  version?: string;
  blindSigning?: boolean;
  screen?: DeviceScreen;
  /** The person at the device. Default: approves at once. */
  answer?: (prompt: SignPrompt) => Promise<DeviceAnswer>;
}

export interface SimulatedSolanaApp {
  /** One APDU in, the answer with its status word out. */
  exchange(apdu: Uint8Array): Promise<Uint8Array>;
  settings: Required<Omit<SimulatedAppOptions, 'seedPhrase'>>;
}

const SW = {
  OK: 0x9000,
  LOCKED: 0x5515,
  BLIND_SIGNING_REQUIRED: 0x6808,
  REFUSED: 0x6985,
  INVALID_DATA: 0x6a80,
  INS_NOT_SUPPORTED: 0x6d00,
  CLA_NOT_SUPPORTED: 0x6e00,
} as const;

const P2_EXTEND = 0x01;
const P2_MORE = 0x02;
const HARDENED = 0x8000_0000;

function reply(status: number, data: Uint8Array = new Uint8Array()): Uint8Array {
  const out = new Uint8Array(data.length + 2);
  out.set(data);
  out[data.length] = status >> 8;
  out[data.length + 1] = status & 0xff;
  return out;
}

function ascii(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** GET_APP_AND_VERSION's answer: format 1, name, version, flags. */
function appAndVersion(name: string, version: string): Uint8Array {
  const n = ascii(name);
  const v = ascii(version);
  return reply(SW.OK, Uint8Array.from([1, n.length, ...n, v.length, ...v, 1, 0]));
}

/** A serialized path (count, then big-endian hardened indexes) as `m/44'/501'/...`. */
function readPath(data: Uint8Array): { path: string; length: number } | null {
  const count = data[0];
  if (count === undefined || count < 1 || count > 5 || data.length < 1 + count * 4) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const segments: string[] = [];
  for (let i = 0; i < count; i++) {
    // The app promotes every index to hardened (SLIP-0010 on ed25519 has no other kind).
    segments.push(`${(view.getUint32(1 + i * 4) & ~HARDENED) >>> 0}'`);
  }
  return { path: `m/${segments.join('/')}`, length: 1 + count * 4 };
}

/**
 * @example
 * const app = createSimulatedSolanaApp({ blindSigning: true });
 * const answer = await app.exchange(Buffer.from('e004000000', 'hex')); // 01 00 01 00 06 90 00
 */
export function createSimulatedSolanaApp(options: SimulatedAppOptions = {}): SimulatedSolanaApp {
  const seed = mnemonicToSeedSync(options.seedPhrase ?? EMULATOR_SEED_PHRASE);
  const settings: SimulatedSolanaApp['settings'] = {
    version: options.version ?? '1.0.6',
    blindSigning: options.blindSigning ?? false,
    screen: options.screen ?? 'solana',
    answer: options.answer ?? (async () => 'approve'),
  };
  let pending: { ins: number; bytes: Uint8Array } | null = null;

  function keyPairAt(path: string): nacl.SignKeyPair {
    const node = slip10Derive(seed, path);
    const pair = nacl.sign.keyPair.fromSeed(node.key);
    node.key.fill(0);
    node.chainCode.fill(0);
    return pair;
  }

  async function sign(ins: number, payload: Uint8Array): Promise<Uint8Array> {
    // Payload: number of signers (the app takes 1), the path, then the bytes to sign.
    if (payload[0] !== 1) return reply(SW.INVALID_DATA);
    const read = readPath(payload.subarray(1));
    if (!read) return reply(SW.INVALID_DATA);
    const message = payload.slice(1 + read.length);
    const offChain = ins === 0x07;
    const clear = offChain || canClearSign(message);
    if (!clear && !settings.blindSigning) return reply(SW.BLIND_SIGNING_REQUIRED);
    const kind = offChain ? 'off-chain message' : 'transaction';
    const answer = await settings.answer({ kind, path: read.path, message, clear });
    if (answer !== 'approve') return reply(SW.REFUSED);
    const pair = keyPairAt(read.path);
    const signature = nacl.sign.detached(message, pair.secretKey);
    pair.secretKey.fill(0);
    return reply(SW.OK, signature);
  }

  async function exchange(apdu: Uint8Array): Promise<Uint8Array> {
    const screen = settings.screen;
    if (screen === 'locked') return reply(SW.LOCKED);
    const [cla, ins, p1, p2, lc] = apdu;
    if (cla === undefined || ins === undefined || p1 === undefined || p2 === undefined) {
      return reply(SW.INVALID_DATA);
    }
    const data = apdu.subarray(5, 5 + (lc ?? 0));
    if (cla === 0xb0 && ins === 0x01) {
      if (screen === 'solana') return appAndVersion('Solana', settings.version);
      if (screen === 'dashboard') return appAndVersion('BOLOS', '2.2.3');
      return appAndVersion(screen.app, '1.0.0');
    }
    if (screen !== 'solana') return reply(SW.CLA_NOT_SUPPORTED);
    if (cla !== 0xe0) return reply(SW.CLA_NOT_SUPPORTED);
    switch (ins) {
      case 0x04: {
        const [major, minor, patch] = settings.version.split('.').map(Number);
        return reply(
          SW.OK,
          Uint8Array.from([settings.blindSigning ? 1 : 0, 0, major ?? 0, minor ?? 0, patch ?? 0]),
        );
      }
      case 0x05: {
        const read = readPath(data);
        if (!read) return reply(SW.INVALID_DATA);
        if (p1 === 1) {
          const shown = {
            kind: 'address' as const,
            path: read.path,
            message: new Uint8Array(),
            clear: true,
          };
          if ((await settings.answer(shown)) !== 'approve') return reply(SW.REFUSED);
        }
        const pair = keyPairAt(read.path);
        pair.secretKey.fill(0);
        return reply(SW.OK, pair.publicKey);
      }
      case 0x06:
      case 0x07: {
        // Chunks of at most 255 bytes: P2_MORE while more follow, P2_EXTEND on every chunk after
        // the first. A first chunk (no P2_EXTEND) starts a new payload.
        const previous = (p2 & P2_EXTEND) !== 0 && pending?.ins === ins ? pending.bytes : null;
        if ((p2 & P2_EXTEND) !== 0 && !previous) return reply(SW.INVALID_DATA);
        const bytes = previous ? Uint8Array.from([...previous, ...data]) : Uint8Array.from(data);
        if ((p2 & P2_MORE) !== 0) {
          pending = { ins, bytes };
          return reply(SW.OK);
        }
        pending = null;
        return sign(ins, bytes);
      }
      default:
        return reply(SW.INS_NOT_SUPPORTED);
    }
  }

  return { exchange, settings };
}
