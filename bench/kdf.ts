/**
 * The cost of sealing (issue 24): how long scrypt takes to derive a wallet key at the app's
 * parameters (N = 2^17, r = 8, p = 1, 128 MiB per derivation) and at cheaper ones for
 * comparison, how much memory it takes, and what sealing and opening an item cost once the key
 * exists. Every unlock, password check (Show recovery phrase, Export secret key) and password
 * change pays one derivation; a guesser pays one per guess. `npm run bench -- kdf`
 */
import { performance } from 'node:perf_hooks';
import { SCRYPT_PARAMS, deriveSealKey, openItem, sealItem } from '../main/vault/seal';

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timeDerive(N: number): Promise<{ ms: number; rssMiB: number }> {
  const times: number[] = [];
  let peak = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const key = await deriveSealKey('bench password: not a secret', undefined, {
      ...SCRYPT_PARAMS,
      N,
    });
    times.push(performance.now() - start);
    peak = Math.max(peak, process.memoryUsage().rss);
    key.key.fill(0);
  }
  return { ms: median(times), rssMiB: peak / 2 ** 20 };
}

const rows: string[][] = [];
for (const log of [14, 15, 16, 17]) {
  const { ms, rssMiB } = await timeDerive(2 ** log);
  const memory = (128 * 2 ** log * SCRYPT_PARAMS.r) / 2 ** 20;
  rows.push([
    `2^${log}${log === 17 ? ' (app)' : ''}`,
    memory.toFixed(0),
    ms.toFixed(0),
    (1000 / ms).toFixed(2),
    rssMiB.toFixed(0),
  ]);
}

const key = await deriveSealKey('bench password: not a secret');
const secret = new Uint8Array(64).fill(7);
const sealStart = performance.now();
const items: string[] = [];
for (let i = 0; i < 1000; i++) items.push(sealItem(key, `g1:item${i}`, secret));
const sealMs = (performance.now() - sealStart) / 1000;
const openStart = performance.now();
for (let i = 0; i < 1000; i++) (await openItem(key, `g1:item${i}`, items[i]!)).fill(0);
const openMs = (performance.now() - openStart) / 1000;

console.log(
  '| scrypt N | memory per guess (MiB) | median derive (ms) | guesses/s, one core | peak RSS (MiB) |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log('');
console.log('| with the key derived | per item (ms) |');
console.log('| --- | ---: |');
console.log(`| seal a 64-byte secret (secretbox, fresh nonce) | ${sealMs.toFixed(3)} |`);
console.log(`| open it | ${openMs.toFixed(3)} |`);
