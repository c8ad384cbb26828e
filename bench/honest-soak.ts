/**
 * Honest soak (issue 21): one wallet, one run, 300 approved transactions. The real composition
 * root behind the real bridge registry, on a real sandbox process, goes round the honest
 * sweep's cases (test/harness/honest-sweep.ts: every routable pair of sandbox tokens as a
 * swap, invoices in every token paid from five) reviewing each and approving every accepted
 * one, until 300 were approved. Before issue 21 the wallet stopped signing after the 32nd
 * approval of a run ("This review is no longer known"); here every approval must go through.
 *
 * Prints a table: reviews, accepted, refused (by the guard), not offered (refused at the quote
 * for want of a route the sandbox can build), approved, confirmed, and p50/p99 of the review
 * (swap.review / pay.review) and of the approve (sign and send: swap.approve / pay.approve).
 *
 *   npm run bench -- honest-soak   (or: node --import tsx bench/honest-soak.ts [approvals])
 */
import { fileURLToPath } from 'node:url';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import {
  approveCase,
  baseUnits,
  invoiceCases,
  reviewInvoiceCase,
  reviewSwapCase,
  swapCases,
  SWEEP_TOKENS,
  unservable,
  type SweepCase,
} from '../test/harness/honest-sweep';
import { ensurePrivateKeyring, percentile } from './lib/private-keyring';
import { startBenchRun } from './lib/bench-wallet';

async function settled(connection: Connection, signature: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    const { value } = await connection.getSignatureStatus(signature);
    if (value?.confirmationStatus === 'confirmed' || value?.confirmationStatus === 'finalized')
      return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not confirmed: ${signature}`);
}

async function faucet(rpcUrl: string, owner: string, mint: string, amount: bigint) {
  const response = await fetch(new URL('/sandbox/faucet', rpcUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner, mint, amount: amount.toString() }),
  });
  if (!response.ok) throw new Error(`faucet: ${response.status} ${await response.text()}`);
}

function cells(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)}`;
}

async function main(): Promise<void> {
  ensurePrivateKeyring(fileURLToPath(import.meta.url));
  const target = Number(process.argv[2] ?? 300);
  const run = await startBenchRun('soak');
  const { sandbox, connection } = run;
  const { call, person } = run.wallet;
  try {
    await settled(
      connection,
      await connection.requestAirdrop(new PublicKey(person), 200_000_000_000),
    );
    const payees = new Map<string, string>();
    for (const token of SWEEP_TOKENS) {
      const payee = Keypair.generate().publicKey.toBase58();
      if (token.symbol === 'SOL') {
        await settled(connection, await connection.requestAirdrop(new PublicKey(payee), 1e9));
      } else {
        await faucet(sandbox.rpcUrl, person, token.mint, baseUnits('10000000', token.decimals));
        await faucet(sandbox.rpcUrl, payee, token.mint, 1n);
      }
      payees.set(token.mint, payee);
    }

    const cases: SweepCase[] = [...swapCases(), ...invoiceCases()].filter((c) => !unservable(c));
    const reviewMs: number[] = [];
    const approveMs: number[] = [];
    const counts = { reviews: 0, accepted: 0, refused: 0, notOffered: 0, approved: 0 };
    let confirmed = 0;
    const problems: string[] = [];
    const started = performance.now();
    for (let i = 0; counts.approved < target && i < target * 3; i += 1) {
      const sweepCase = cases[i % cases.length]!;
      const reviewed =
        sweepCase.kind === 'swap'
          ? await reviewSwapCase(call, sweepCase)
          : await reviewInvoiceCase(call, sweepCase, payees.get(sweepCase.token.mint)!);
      if (reviewed.outcome === 'not-offered') {
        counts.notOffered += 1;
        problems.push(`${sweepCase.name}: ${reviewed.code}: ${reviewed.words}`);
        continue;
      }
      counts.reviews += 1;
      reviewMs.push(reviewed.reviewMs);
      if (reviewed.outcome === 'refused') {
        counts.refused += 1;
        problems.push(`${sweepCase.name}: refused: ${reviewed.words}`);
        continue;
      }
      counts.accepted += 1;
      const result = await approveCase(call, sweepCase, reviewed);
      if (result.status === 'refused') {
        problems.push(`${sweepCase.name}: ${result.error}`);
        continue;
      }
      counts.approved += 1;
      approveMs.push(result.approveMs);
      if (result.status === 'confirmed') confirmed += 1;
      else problems.push(`${sweepCase.name}: ${result.status}: ${result.error}`);
    }
    const seconds = (performance.now() - started) / 1000;

    console.log(
      `\nHonest soak: one wallet, the honest sweep's cases in turn, every accepted review approved (target ${target})\n`,
    );
    console.log(
      '| reviews | accepted | refused | not offered | approved | confirmed | review ms p50 | p99 | approve ms p50 | p99 | run s |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${counts.reviews} | ${counts.accepted} | ${counts.refused} | ${counts.notOffered} | ${counts.approved} | ${confirmed} | ${cells(reviewMs)} | ${cells(approveMs)} | ${seconds.toFixed(0)} |`,
    );
    for (const line of problems.slice(0, 20)) console.log(`- ${line}`);
    if (counts.approved < target || confirmed < counts.approved || counts.refused > 0) {
      process.exitCode = 1;
    }
  } finally {
    await run.stop();
  }
}

await main();
