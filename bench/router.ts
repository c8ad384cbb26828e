/**
 * Router benchmark: quote latency and route quality over a synthetic market (≥ 200 CP-Swap
 * pools over ≥ 50 tokens, in the sandbox's four fee tiers, priced by the program's own
 * arithmetic), in process. Quality is the router's output divided by the
 * best output of an exhaustive search over the same route space (every path of up to three hops
 * through any token, every pool and every pair of pools at every whole-percent share), over
 * ≥ 1,000 random ExactIn requests. Goals: p50 ≤ 1 ms, quality ≥ 0.999.
 *
 *   node --import tsx bench/router.ts [--seed N] [--requests N]
 */
import { performance } from 'node:perf_hooks';
import { syntheticCpPool } from '../main/sandbox/cp-swap/synthetic-pool';
import type { Pool, Reserves } from '../main/sandbox/venues/types';
import { PoolGraph } from '../main/sandbox/router/pool-graph';
import { findBestRoute, type RouteRequest } from '../main/sandbox/router/route-search';
import { exhaustiveBestOutput } from '../main/sandbox/router/exhaustive';
import { countRouteAccounts, MAX_ACCOUNTS } from '../main/sandbox/router/route-accounts';
import type { ReservesOf } from '../main/sandbox/router/route-types';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const SEED = argument('seed', 7);
const REQUESTS = argument('requests', 1_000);
const TOKENS = 60;
const POOLS = 240;

/** mulberry32: a small seeded PRNG, so every run prices the same market. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const logUniform = (min: number, max: number) =>
  Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));

interface Token {
  mint: string;
  usd: number;
  decimals: number;
}

// Tokens 0-2 are the hubs (a SOL-like and two dollars); 3-5 more dollar-pegged tokens.
const tokens: Token[] = Array.from({ length: TOKENS }, (_, i) => ({
  mint: `T${String(i).padStart(3, '0')}`,
  usd: i === 0 ? 150 : i <= 5 ? 1 : logUniform(0.00001, 500),
  decimals: i === 0 ? 9 : i <= 5 ? 6 : pick([5, 6, 8, 9]),
}));

/** Base units of `token` worth `usd` dollars. */
function units(token: Token, usd: number): bigint {
  return BigInt(Math.max(1, Math.floor((usd / token.usd) * 10 ** token.decimals)));
}

const pools: Pool[] = [];
const reserves = new Map<string, Reserves>();

/** Fee tiers of the sandbox's CP-Swap configs, in parts per million. */
const FEE_RATES = [100n, 500n, 2_500n, 10_000n];

/** A CP-Swap pool priced by the program's arithmetic, near the two tokens' prices. */
function addPool(a: Token, b: Token): void {
  const key = `P${pools.length}`;
  const tvl = logUniform(20_000, 20_000_000) / 2;
  // a small pool-to-pool discrepancy, so splits and paths differ
  const amountA = units(a, tvl * (1 + (random() - 0.5) * 0.002));
  const amountB = units(b, tvl);
  const built = syntheticCpPool({
    address: key,
    mint0: a.mint,
    mint1: b.mint,
    reserve0: amountA,
    reserve1: amountB,
    tradeFeeRate: pick(FEE_RATES),
  });
  pools.push(built.pool);
  reserves.set(key, built.reserves);
}

const hubs = tokens.slice(0, 3);
const dollars = tokens.slice(1, 6);
for (let i = 0; i < dollars.length; i += 1) {
  for (let j = i + 1; j < dollars.length; j += 1) addPool(dollars[i] as Token, dollars[j] as Token);
}
for (const token of tokens.slice(6)) {
  // every token trades against SOL or a dollar (mostly both), as on mainnet
  addPool(token, random() < 0.8 ? (hubs[0] as Token) : pick(hubs));
  if (random() < 0.7) addPool(token, pick(hubs));
}
for (let i = 0; i < 3; i += 1) addPool(tokens[0] as Token, tokens[1] as Token);
addPool(tokens[0] as Token, tokens[2] as Token);
while (pools.length < POOLS) {
  const a = pick(tokens);
  const b = pick(tokens);
  if (a === b || (dollars.includes(a) && dollars.includes(b))) continue;
  addPool(a, b);
}

const graph = new PoolGraph(pools);
const reservesOf: ReservesOf = (pool) => reserves.get(pool.ammKey) as Reserves;

function request(input: Token, output: Token, amount: bigint): RouteRequest {
  return {
    inputMint: input.mint,
    outputMint: output.mint,
    amount,
    swapMode: 'ExactIn',
    onlyDirectRoutes: false,
    intermediateMints: null,
    allowVenue: () => true,
    maxAccounts: MAX_ACCOUNTS,
    countAccounts: (route) => countRouteAccounts(route, () => false, false),
  };
}

const requests: RouteRequest[] = [];
while (requests.length < REQUESTS) {
  const input = pick(tokens);
  const output = pick(tokens);
  if (input === output) continue;
  requests.push(request(input, output, units(input, logUniform(10, 2_000_000))));
}

// Warm up the JIT on a different set of requests, then measure.
for (let i = 0; i < 300; i += 1)
  findBestRoute(graph, reservesOf, requests[i % requests.length] as RouteRequest);

