/**
 * The sandbox network as a program: `node out/main/sandbox.js [--port P] [--state DIR] [--reset]
 * [--slot-ms MS] [--api-shape v6|v1|v2] [--rate-limit N] [--jupiter-program FILE]` (`npm run
 * sandbox -- ...`, or
 * `node --import tsx main/sandbox/cli.ts ...`).
 *
 * - `--port` defaults to 8899 (a local validator's); 0 picks a free port.
 * - `--state` defaults to the app's data folder + /sandbox; `--reset` starts from genesis.
 * - `--slot-ms` is the slot time, 400 ms like mainnet; tests pass a few ms so that 150 blocks of
 *   blockhash expiry take a second, not a minute.
 * - `--api-shape v1` serves the swap API in today's swap/v1 shape at `/swap/v1` (and announces
 *   that URL); `--api-shape v2` today's Swap API v2 (/build, /order, /execute) at `/swap/v2`
 *   (swap-api/v2-shape.ts); the default `v6` is the spec's shape at `/v6` (swap-api/v1-shape.ts).
 * - `--rate-limit N` answers more than N swap API requests a second with the gateway's 429.
 * - `--jupiter-program FILE` loads Jupiter's aggregator binary at its mainnet id, so every swap
 *   the API answers is one Jupiter route (jupiter/); `none` or no option: the sandbox without it.
 * - `--jupiter-fee by-pair` (v2 shape, with Jupiter's program): /order charges Jupiter's own
 *   platform fee by pair when no referral fee applies, as mainnet does (swap-api/v2-order.ts);
 *   `none` (the default): no fee but the integrator's.
 *
 * It binds 127.0.0.1 only, prints one JSON line on stdout when ready
 * (`{"event":"ready","rpcUrl":...,"swapApiUrl":...,"wsUrl":...}`, the PubSub WebSocket API at the
 * RPC port + 1), logs to stderr, and on SIGTERM/SIGINT
 * stops accepting requests, writes a snapshot and exits 0. No Electron here: the app runs this
 * file with plain Node (or Electron as Node).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appDataRoot, APP_DIR_NAME } from '../app/data-dirs';
import { createLedger } from './ledger/ledger';
import { createSandboxServer } from './server';
import { createMarketDataApi } from './market-data/market-data-api';
import { createFeedPublisher } from './oracle/feed-publisher';
import { writeStakePoolStates } from './oracle/stake-pool-state';
import { createMarketContext } from './swap-api/market-context';
import { loadOrSeedMarket } from './pools/seed-market';
import { lockStateDir } from './state/state-lock';
import { createSwapApi } from './swap-api/index';
import { swapV1Handler } from './swap-api/v1-shape';
import { swapV2Handler } from './swap-api/v2-shape';
import { rateLimited } from './swap-api/rate-limit';
import { mkdirSync } from 'node:fs';
import type { ExtraProgram } from './ledger/extra-programs';
import { jupiterProgramOption } from './jupiter/program-file';
import { writeJupiterGenesis } from './jupiter/jupiter-genesis';
import { PubsubServer } from './pubsub/pubsub-server';
import { listenPair } from './pubsub/listen-pair';

export const DEFAULT_PORT = 8899;

/** The sandbox's default state folder: `<appData>/Swapdesk/sandbox`, beside the app's data. */
export function defaultStateDir(): string {
  return join(appDataRoot(), APP_DIR_NAME, 'sandbox');
}

function fail(message: string): never {
  console.error(`[sandbox] ${message}`);
  process.exit(1);
}

function integerOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) fail(`--${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        state: { type: 'string' },
        reset: { type: 'boolean', default: false },
        'slot-ms': { type: 'string' },
        'api-shape': { type: 'string' },
        'rate-limit': { type: 'string' },
        'jupiter-program': { type: 'string' },
        'jupiter-fee': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(
      `${(error as Error).message}\nusage: sandbox [--port P] [--state DIR] [--reset] [--slot-ms MS] [--api-shape v6|v1|v2] [--rate-limit N] [--jupiter-program FILE] [--jupiter-fee by-pair|none]`,
    );
  }
  const port = integerOption(values.port, 'port', DEFAULT_PORT);
  if (port > 65535) fail('--port must be at most 65535');
  const slotMs = integerOption(values['slot-ms'], 'slot-ms', 400);
  if (slotMs < 1) fail('--slot-ms must be at least 1');
  const apiShape = values['api-shape'] ?? 'v6';
  if (apiShape !== 'v6' && apiShape !== 'v1' && apiShape !== 'v2') {
    fail('--api-shape must be v6, v1 or v2');
  }
  const rateLimit = integerOption(values['rate-limit'], 'rate-limit', 0);
  const jupiterFee = values['jupiter-fee'] ?? 'none';
  if (jupiterFee !== 'none' && jupiterFee !== 'by-pair')
    fail('--jupiter-fee must be by-pair or none');
  // Jupiter's fee is paid by Jupiter's route: without the program there is none to pay it.
  const program = values['jupiter-program'];
  if (
    jupiterFee === 'by-pair' &&
    (apiShape !== 'v2' || program === undefined || program === 'none')
  ) {
    fail('--jupiter-fee by-pair needs --api-shape v2 and --jupiter-program');
  }
  const stateDir = values.state ?? defaultStateDir();
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });

  let unlock: () => void;
  try {
    unlock = lockStateDir(stateDir);
  } catch (error) {
    fail((error as Error).message);
  }
  let programs: ExtraProgram[] = [];
  try {
    programs = jupiterProgramOption(values['jupiter-program']);
  } catch (error) {
    fail((error as Error).message);
  }
  const ledger = createLedger({ stateDir, reset: values.reset, slotMs, programs });
  if (programs.length > 0) writeJupiterGenesis(ledger);

  const v6 = await createSwapApi({ ledger, stateDir: join(stateDir, 'swap-api') });
  // Tokens, prices and the v2 order desk read the market the swap API seeded (loading it
  // again is idempotent).
  const market = loadOrSeedMarket(ledger, join(stateDir, 'swap-api'));
  const shaped =
    apiShape === 'v1'
      ? swapV1Handler(v6, async () => ledger.latestBlockhash().blockhash)
      : apiShape === 'v2'
        ? swapV2Handler(v6, ledger, market.authority, undefined, {
            jupiterFee: jupiterFee === 'by-pair',
          })
        : v6;
  const swapApi = rateLimit > 0 ? rateLimited(shaped, rateLimit) : shaped;
  const swapApiPath = apiShape === 'v1' ? '/swap/v1' : apiShape === 'v2' ? '/swap/v2' : '/v6';
  const log = (line: string) => console.error(line);
  const marketData = createMarketDataApi(createMarketContext(ledger, market));
  // Pyth-like feeds at mainnet's addresses, priced by the market outside the pools (issue 25).
  const oracle = createFeedPublisher(ledger);
  const stopOracle = oracle.start();
  // JitoSOL's stake pool at its mainnet address, for the wallet's LST prices (issue 32).
  writeStakePoolStates(ledger);
  // Solana's PubSub WebSocket API at the RPC port + 1 (issue 33, pubsub/).
  const pubsub = new PubsubServer({ ledger, slotMs, log });
  const server = createSandboxServer({
    ledger,
    swapApi,
    swapApiPath,
    marketData,
    oracle,
    pubsub,
    log,
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`[sandbox] ${signal}: stopping`);
    stopOracle();
    pubsub.close();
    server.close();
    server.closeAllConnections();
    try {
      ledger.close();
    } finally {
      unlock();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  listenPair(server, pubsub, port).then(
    ({ rpcPort, wsPort }) => {
      const rpcUrl = `http://127.0.0.1:${rpcPort}`;
      log(
        `[sandbox] state in ${stateDir}, slot ${ledger.currentSlot()}, ${ledger.transactionCount()} transactions`,
      );
      process.stdout.write(
        `${JSON.stringify({ event: 'ready', rpcUrl, swapApiUrl: `${rpcUrl}${swapApiPath}`, wsUrl: `ws://127.0.0.1:${wsPort}` })}\n`,
      );
    },
    (error: unknown) => {
      unlock();
      fail((error as Error).message);
    },
  );
}

main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
