/**
 * Soak of the sandbox ledger on litesvm 1.4.1: at least 10,000 transferChecked transactions
 * (SPL Token and Token-2022, alternating) through `SandboxLedger.sendTransaction` with preflight,
 * persistence (fsync per transaction) and the real-time clock, in one process, as the sandbox
 * runs them. litesvm 0.7-0.8 crashed Node 20's garbage collector after a few token transactions
 * (STACK.md); this is the proof that 1.4.1 does not, and what a transaction costs.
 *
 * Run: `node --import tsx bench/ledger-soak.ts [count]` (default 10,000). Prints a table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { createTransferCheckedInstruction } from '@solana/spl-token';
import { createLedger } from '../main/sandbox/ledger/ledger';
import { airdrop, fundToken } from '../main/sandbox/faucet/faucet';
import { SANDBOX_TOKENS } from '../main/sandbox/tokens';

const count = Number(process.argv[2] ?? 10_000);
const stateDir = mkdtempSync(join(tmpdir(), 'ledger-soak-'));
// Removed however the run ends, a crash included (the soak exists to find crashes).
process.on('exit', () => rmSync(stateDir, { recursive: true, force: true }));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const ledger = createLedger({ stateDir });
const usdc = SANDBOX_TOKENS.find((t) => t.symbol === 'USDC')!;
const pyusd = SANDBOX_TOKENS.find((t) => t.symbol === 'PYUSD')!;
const mints = [usdc, pyusd].map((t) => ({
  ...t,
  key: new PublicKey(t.mint),
  program: new PublicKey(t.tokenProgram),
}));

const wallets = Array.from({ length: 8 }, () => Keypair.generate());
const accounts = wallets.map((wallet) => {
  airdrop(ledger, wallet.publicKey, 10_000_000_000n);
  return mints.map(
    (mint) =>
      new PublicKey(
        fundToken(ledger, { owner: wallet.publicKey, mint: mint.key, amount: 1_000_000_000_000n })
          .tokenAccount,
      ),
  );
});

const { rss: rssBefore, heapUsed: heapBefore } = process.memoryUsage();
const sendMs: number[] = [];
const totalMs: number[] = [];
let errors = 0;
let failed = 0;
const started = performance.now();
// The sandbox serves one request per event-loop turn; litesvm's native objects (accounts read
// from the VM) are freed by finalizers that run between turns, so a loop that never yields
// would hold every one of them (about 1 KB per account read) until it ends. Yield like the
// server does.
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
for (let i = 0; i < count; i++) {
  await nextTurn();
  const t0 = performance.now();
  const from = i % wallets.length;
  const to = (i + 1) % wallets.length;
  const m = i % 2;
  const mint = mints[m]!;
  const tx = new Transaction({ feePayer: wallets[from]!.publicKey, ...ledger.latestBlockhash() });
  tx.add(
    createTransferCheckedInstruction(
      accounts[from]![m]!,
      mint.key,
      accounts[to]![m]!,
      wallets[from]!.publicKey,
      BigInt(1 + (i % 1000)),
      mint.decimals,
      [],
      mint.program,
    ),
  );
  tx.sign(wallets[from]!);
  const wire = tx.serialize();
  const t1 = performance.now();
  try {
    const result = ledger.sendTransaction(wire);
    if (result.status !== 'executed' || result.record.err !== null) failed += 1;
  } catch (error) {
    errors += 1;
    if (errors < 5) console.error(error);
  }
  const t2 = performance.now();
  sendMs.push(t2 - t1);
  totalMs.push(t2 - t0);
}
const elapsed = performance.now() - started;
const after = process.memoryUsage();
const rssAfter = after.rss;
sendMs.sort((a, b) => a - b);
totalMs.sort((a, b) => a - b);
ledger.close();

const rows: [string, string][] = [
  ['litesvm', '1.4.1'],
  ['node', process.version],
  ['transactions', String(count)],
  ['ledger send ms/tx p50', percentile(sendMs, 50).toFixed(3)],
  ['ledger send ms/tx p99', percentile(sendMs, 99).toFixed(3)],
  ['build+sign+send ms/tx p50', percentile(totalMs, 50).toFixed(3)],
  ['build+sign+send ms/tx p99', percentile(totalMs, 99).toFixed(3)],
  ['wall time', `${(elapsed / 1000).toFixed(1)} s`],
  ['RSS before', mb(rssBefore)],
  ['RSS after', mb(rssAfter)],
  ['JS heap after', mb(after.heapUsed)],
  ['native (RSS - heap) growth', mb(rssAfter - after.heapUsed - (rssBefore - heapBefore))],
  ['failed transactions', String(failed)],
  ['errors (exceptions)', String(errors)],
  ['ledger history', String(ledger.transactionCount())],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log(`| ${'measure'.padEnd(width)} | value |\n|${'-'.repeat(width + 2)}|-------|`);
for (const [key, value] of rows) console.log(`| ${key.padEnd(width)} | ${value} |`);
rmSync(stateDir, { recursive: true, force: true });
process.exitCode = errors > 0 || failed > 0 ? 1 : 0;
