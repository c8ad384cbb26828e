/**
 * A Ledger with the Solana app, as main uses it: which app is open, the addresses at paths,
 * and a signature of exactly the bytes it is given, checked before anyone sees it. Every call
 * opens the device, asks it which app is open (never guessed from status words), does its one
 * thing and closes it again, inside the one device queue. Main only: the renderer never
 * reaches a device, it calls the bridge methods of main/handlers/ledger.ts.
 */
import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { createDeviceQueue, type DeviceQueue, type DeviceTask } from './device-queue';
import {
  badSignature,
  classifyLedgerError,
  noAnswer,
  shortAddress,
  wrongApp,
  wrongDevice,
  type DeviceStage,
} from './ledger-errors';
import { solanaAppOn, type Transport } from './ledger-packages';
import { devicePath } from './ledger-paths';

export interface LedgerAppInfo {
  /** The Solana app's version, e.g. "1.4.1". */
  version: string;
  blindSigningEnabled: boolean;
}

export interface LedgerAddress {
  path: string;
  address: string;
}

export interface LedgerSignRequest {
  /** The account that must sign: the device's address at `path` must be this one. */
  address: string;
  /** `m/...`, as the vault stores it. */
  path: string;
  /** The serialized transaction message, exactly as reviewed. */
  message: Uint8Array;
}

export interface LedgerDevice {
  appInfo(): Promise<LedgerAppInfo>;
  addresses(paths: string[]): Promise<LedgerAddress[]>;
  /** The 64-byte signature of `message`, verified against it and the account's key. */
  sign(request: LedgerSignRequest): Promise<Uint8Array>;
  /** The request the device is showing now, if any (the review shows its message hash). */
  prompting(): DeviceTask | null;
}

export interface LedgerDeviceOptions {
  /** Opens the device: node-hid in the app, the simulated device in the web preview. */
  open: () => Promise<Transport>;
  /** Default real timers; tests pass their own. */
  wait?: (ms: number) => Promise<void>;
  /** How long a request without a prompt may take. Default 10 s. */
  answerTimeoutMs?: number;
  /** How long the person has to answer a prompt on the device. Default 120 s. */
  promptTimeoutMs?: number;
  queue?: DeviceQueue;
}

/** Base58 of the SHA-256 of `message`: what the Solana app shows when it blind-signs. */
export function ledgerMessageHash(message: Uint8Array): string {
  return bs58.encode(createHash('sha256').update(message).digest());
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/** The name and version of the app open on the device (the OS's GET_APP_AND_VERSION). */
async function openApp(transport: Transport): Promise<{ name: string; version: string }> {
  const answer = await transport.send(0xb0, 0x01, 0x00, 0x00);
  if (answer[0] !== 1) return { name: 'unknown', version: '' };
  const nameLength = answer[1] ?? 0;
  const name = answer.subarray(2, 2 + nameLength).toString('ascii');
  const versionLength = answer[2 + nameLength] ?? 0;
  const version = answer.subarray(3 + nameLength, 3 + nameLength + versionLength).toString('ascii');
  return { name, version };
}

/**
 * @example
 * const ledger = createLedgerDevice({ open: openNodeHidTransport });
 * const [{ address }] = await ledger.addresses(["m/44'/501'/0'/0'"]);
 */
export function createLedgerDevice(options: LedgerDeviceOptions): LedgerDevice {
  const wait = options.wait ?? realWait;
  const answerTimeoutMs = options.answerTimeoutMs ?? 10_000;
  const promptTimeoutMs = options.promptTimeoutMs ?? 120_000;
  const queue = options.queue ?? createDeviceQueue();

  /** Opens the device, checks the Solana app is open, runs `use`, closes it again. */
  async function session<T>(
    stage: DeviceStage,
    use: (transport: Transport, mark: (stage: DeviceStage) => void) => Promise<T>,
  ): Promise<T> {
    let transport: Transport;
    try {
      transport = await options.open();
    } catch (error) {
      throw classifyLedgerError(error, 'open');
    }
    // The Solana app turns status 0x6808 into a plain Error without its status: tap it here.
    let lastStatus: number | null = null;
    const exchange = transport.exchange.bind(transport);
    transport.exchange = async (apdu: Buffer) => {
      const answer = await exchange(apdu);
      lastStatus = answer.length >= 2 ? answer.readUInt16BE(answer.length - 2) : null;
      return answer;
    };
    let current: DeviceStage = 'app';
    try {
      const app = await openApp(transport);
      if (app.name !== 'Solana') throw wrongApp(app.name);
      current = stage;
      return await use(transport, (next) => (current = next));
    } catch (error) {
      throw classifyLedgerError(error, current, lastStatus);
    } finally {
      await transport.close().catch(() => undefined);
    }
  }

  /** `work`, or LEDGER_NO_ANSWER after `ms`; the queue stays held until `work` ends. */
  async function within<T>(work: Promise<T>, ms: number, stage: DeviceStage): Promise<T> {
    let timer = false;
    const late = wait(ms).then(() => {
      timer = true;
    });
    await Promise.race([
      work.then(
        () => undefined,
        () => undefined,
      ),
      late,
    ]);
    if (timer) {
      work.catch(() => undefined);
      throw noAnswer(stage, Math.round(ms / 1000));
    }
    return work;
  }

  function quick<T>(what: string, stage: DeviceStage, use: Parameters<typeof session<T>>[1]) {
    return within(
      queue.run({ what, prompt: false }, () => session(stage, use)),
      answerTimeoutMs,
      stage,
    );
  }

  async function addressAt(transport: Transport, path: string): Promise<string> {
    const { address } = await solanaAppOn(transport).getAddress(devicePath(path), false);
    return bs58.encode(address);
  }

  return {
    appInfo() {
      return quick('reading the Solana app settings', 'app', async (transport) => {
        const config = await solanaAppOn(transport).getAppConfiguration();
        return { version: config.version, blindSigningEnabled: config.blindSigningEnabled };
      });
    },

    addresses(paths) {
      return quick('reading addresses', 'address', async (transport) => {
        const found: LedgerAddress[] = [];
        for (const path of paths) found.push({ path, address: await addressAt(transport, path) });
        return found;
      });
    },

    sign({ address, path, message }) {
      const messageHash = ledgerMessageHash(message);
      const task: DeviceTask = {
        what: `signing a transaction for ${shortAddress(address)}`,
        prompt: true,
        signing: { account: address, messageHash },
      };
      const signed = queue.run(task, () =>
        session('address', async (transport, mark) => {
          // A different device, or the same one with another passphrase, has another key here.
          if ((await addressAt(transport, path)) !== address) throw wrongDevice(address, path);
          mark('sign');
          const { signature } = await solanaAppOn(transport).signTransaction(
            devicePath(path),
            Buffer.from(message),
          );
          return new Uint8Array(signature);
        }),
      );
      return within(signed, promptTimeoutMs, 'sign').then((signature) => {
        // Checked against the reviewed bytes and the account's key before anything is sent.
        const valid =
          signature.length === 64 &&
          nacl.sign.detached.verify(message, signature, bs58.decode(address));
        if (!valid) throw badSignature(address);
        return signature;
      });
    },

    prompting: () => queue.prompting(),
  };
}
