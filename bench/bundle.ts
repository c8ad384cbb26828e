/**
 * Renderer weight (issues 10 and 26): what the page loads before it can show anything, the
 * scripts, module preloads and style sheets named by the built `out/renderer/index.html`, raw
 * and gzip (level 9), and the chunks loaded only on demand (each screen, the QR decoder).
 * Goal: initial JavaScript at most 80 KB gzip. The first paint is bench/paint.ts's.
 *
 *   npm run bench -- bundle      (or: node --import tsx bench/bundle.ts)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const rendererOut = join(root, 'out', 'renderer');
const GOAL_GZIP_KB = 80;

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

async function main(): Promise<void> {
  bundleTable();
  console.log('\nFirst usable paint: npm run bench -- paint (bench/paint.ts).');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