const latencies: number[] = [];
const ratios: number[] = [];
let routed = 0;
let unroutable = 0;
let routerMissed = 0;
let twoHop = 0;
let threeHop = 0;
let split = 0;
for (const req of requests) {
  const started = performance.now();
  const route = findBestRoute(graph, reservesOf, req);
  const elapsed = performance.now() - started;
  const best = exhaustiveBestOutput(graph, reservesOf, req);
  if (best === null) {
    unroutable += 1;
    continue;
  }
  latencies.push(elapsed);
  if (route === null) {
    routerMissed += 1;
    ratios.push(0);
    continue;
  }
  routed += 1;
  if (route.hops.length === 2) twoHop += 1;
  if (route.hops.length === 3) threeHop += 1;
  if (route.hops.some((hop) => hop.legs.length > 1)) split += 1;
  ratios.push(Number((route.outAmount * 1_000_000_000n) / best) / 1e9);
}

const sorted = (list: number[]) => [...list].sort((x, y) => x - y);
const quantile = (list: number[], q: number) =>
  sorted(list)[Math.min(list.length - 1, Math.floor(q * list.length))] as number;
const mean = (list: number[]) => list.reduce((sum, x) => sum + x, 0) / list.length;
const rows: [string, string][] = [
  ['pools / tokens', `${pools.length} / ${tokens.length}`],
  ['requests (ExactIn, random pair and size $10-$2M)', `${requests.length}`],
  [
    'routed / no route in the space / router found none',
    `${routed} / ${unroutable} / ${routerMissed}`,
  ],
  ['routed: two hops / three hops / a split hop', `${twoHop} / ${threeHop} / ${split}`],
  ['quote latency p50 (ms, routable requests)', quantile(latencies, 0.5).toFixed(3)],
  ['quote latency p99 (ms, routable requests)', quantile(latencies, 0.99).toFixed(3)],
  ['quality: mean router/exhaustive output', mean(ratios).toFixed(6)],
  ['quality: p1 / min', `${quantile(ratios, 0.01).toFixed(6)} / ${sorted(ratios)[0]?.toFixed(6)}`],
  [
    'quality: share of requests ≥ 0.999',
    `${((ratios.filter((r) => r >= 0.999).length / ratios.length) * 100).toFixed(2)}%`,
  ],
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`router benchmark (seed ${SEED})`);
console.log(`| ${'measure'.padEnd(width)} | value |`);
console.log(`|${'-'.repeat(width + 2)}|-------|`);
for (const [name, value] of rows) console.log(`| ${name.padEnd(width)} | ${value} |`);
const ok = quantile(latencies, 0.5) <= 1 && mean(ratios) >= 0.999;
console.log(ok ? 'goals met: p50 ≤ 1 ms, quality ≥ 0.999' : 'GOALS NOT MET');

// The whole GET /quote path in process (parameters, vault balances read from a real litesvm
// ledger, routing, price impact, response), over the sandbox's own seeded pools.
const { mkdtempSync, rmSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const { join } = await import('node:path');
const { SandboxLedger } = await import('../main/sandbox/ledger/ledger');
const { loadOrSeedMarket } = await import('../main/sandbox/pools/seed-market');
const { createMarketContext } = await import('../main/sandbox/swap-api/market-context');
const { parseQuoteParams } = await import('../main/sandbox/swap-api/quote-params');
const { computeQuote } = await import('../main/sandbox/swap-api/quote-service');
const { SANDBOX_TOKENS } = await import('../main/sandbox/tokens');
const dir = mkdtempSync(join(tmpdir(), 'swapdesk-bench-'));
try {
  const ledger = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0 });
  const market = loadOrSeedMarket(ledger, join(dir, 'swap'));
  // Two contexts: one reading every pool afresh for each quote (the state changed since the
  // last: a swap landed), one sharing reads while the state is unchanged (a quote polled again).
  // The same ledger without its state number (`this` still reaches the ledger's own fields).
  const fresh = Object.create(ledger, {
    accountStateVersion: { value: undefined },
  }) as typeof ledger;
  const contexts = [
    ['every pool read afresh', createMarketContext(fresh, market)],
    ['same state, reads shared', createMarketContext(ledger, market)],
  ] as const;
  const queries: URLSearchParams[] = [];
  while (queries.length < REQUESTS) {
    const input = pick(SANDBOX_TOKENS);
    const output = pick(SANDBOX_TOKENS);
    if (input === output) continue;
    const amount = BigInt(
      Math.floor(
        (logUniform(1, 100_000) * 10 ** input.decimals) /
          (input.symbol === 'BONK' ? 0.00002 : input.symbol.endsWith('SOL') ? 150 : 1),
      ),
    );
    queries.push(
      new URLSearchParams({
        inputMint: input.mint,
        outputMint: output.mint,
        amount: String(amount),
      }),
    );
  }
  const now = () => performance.now();
  for (const [name, context] of contexts) {
    for (const query of queries.slice(0, 200)) {
      try {
        computeQuote(context, parseQuoteParams(query), now);
      } catch {
        // warm-up only
      }
    }
    const apiLatencies: number[] = [];
    let refused = 0;
    for (const query of queries) {
      const started = performance.now();
      try {
        computeQuote(context, parseQuoteParams(query), now);
        apiLatencies.push(performance.now() - started);
      } catch {
        refused += 1;
      }
    }
    console.log(
      `\nsandbox GET /quote in process, ${name} (${market.pools.length} seeded pools, ${SANDBOX_TOKENS.length} tokens, litesvm ledger)`,
    );
    console.log(`| quotes answered / refused | ${apiLatencies.length} / ${refused} |`);
    console.log(`| latency p50 (ms) | ${quantile(apiLatencies, 0.5).toFixed(3)} |`);
    console.log(`| latency p99 (ms) | ${quantile(apiLatencies, 0.99).toFixed(3)} |`);
  }
  ledger.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
