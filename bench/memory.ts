/**
 * Memory that stays flat (issue 36 goal 3): main's review and payment handlers driven N times in
 * one process. The real composition root behind the real bridge registry, on a real sandbox
 * process, goes round the honest sweep's cases (test/harness/honest-sweep.ts: swaps between
 * every routable pair, invoices paid from five tokens), quoting and reviewing each (swap.quote +
 * swap.review, pay.quote + pay.review) and approving every twentieth accepted one, so that
 * tickets, plans, payment summaries, Activity and the sandbox's own books all grow as a long
 * session makes them grow.
 *
 * After the first `mark` reviews and after all N it takes a garbage collection and reads main's
 * RSS and heap, and the sandbox process's RSS (/proc/PID/status). Goal: main's RSS after N
 * within 20% of its RSS after `mark`.
 *
 *   npm run bench -- memory   (or: node --import tsx bench/memory.ts [mark] [N]; default 200 2000)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Connection, Keypair } from '@solana/web3.js';
import { composeApp } from '../main/app/compose';
import { createRegistry } from '../main/bridge/registry';
import { sandboxNetwork } from '../main/network/presets';
import {
  approveCase,
  baseUnits,
  invoiceCases,
  reviewInvoiceCase,
  reviewSwapCase,
  swapCases,
  SWEEP_TOKENS,
  unservable,
  type BridgeCall,
  type SweepCase,
} from '../test/harness/honest-sweep';
import { startSandbox } from '../test/harness/sandbox-process';
import { airdrop } from '../test/integration/pay-helpers';
import { firstAccount } from '../test/integration/wallet-setup';
import { ensurePrivateKeyring } from './lib/private-keyring';

const sender = { kind: 'electron', frameUrl: 'file:///index.html', isMainFrame: true } as const;
const MB = 1024 * 1024;

// A full collection before each reading, so the figures are what stays, not what waits.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface Reading {
  reviews: number;
  rss: number;
  heap: number;
  sandboxRss: number;
}

function sandboxRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb === undefined ? NaN : (Number(kb) * 1024) / MB;
}

async function faucet(rpcUrl: string, owner: string, mint: string, amount: bigint) {
  const response = await fetch(new URL('/sandbox/faucet', rpcUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner, mint, amount: amount.toString() }),
  });
  if (!response.ok) throw new Error(`faucet: ${response.status} ${await response.text()}`);
}

async function main(): Promise<void> {
  ensurePrivateKeyring(fileURLToPath(import.meta.url));
  const mark = Number(process.argv[2] ?? 200);
  const total = Number(process.argv[3] ?? 2000);
  const sandbox = await startSandbox({ slotMs: 80 });
  const dataDir = mkdtempSync(join(tmpdir(), 'swapdesk-bench-memory-'));
  const connection = new Connection(sandbox.rpcUrl, 'confirmed');
  const app = composeApp({
    keychainService: `swapdesk-bench-memory-${process.pid}-${Date.now()}`,
    dataDir,
    network: sandboxNetwork(sandbox),
    shell: 'electron',
    version: 'bench',
    fetch,
  });
  const registry = createRegistry({ handlers: app.handlers, policy: () => true });
  const call: BridgeCall = async (method, request) =>
    (await registry.dispatch(method, request, sender)) as Awaited<ReturnType<BridgeCall>>;
  const readings: Reading[] = [];
  const read = (reviews: number) => {
    gc();
    const usage = process.memoryUsage();
    readings.push({
      reviews,
      rss: usage.rss / MB,
      heap: usage.heapUsed / MB,
      sandboxRss: sandboxRss(sandbox.pid),
    });
  };
  let person: string | null = null;
  try {
    person = (
      await firstAccount(async (method: string, request: unknown) => {
        const answer = (await registry.dispatch(method as never, request, sender)) as
          { ok: true; value: unknown } | { ok: false; error: { message: string } };
        if (!answer.ok) throw new Error(answer.error.message);
        return answer.value;
      }, 'Memory')
    ).address;
    await airdrop(connection, person, 500_000_000_000);
    const payees = new Map<string, string>();
    for (const token of SWEEP_TOKENS) {
      const payee = Keypair.generate().publicKey.toBase58();
      if (token.symbol === 'SOL') {
        await airdrop(connection, payee, 1_000_000_000);
      } else {
        await faucet(sandbox.rpcUrl, person, token.mint, baseUnits('100000000', token.decimals));
        await faucet(sandbox.rpcUrl, payee, token.mint, 1n);
      }
      payees.set(token.mint, payee);
    }

    const cases: SweepCase[] = [...swapCases(), ...invoiceCases()].filter((c) => !unservable(c));
    const counts = { reviews: 0, accepted: 0, approved: 0, other: 0 };
    const started = performance.now();
    for (let i = 0; counts.reviews < total && i < total * 2; i += 1) {
      const sweepCase = cases[i % cases.length]!;
      const reviewed =
        sweepCase.kind === 'swap'
          ? await reviewSwapCase(call, sweepCase)
          : await reviewInvoiceCase(call, sweepCase, payees.get(sweepCase.token.mint)!);
      if (reviewed.outcome === 'not-offered') {
        counts.other += 1;
        continue;
      }
      counts.reviews += 1;
      if (reviewed.outcome === 'accepted') {
        counts.accepted += 1;
        if (counts.accepted % 20 === 0) {
          const result = await approveCase(call, sweepCase, reviewed);
          if (result.status !== 'refused') counts.approved += 1;
        }
      }
      if (counts.reviews === mark) read(mark);
    }
    read(counts.reviews);
    const seconds = (performance.now() - started) / 1000;

    const [first, last] = [readings[0]!, readings.at(-1)!];
    console.log(
      `\nMemory over ${counts.reviews} reviews (${counts.accepted} accepted, ${counts.approved} approved, ${counts.other} not offered) in ${seconds.toFixed(0)} s\n`,
    );
    console.log('| after reviews | main RSS MB | main heap MB | sandbox RSS MB |');
    console.log('|---|---|---|---|');
    for (const r of readings) {
      console.log(
        `| ${r.reviews} | ${r.rss.toFixed(1)} | ${r.heap.toFixed(1)} | ${r.sandboxRss.toFixed(1)} |`,
      );
    }
    const growth = last.rss / first.rss;
    console.log(
      `\nmain RSS ${last.reviews} ÷ ${first.reviews}: ${growth.toFixed(2)} (goal ≤ 1.20); heap ${(last.heap / first.heap).toFixed(2)}; sandbox RSS ${(last.sandboxRss / first.sandboxRss).toFixed(2)}`,
    );
    if (readings.length < 2 || growth > 1.2) process.exitCode = 1;
  } finally {
    if (person !== null) await call('accounts.remove', { address: person });
    app.close();
    await sandbox.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
