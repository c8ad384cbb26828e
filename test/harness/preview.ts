/**
 * Starts the BUILT web preview (out/main/preview.js; scripts/test.mjs builds before the suites,
 * or run `npx electron-vite build`) in a fresh temporary data folder and waits for its ready
 * line. The environment is inherited, so the preview uses the test run's D-Bus session and
 * keychain daemon and records bridge responses to SWAPDESK_BRIDGE_TRANSCRIPT when set.
 *
 *   const preview = await startPreview();
 *   await page.goto(preview.url);   // http://127.0.0.1:P/#token=...
 *   ...
 *   await preview.stop();
 */
import { sandboxJupiterArgs } from '../fixtures/jupiter-program';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { seedFromGenesisTemplate } from './genesis-seed';
import { makeGenesis } from './sandbox-process';

export interface RunningPreview {
  /** The address to open, with the bridge token in the fragment. */
  url: string;
  /** http://127.0.0.1:P */
  origin: string;
  /** The per-run bridge token (for tests that call the bridge with fetch). */
  token: string;
  rpcUrl: string;
  swapApiUrl: string;
  dataDir: string;
  /** What the preview wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** SIGTERM (SIGKILL after 10 s), then removes the data folder if the harness made it. */
  stop(): Promise<void>;
}

export interface StartPreviewOptions {
  /** Reuse a data folder (e.g. to test a restart); a fresh temporary one by default. */
  dataDir?: string;
  /** Extra environment for the preview process. */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the ready line. */
  timeoutMs?: number;
  /** Extra command-line arguments, e.g. ['--swap-api-url', url] (tests of the guard). */
  args?: string[];
}

const repoRoot =
  process.env.SWAPDESK_REPO_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The slot time of a test's preview unless it passes its own `--slot-ms`: 150 ms rather than
 * mainnet's 400, so that a funding, a swap or a payment is confirmed in a few hundred
 * milliseconds instead of over a second (issue 36), while a blockhash still lives 22.5 s,
 * several times the seconds a test takes from quote to approve.
 */
export const PREVIEW_SLOT_MS = 150;

/** Path of the built preview; SWAPDESK_PREVIEW_JS overrides it (a build elsewhere). */
export function previewScript(): string {
  return process.env.SWAPDESK_PREVIEW_JS ?? join(repoRoot, 'out', 'main', 'preview.js');
}

/** Starts a preview; rejects with its stderr if it exits or is not ready in time. */
export async function startPreview(options: StartPreviewOptions = {}): Promise<RunningPreview> {
  const script = previewScript();
  if (!existsSync(script)) {
    throw new Error(`${script} is missing: build first (npx electron-vite build)`);
  }
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'swapdesk-preview-'));
  // A new data folder's sandbox starts from the run's genesis (genesis-template.ts).
  if (ownDir) await seedFromGenesisTemplate(join(dataDir, 'sandbox'), makeGenesis);
  // Jupiter's program on the preview's sandbox, as `npm start` runs it (none with
  // SWAPDESK_TEST_JUPITER_PROGRAM=none: the same suites then prove the sandbox without it).
  const extra = options.args ?? [];
  const jupiter = extra.includes('--jupiter-program') ? [] : sandboxJupiterArgs();
  const slots = extra.includes('--slot-ms') ? [] : ['--slot-ms', String(PREVIEW_SLOT_MS)];
  const args = [script, '--port', '0', '--data', dataDir, ...jupiter, ...slots, ...extra];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const ready = await new Promise<{ url: string; rpcUrl: string; swapApiUrl: string }>(
    (resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the preview was not ready in time; stderr:\n${stderr}`)),
        options.timeoutMs ?? 60_000,
      );
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        try {
          const value = JSON.parse(line) as {
            event?: string;
            url?: string;
            rpcUrl?: string;
            swapApiUrl?: string;
          };
          if (value.event === 'ready' && value.url && value.rpcUrl && value.swapApiUrl) {
            clearTimeout(timer);
            resolve({ url: value.url, rpcUrl: value.rpcUrl, swapApiUrl: value.swapApiUrl });
          }
        } catch {
          // Not the ready line.
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(
            `the preview exited (${signal ?? code}) before it was ready; stderr:\n${stderr}`,
          ),
        );
      });
    },
  ).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  const url = new URL(ready.url);
  return {
    url: ready.url,
    origin: url.origin,
    token: new URLSearchParams(url.hash.slice(1)).get('token') ?? '',
    rpcUrl: ready.rpcUrl,
    swapApiUrl: ready.swapApiUrl,
    dataDir,
    stderr: () => stderr,
    stop,
  };
}
