/**
 * The web preview: `node out/main/preview.js [--port P] [--data DIR] [--api-shape v6|v1|v2]
 * [--rate-limit N] [--ledger-simulator] [--jupiter-fee by-pair|none] [--slot-ms MS]
 * [--swap-api-url URL]` (`--api-shape`, `--rate-limit`, `--jupiter-fee` and `--slot-ms` go to
 * its sandbox: the swap API in the swap/v1 or Swap API v2 shape, a gateway-style rate limit,
 * Jupiter's own /order fee by pair, the slot time (tests of blockhash expiry pass less than
 * mainnet's 400 ms so that 150 blocks pass in seconds, not a minute);
 * `--ledger-simulator` plugs in the sandbox's simulated Ledger, see
 * main/sandbox/ledger-device/simulator-settings.ts; `--swap-api-url` is for tests only: see
 * readOptions).
 *
 * Serves the built renderer on 127.0.0.1 with `window.wallet` backed by the real main-process
 * handlers over the loopback bridge, on the sandbox network only (it starts its own sandbox
 * process, state in DIR/sandbox), with its own keychain service ('swapdesk-preview') and data
 * folder (default `<appData>/Swapdesk-preview`), never the app's. When ready it prints one JSON
 * line on stdout: {"event":"ready","url":...,"rpcUrl":...,"swapApiUrl":...}; everything else
 * goes to stderr. SIGTERM or SIGINT stops the sandbox and exits.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CreatedSecret } from '../vault';
import { readAppVersion } from '../app/app-version';
import { composeApp } from '../app/compose';
import { previewDataDir } from '../app/data-dirs';
import type { ResponseObserver } from '../bridge/registry';
import { sandboxNetwork } from '../network/presets';
import { startSandboxProcess, type SandboxProcess } from '../network/sandbox-process';
import { simulatedLedgerOpener } from '../sandbox/ledger-device/simulator-settings';
import { startPreviewServer, type PreviewServer } from './preview-server';

export const PREVIEW_KEYCHAIN_SERVICE = 'swapdesk-preview';

function fail(message: string): never {
  console.error(`[preview] ${message}`);
  process.exit(1);
}

interface PreviewOptions {
  port: number;
  dataDir: string;
  swapApiUrl: string | undefined;
  /** Passed to the sandbox process. */
  sandboxArgs: string[];
  /** The sandbox's simulated Ledger instead of node-hid (issue 17). */
  ledgerSimulator: boolean;
}

function readOptions(): PreviewOptions {
  let values: {
    port?: string;
    data?: string;
    'swap-api-url'?: string;
    'api-shape'?: string;
    'rate-limit'?: string;
    'ledger-simulator'?: boolean;
    'jupiter-program'?: string;
    'jupiter-fee'?: string;
    'slot-ms'?: string;
  };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        'swap-api-url': { type: 'string' },
        'api-shape': { type: 'string' },
        'rate-limit': { type: 'string' },
        'ledger-simulator': { type: 'boolean' },
        'jupiter-program': { type: 'string' },
        'jupiter-fee': { type: 'string' },
        'slot-ms': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(
      `${(error as Error).message}\nusage: node out/main/preview.js [--port P] [--data DIR] [--api-shape v6|v1|v2] [--rate-limit N] [--ledger-simulator] [--jupiter-program FILE] [--jupiter-fee by-pair|none] [--slot-ms MS] [--swap-api-url URL]`,
    );
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be 0..65535');
  const swapApiUrl = values['swap-api-url'];
  // TEST ONLY (end-to-end tests of the guard): the sandbox network's swap API replaced by a
  // server on this computer, e.g. a proxy in front of the sandbox's /v6 that tampers with
  // /swap answers. Loopback only, so the preview can never be pointed at a remote service.
  if (swapApiUrl !== undefined && !/^http:\/\/127\.0\.0\.1:\d+\//.test(swapApiUrl)) {
    fail('--swap-api-url (tests only) must be an http://127.0.0.1:PORT/... address');
  }
  const shape = values['api-shape'];
  if (shape !== undefined && shape !== 'v6' && shape !== 'v1' && shape !== 'v2') {
    fail('--api-shape must be v6, v1 or v2');
  }
  const rate = values['rate-limit'];
  const jupiter = values['jupiter-program'];
  const jupiterFee = values['jupiter-fee'];
  if (rate !== undefined && !/^\d+$/.test(rate)) fail('--rate-limit must be a whole number');
  const slotMs = values['slot-ms'];
  if (slotMs !== undefined && !/^[1-9]\d*$/.test(slotMs)) {
    fail('--slot-ms must be a whole number of milliseconds, at least 1');
  }
  const sandboxArgs = [
    ...(shape === undefined ? [] : ['--api-shape', shape]),
    ...(rate === undefined ? [] : ['--rate-limit', rate]),
    // Jupiter's program for the sandbox (a path, resolved here: the sandbox runs elsewhere).
    ...(jupiter === undefined
      ? []
      : ['--jupiter-program', jupiter === 'none' ? 'none' : resolve(jupiter)]),
    // Jupiter's own /order fee by pair (the sandbox checks it goes with v2 and the program).
    ...(jupiterFee === undefined ? [] : ['--jupiter-fee', jupiterFee]),
    ...(slotMs === undefined ? [] : ['--slot-ms', slotMs]),
  ];
  return {
    port,
    dataDir: resolve(values.data ?? previewDataDir()),
    swapApiUrl,
    sandboxArgs,
    ledgerSimulator: values['ledger-simulator'] === true,
  };
}

