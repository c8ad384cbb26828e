/**
 * Venues benchmark (issue 33 Tests): genesis time, a quote and a review with the three Raydium
 * venues loaded (CP-Swap, CLMM, AMM v4), against the sandbox of CP-Swap alone measured in the
 * same run. "CP-Swap alone" is an earlier checkout of the project, built (`npx electron-vite
 * build` in it), given with `--against DIR`: the sandbox has no switch that drops venues, and an
 * earlier commit is the honest "today's figure" (this file's run used 93d032c, the last merge
 * on main before AMM v4 and CLMM, extracted with `git archive`).
 *
 * Both sides are timed in turn, in one process tree, so they share the machine's load:
 *  - genesis: a fresh ledger (SandboxLedger.open on an empty folder), each checkout's own source;
 *  - quote: `swap.quote` through the bridge of each checkout's built web preview, SOL -> USDC;
 *  - review: `swap.review` of that quote (POST /swap, decode, lookup tables, simulation, guard).
 * Neither sandbox loads Jupiter's program (its routes are not what is compared here).
 *
 *   git archive 93d032c | tar -x -C DIR && ln -s $PWD/node_modules DIR/ && (cd DIR && npx electron-vite build)
 *   node --import tsx bench/venues.ts --against DIR [--genesis N] [--quotes N] [--reviews N]
 *     [--lamports N]   (the SOL amount quoted, 0.1 SOL by default)
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPreview, type RunningPreview } from '../test/harness/preview';
import { firstAccount } from '../test/integration/wallet-setup';
import { ensurePrivateKeyring, percentile } from './lib/private-keyring';
import { bridge, timed } from './lib/preview-bridge';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const here = join(fileURLToPath(import.meta.url), '..', '..');

function option(name: string, fallback: string | null): string {
  const index = process.argv.indexOf(`--${name}`);
  const value = index > 0 ? process.argv[index + 1] : undefined;
  if (value !== undefined) return value;
  if (fallback === null) throw new Error(`--${name} is required`);
  return fallback;
}

/** Milliseconds of `runs` fresh geneses of the checkout at `root`, in a child of its own. */
function geneses(root: string, runs: number): number[] {
  const script = `
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { SandboxLedger } = await import(${JSON.stringify(join(root, 'main/sandbox/ledger/ledger.ts'))});
    const out = [];
    for (let i = 0; i < ${runs}; i += 1) {
      const dir = mkdtempSync(join(tmpdir(), 'swapdesk-bench-venues-'));
      const start = performance.now();
      SandboxLedger.open({ stateDir: dir, slotMs: 0 }).close();
      out.push(performance.now() - start);
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(JSON.stringify(out));`;
  const printed = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return JSON.parse(printed.trim().split('\n').pop()!) as number[];
}

interface Side {
  name: string;
  preview: RunningPreview;
  quoteMs: number[];
  reviewMs: number[];
  venues: Set<string>;
}

async function side(name: string, previewJs: string): Promise<Side> {
  // The harness reads which build to start from this process's environment.
  process.env.SWAPDESK_PREVIEW_JS = previewJs;
  process.env.SWAPDESK_TEST_JUPITER_PROGRAM = 'none';
  const preview = await startPreview();
  const account = await firstAccount((method: string, request: unknown) =>
    bridge(preview, method, request),
  );
  await bridge(preview, 'sandbox.fund', { address: account.address });
  return { name, preview, quoteMs: [], reviewMs: [], venues: new Set() };
}

/** One quote and its review on `s`; amounts vary so no layer answers from a cache. */
async function round(s: Side, i: number, review: boolean, lamports: bigint): Promise<void> {
  let quote!: { quoteId: string; route?: { label?: string }[] };
  s.quoteMs.push(
    await timed(async () => {
      quote = await bridge(s.preview, 'swap.quote', {
        inputMint: SOL,
        outputMint: USDC,
        amount: String(lamports + BigInt(i) * 1_000n),
        swapMode: 'ExactIn',
        slippage: { bps: 50 },
      });
    }),
  );
  for (const step of quote.route ?? []) if (step.label) s.venues.add(step.label);
  if (review) {
    s.reviewMs.push(
      await timed(() => bridge(s.preview, 'swap.review', { quoteId: quote.quoteId })),
    );
  }
}

const p50 = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const p90 = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    90,
  );

async function main(): Promise<void> {
  const against = option('against', process.env.SWAPDESK_BENCH_AGAINST ?? '');
  if (against === '') {
    // `npm run bench` runs every file: without a checkout to compare with, say so and pass.
    console.log(
      'venues: skipped. It compares with an earlier checkout, built: give --against DIR (or SWAPDESK_BENCH_AGAINST).',
    );
    return;
  }
  ensurePrivateKeyring(fileURLToPath(import.meta.url));
  const genesisRuns = Number(option('genesis', '3'));
  const quotes = Number(option('quotes', '60'));
  const reviews = Number(option('reviews', '40'));
  const lamports = BigInt(option('lamports', '100000000'));

  const now: number[] = [];
  const before: number[] = [];
  for (let i = 0; i < genesisRuns; i += 1) {
    now.push(...geneses(here, 1));
    before.push(...geneses(against, 1));
  }

  if (genesisRuns > 0)
    console.log(
      `genesis p50 ms: three venues ${p50(now).toFixed(0)}, CP-Swap alone ${p50(before).toFixed(0)}`,
    );
  const three = await side('three venues (this checkout)', join(here, 'out/main/preview.js'));
  const one = await side('CP-Swap alone (--against)', join(against, 'out/main/preview.js'));
  try {
    for (let i = 0; i < 10; i += 1) {
      await round(three, i, true, lamports);
      await round(one, i, true, lamports);
    }
    for (const s of [three, one]) s.quoteMs.length = s.reviewMs.length = 0;
    // Interleaved, so both see the same load.
    for (let i = 0; i < quotes; i += 1) {
      await round(three, i, i < reviews, lamports);
      await round(one, i, i < reviews, lamports);
    }
  } finally {
    await three.preview.stop();
    await one.preview.stop();
  }

  console.log(`\nVenues benchmark: SOL -> USDC ${lamports} lamports, ms (p50 / p90)\n`);
  console.log('| measure | three venues | CP-Swap alone | ratio of p50 |');
  console.log('| ------- | ------------ | ------------- | ------------ |');
  const line = (name: string, a: number[], b: number[]) =>
    console.log(
      `| ${name} (n ${a.length}) | ${p50(a).toFixed(1)} / ${p90(a).toFixed(1)} | ${p50(b).toFixed(1)} / ${p90(b).toFixed(1)} | ${(p50(a) / p50(b)).toFixed(2)}x |`,
    );
  if (genesisRuns > 0) line('genesis, fresh ledger', now, before);
  line('quote (swap.quote)', three.quoteMs, one.quoteMs);
  line('review (swap.review)', three.reviewMs, one.reviewMs);
  console.log(
    `\nRoutes quoted: three venues ${[...three.venues].join(', ') || '?'}; CP-Swap alone ${[...one.venues].join(', ') || '?'}.`,
  );
}

await main();
