/**
 * Renderer weight and first paint (issue 10).
 *
 * 1. What the page loads before it can show anything: the scripts, module preloads and style
 *    sheets named by the built `out/renderer/index.html`, raw and gzip (level 9), and the chunks
 *    loaded only on demand (the QR decoder). Goal: initial JavaScript at most 150 KB gzip.
 * 2. First paint: from opening the web preview's address in Debian Chromium to the first screen
 *    being usable (the onboarding's **Create wallet** button, or the wallet screen, visible and
 *    enabled), median of several runs, each in a fresh browser context (no cache); with the
 *    navigation's own timings to show what dominates.
 *
 *   npm run bench -- bundle      (or: node --import tsx bench/bundle.ts [runs])
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../test/harness/browser';
import { startPreview } from '../test/harness/preview';
import { ensurePrivateKeyring, percentile } from './lib/private-keyring';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const rendererOut = join(root, 'out', 'renderer');
const GOAL_GZIP_KB = 150;

interface Asset {
  file: string;
  raw: number;
  gzip: number;
}

function asset(relative: string): Asset {
  const bytes = readFileSync(join(rendererOut, relative));
  return { file: relative, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** The assets index.html makes the browser fetch before the first screen. */
function initialAssets(): { js: Asset[]; css: Asset[] } {
  const html = readFileSync(join(rendererOut, 'index.html'), 'utf8');
  const refs = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map((match) => (match[1] as string).replace(/^\.\//, ''));
  return {
    js: [
      ...refs(/<script[^>]+src="([^"]+\.js)"/g),
      ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ].map(asset),
    css: refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g).map(asset),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (list: Asset[], key: 'raw' | 'gzip') => list.reduce((total, a) => total + a[key], 0);

function bundleTable(): number {
  const { js, css } = initialAssets();
  const initial = new Set([...js, ...css].map((a) => a.file));
  const lazy = readdirSync(join(rendererOut, 'assets'))
    .map((name) => `assets/${name}`)
    .filter(
      (file) =>
        file.endsWith('.js') && !initial.has(file) && statSync(join(rendererOut, file)).isFile(),
    )
    .map(asset);
  console.log('\n| what the page loads | files | raw KB | gzip KB |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| initial JavaScript | ${js.length} | ${kb(sum(js, 'raw'))} | ${kb(sum(js, 'gzip'))} |`,
  );
  console.log(`| initial CSS | ${css.length} | ${kb(sum(css, 'raw'))} | ${kb(sum(css, 'gzip'))} |`);
  console.log(
    `| initial total | ${js.length + css.length} | ${kb(sum(js, 'raw') + sum(css, 'raw'))} | ${kb(sum(js, 'gzip') + sum(css, 'gzip'))} |`,
  );
  for (const chunk of lazy) {
    console.log(`| on demand: ${chunk.file} | 1 | ${kb(chunk.raw)} | ${kb(chunk.gzip)} |`);
  }
  const gzipKb = sum(js, 'gzip') / 1024;
  console.log(
    `\ninitial JavaScript ${gzipKb.toFixed(1)} KB gzip: ${gzipKb <= GOAL_GZIP_KB ? 'within' : 'OVER'} the ${GOAL_GZIP_KB} KB goal`,
  );
  return gzipKb;
}

interface Paint {
  usable: number;
  responseEnd: number;
  domContentLoaded: number;
  scriptsDone: number;
}

async function firstPaint(runs: number): Promise<void> {
  const preview = await startPreview();
  const browser = await launchBrowser();
  try {
    const samples: Paint[] = [];
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(preview.url, { waitUntil: 'commit' });
      // Usable: the onboarding's first button, or the wallet screen once accounts exist.
      await page
        .getByRole('button', { name: 'Create wallet' })
        .or(page.getByRole('heading', { name: 'Wallet', level: 1 }))
        .first()
        .waitFor({ state: 'visible' });
      const usable = Date.now() - started;
      const timing = await page.evaluate(() => {
        // Runs in the page; typed here with Node's types, so through a narrow cast.
        interface Entry {
          name: string;
          responseEnd: number;
          domContentLoadedEventEnd?: number;
        }
        const perf = (
          globalThis as unknown as { performance: { getEntriesByType(type: string): Entry[] } }
        ).performance;
        const nav = perf.getEntriesByType('navigation')[0] as Entry;
        const scripts = perf
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => entry.responseEnd);
        return {
          responseEnd: nav.responseEnd,
          domContentLoaded: nav.domContentLoadedEventEnd ?? NaN,
          scriptsDone: Math.max(0, ...scripts),
        };
      });
      samples.push({ usable, ...timing });
      await context.close();
    }
    const median = (key: keyof Paint) =>
      percentile(
        samples.map((s) => s[key]).sort((a, b) => a - b),
        50,
      );
    console.log(
      `\n| first paint, web preview in Chromium (${runs} runs, fresh context each) | median ms |`,
    );
    console.log('| --- | --- |');
    console.log(`| HTML received (navigation responseEnd) | ${median('responseEnd').toFixed(1)} |`);
    console.log(`| scripts fetched (last .js responseEnd) | ${median('scriptsDone').toFixed(1)} |`);
    console.log(
      `| DOMContentLoaded (scripts parsed and run) | ${median('domContentLoaded').toFixed(1)} |`,
    );
    console.log(
      `| **usable** (Create wallet visible and enabled, after app.info and accounts.list over the bridge) | ${median('usable').toFixed(1)} |`,
    );
  } finally {
    await browser.close();
    await preview.stop();
  }
}

async function main(): Promise<void> {
  ensurePrivateKeyring(fileURLToPath(import.meta.url));
  bundleTable();
  await firstPaint(Number(process.argv[2] ?? 7));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
