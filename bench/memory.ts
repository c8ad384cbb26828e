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
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Keypair } from '@solana/web3.js';
import * as sweep from '../test/harness/honest-sweep';
import { airdrop, faucet } from '../test/integration/pay-helpers';
import { startBenchRun } from './lib/bench-wallet';
import { ensurePrivateKeyring } from './lib/private-keyring';

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

async function main(): Promise<void> {
  ensurePrivateKeyring(fileURLToPath(import.meta.url));
  const mark = Number(process.argv[2] ?? 200);
  const total = Number(process.argv[3] ?? 2000);
  const run = await startBenchRun('memory');
  const { sandbox, connection } = run;
  const { call, person } = run.wallet;
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
  try {
    await airdrop(connection, person, 500_000_000_000);
    const payees = new Map<string, string>();
    for (const token of sweep.SWEEP_TOKENS) {
      const payee = Keypair.generate().publicKey.toBase58();
      if (token.symbol === 'SOL') {
        await airdrop(connection, payee, 1_000_000_000);
      } else {
        await faucet(sandbox, person, token.mint, sweep.baseUnits('100000000', token.decimals));
        await faucet(sandbox, payee, token.mint, 1n);
      }
      payees.set(token.mint, payee);
    }

    const cases: sweep.SweepCase[] = [...sweep.swapCases(), ...sweep.invoiceCases()].filter(
      (c) => !sweep.unservable(c),
    );
    const counts = { reviews: 0, accepted: 0, approved: 0, other: 0 };
    const started = performance.now();
    for (let i = 0; counts.reviews < total && i < total * 2; i += 1) {
      const sweepCase = cases[i % cases.length]!;
      const reviewed =
        sweepCase.kind === 'swap'
          ? await sweep.reviewSwapCase(call, sweepCase)
          : await sweep.reviewInvoiceCase(call, sweepCase, payees.get(sweepCase.token.mint)!);
      if (reviewed.outcome === 'not-offered') {
        counts.other += 1;
        continue;
      }
      counts.reviews += 1;
      if (reviewed.outcome === 'accepted') {
        counts.accepted += 1;
        if (counts.accepted % 20 === 0) {
          const result = await sweep.approveCase(call, sweepCase, reviewed);
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
    await run.stop();
  }
}

await main();
