/**
 * One sandbox process for a test file (or a describe block): started before its tests, removed
 * after them, with a web3.js Connection to it at `confirmed`. Most integration suites need
 * exactly this, and each used to write the same beforeAll/afterAll pair for it.
 */
import {
  Connection,
  type Keypair,
  type PublicKey,
  type VersionedTransactionResponse,
} from '@solana/web3.js';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  startSandbox,
  type RunningSandbox,
  type StartSandboxOptions,
} from '../harness/sandbox-process';
import { fundedUser, tokenBalance } from './sandbox-swap-fixtures';

/**
 * The running sandbox of a file's tests: its addresses, a Connection to its JSON-RPC, and the
 * process itself. Each field throws when read before the file's beforeAll started it.
 */
export interface SandboxSession {
  readonly rpcUrl: string;
  readonly swapApiUrl: string;
  readonly wsUrl: string;
  /** A Connection to its JSON-RPC at `confirmed` commitment. */
  readonly connection: Connection;
  /** The process (stderr, stop, restart on its state folder). */
  readonly process: RunningSandbox;
  /** A new keypair with `sol` SOL from requestAirdrop and the given token balances. */
  fundedUser(sol: number, tokens?: Record<string, bigint>): Promise<Keypair>;
  /** Balance of a token account in base units, 0 when it does not exist. */
  tokenBalance(account: PublicKey): Promise<bigint>;
  /** A landed transaction read back with getTransaction (readLanded). */
  read(signature: string): Promise<VersionedTransactionResponse>;
}

/**
 * Registers beforeAll/afterAll hooks that start one sandbox with `options` and remove it, and
 * answers a session whose fields read the running one. Call it at the top of a file or inside a
 * describe block, before any hook that needs the sandbox (vitest runs hooks in that order).
 * `hookTimeoutMs` overrides the start hook's timeout (with a longer `options.timeoutMs`).
 */
export function useSandbox(
  options: StartSandboxOptions = {},
  hookTimeoutMs?: number,
): SandboxSession {
  let running: RunningSandbox | undefined;
  let connection: Connection | undefined;
  beforeAll(async () => {
    running = await startSandbox(options);
    connection = new Connection(running.rpcUrl, 'confirmed');
  }, hookTimeoutMs);
  afterAll(async () => {
    await running?.remove();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The sandbox is read before beforeAll started it.');
    return value;
  };
  return {
    get rpcUrl() {
      return started(running).rpcUrl;
    },
    get swapApiUrl() {
      return started(running).swapApiUrl;
    },
    get wsUrl() {
      return started(running).wsUrl;
    },
    get process() {
      return started(running);
    },
    get connection() {
      return started(connection);
    },
    fundedUser: (sol, tokens = {}) =>
      fundedUser(started(connection), started(running).rpcUrl, sol, tokens),
    tokenBalance: (account) => tokenBalance(started(connection), account),
    read: (signature) => readLanded(started(connection), signature),
  };
}

/** A landed transaction read back with getTransaction; fails the test when it failed on chain. */
export async function readLanded(
  connection: Connection,
  signature: string,
): Promise<VersionedTransactionResponse> {
  const tx = await connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  expect(tx?.meta?.err).toBeNull();
  return tx!;
}