/**
 * Test runs only (SWAPDESK_BRIDGE_TRANSCRIPT, set by scripts/test.mjs): every bridge response
 * is appended to that file, so the leak check can prove no secret ever crossed the bridge.
 */
function transcriptObserver(): ResponseObserver | undefined {
  const file = process.env.SWAPDESK_BRIDGE_TRANSCRIPT;
  if (!file) return undefined;
  return (method, result) =>
    appendFileSync(file, `${JSON.stringify({ method, result })}\n`, { mode: 0o600 });
}

/**
 * Test runs only (SWAPDESK_SECRETS_LOG): keys the vault generates inside the preview are
 * recorded in the secrets log format of test/harness/secrets-log.ts, so the leak check also
 * looks for keys, recovery phrases and passwords a test never saw (those of "Create wallet"). The preview holds sandbox keys
 * only, and the Electron app has no such hook.
 */
function secretsRecorder(): ((secret: CreatedSecret) => void) | undefined {
  const file = process.env.SWAPDESK_SECRETS_LOG;
  if (!file) return undefined;
  return (secret) =>
    appendFileSync(file, `${JSON.stringify({ kind: secret.kind, value: secret.value })}\n`, {
      mode: 0o600,
    });
}

async function main(): Promise<void> {
  const { port, dataDir, swapApiUrl, sandboxArgs, ledgerSimulator } = readOptions();
  const here = dirname(fileURLToPath(import.meta.url));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  let sandbox: SandboxProcess | null = null;
  let server: PreviewServer | null = null;
  let stopping = false;
  const shutdown = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await server?.close().catch(() => undefined);
    await sandbox?.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGINT', () => void shutdown(0));

  try {
    sandbox = await startSandboxProcess({
      execPath: process.execPath,
      scriptPath: join(here, 'sandbox.js'),
      stateDir: join(dataDir, 'sandbox'),
      args: sandboxArgs,
    });
  } catch (error) {
    fail(`the sandbox network did not start: ${(error as Error).message}`);
  }
  if (stopping) return;
  const network = sandboxNetwork({
    rpcUrl: sandbox.rpcUrl,
    swapApiUrl: swapApiUrl ?? sandbox.swapApiUrl,
  });
  const recorder = secretsRecorder();
  const { handlers } = composeApp({
    keychainService: PREVIEW_KEYCHAIN_SERVICE,
    dataDir,
    network,
    shell: 'web-preview',
    version: readAppVersion(join(here, '..', '..')),
    ...(recorder ? { onSecretCreated: recorder } : {}),
    ...(ledgerSimulator ? { openLedger: simulatedLedgerOpener(dataDir) } : {}),
  });
  const observer = transcriptObserver();
  server = await startPreviewServer({
    rendererDir: join(here, '..', 'renderer'),
    handlers,
    port,
    ...(observer ? { onResponse: observer } : {}),
  });
  const ready = {
    event: 'ready',
    url: server.url,
    rpcUrl: network.rpcUrl,
    swapApiUrl: network.swapApiUrl,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  console.error(`[preview] Swapdesk web preview (sandbox network) at ${server.url}`);
  console.error(`[preview] data folder ${dataDir}; stop with Ctrl+C`);
  if (ledgerSimulator) console.error('[preview] simulated Ledger plugged in (--ledger-simulator)');
}

main().catch((error: unknown) =>
  fail(`could not start: ${(error as Error).message ?? String(error)}`),
);
