/**
 * The wallet the soak benchmarks drive (honest-soak.ts, memory.ts): the real composition root
 * behind the real bridge registry, as the Electron renderer calls it, on a sandbox process,
 * with its own data folder and keychain service, and its first account made as onboarding
 * makes it (a password, a phrase, three words); startBenchRun starts the sandbox under it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeApp, type ComposedApp } from '../../main/app/compose';
import { createRegistry } from '../../main/bridge/registry';
import { sandboxNetwork } from '../../main/network/presets';
import type { BridgeCall } from '../../test/harness/honest-sweep';
import { Connection } from '@solana/web3.js';
import { startSandbox, type RunningSandbox } from '../../test/harness/sandbox-process';
import { firstAccount } from '../../test/integration/wallet-setup';

const sender = { kind: 'electron', frameUrl: 'file:///index.html', isMainFrame: true } as const;

export interface BenchWallet {
  app: ComposedApp;
  /** A bridge call answering the handler's Result. */
  call: BridgeCall;
  /** The first account's address. */
  person: string;
  /** Removes the account (its key leaves the keychain), closes the app, deletes the data. */
  close(): Promise<void>;
}

/** Opens the wallet on `sandbox`; `name` names its data folder and keychain service. */
export async function openBenchWallet(sandbox: RunningSandbox, name: string): Promise<BenchWallet> {
  const dataDir = mkdtempSync(join(tmpdir(), `swapdesk-bench-${name}-`));
  const app = composeApp({
    keychainService: `swapdesk-bench-${name}-${process.pid}-${Date.now()}`,
    dataDir,
    network: sandboxNetwork(sandbox),
    shell: 'electron',
    version: 'bench',
    fetch,
  });
  const registry = createRegistry({ handlers: app.handlers, policy: () => true });
  const call: BridgeCall = async (method, request) =>
    (await registry.dispatch(method, request, sender)) as Awaited<ReturnType<BridgeCall>>;
  const close = async (person: string | null) => {
    if (person !== null) await call('accounts.remove', { address: person });
    app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { address } = await firstAccount(async (method: string, request: unknown) => {
      const answer = (await registry.dispatch(method as never, request, sender)) as
        { ok: true; value: unknown } | { ok: false; error: { message: string } };
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.value;
    }, name);
    return { app, call, person: address, close: () => close(address) };
  } catch (error) {
    await close(null);
    throw error;
  }
}

/** A soak's sandbox, a connection to it, and the wallet on it. */
export interface BenchRun {
  sandbox: RunningSandbox;
  connection: Connection;
  wallet: BenchWallet;
  /** Closes the wallet, then removes the sandbox. */
  stop(): Promise<void>;
}

/**
 * Starts a sandbox with 80 ms slots and opens the wallet `name` on it; when the wallet cannot
 * open, the sandbox is removed again before the error is thrown.
 */
export async function startBenchRun(name: string): Promise<BenchRun> {
  const sandbox = await startSandbox({ slotMs: 80 });
  const connection = new Connection(sandbox.rpcUrl, 'confirmed');
  const wallet = await openBenchWallet(sandbox, name).catch(async (error: unknown) => {
    await sandbox.remove();
    throw error;
  });
  const stop = async () => {
    await wallet.close();
    await sandbox.remove();
  };
  return { sandbox, connection, wallet, stop };
}
