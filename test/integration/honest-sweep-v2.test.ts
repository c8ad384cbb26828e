/**
 * The honest sweep on the Swap API v2 (issue 32 point 5): the sweep of issue 21
 * (test/harness/honest-sweep.ts) against one sandbox serving `--api-shape v2`, through the real
 * composition root behind the real bridge registry (contract schemas, real keychain, real review
 * on the sandbox VM):
 *
 * - the Router path (GET /build): every ordered pair of sandbox tokens, and invoices in every
 *   token (with a reference key and memo, and plain) paid from SOL, USDC, BONK, TFEE and PDLG;
 * - the Best price path (GET /order + POST /execute): every ordered pair;
 * - gasless: a person with no SOL at all swaps every held token into every other on Best price,
 *   the sandbox's gas payer (or the market maker) paying the network costs; two-hop routes, the
 *   market maker's fill followed by a pool's included.
 *
 * Every review is accepted, no guard refusal; every fourth accepted case (every sixth gasless
 * one, and every gasless two hop and two-hop invoice with a memo and reference) is approved, signed, sent and confirmed, at least 100 in the run; each confirmed invoice's
 * payee holds exactly the amount more. What a path cannot serve (by the pools' seeds alone:
 * honest-sweep-v2.ts) is refused before any review in exactly "No route joins A and B on this
 * network. Choose another token.": never a filter or setting the person did not set, never
 * "(no error code)".
 */
import { describe, expect, it } from 'vitest';
import {
  approveCase,
  bySymbol,
  invoiceCases,
  swapCases,
  SWEEP_TOKENS,
  type SweepCase,
} from '../harness/honest-sweep';
import { CP_POOL_SEEDS } from '../../main/sandbox/cp-swap/pool-seeds';
import { noRouteWords, unservableOn, type SweepPath } from '../harness/honest-sweep-v2';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import { useHonestSweepSession } from '../harness/honest-sweep-session';

// Jupiter's program executes the routes, as on mainnet: its route_v2 instructions are what
// made an invoice's memo and reference overflow a transaction before /build named its tables.
const session = useHonestSweepSession({
  name: 'honest-sweep-v2',
  sandbox: {
    slotMs: 80,
    args: ['--api-shape', 'v2', '--jupiter-program', JUPITER_PROGRAM_FIXTURE],
  },
});
const { call, fundTokens, lamportsOf } = session;
/** Approvals confirmed in this run, over all its tests. */
let confirmedInRun = 0;

interface Outcome {
  cases: number;
  accepted: number;
  confirmed: number;
  /** The names of the confirmed cases. */
  confirmedNames: Set<string>;
  refused: string[];
  notOffered: string[];
  failed: string[];
}

interface SweepHooks {
  /** Before each case (the gasless pass changes people there). */
  beforeCase?: () => Promise<void>;
  /** After each confirmed approval: a problem to report, or null. */
  afterConfirmed?: (sweepCase: SweepCase) => Promise<string | null>;
}

/**
 * Reviews each case on `path` and approves those `approve` picks (of the accepted), waiting for
 * each to confirm.
 */
async function sweep(
  path: SweepPath,
  cases: SweepCase[],
  approve: (sweepCase: SweepCase, acceptedIndex: number) => boolean,
  hooks: SweepHooks = {},
): Promise<Outcome> {
  await session.wallet.call('swapPath.set', { path });
  const outcome: Outcome = {
    cases: cases.length,
    accepted: 0,
    confirmed: 0,
    confirmedNames: new Set(),
    refused: [],
    notOffered: [],
    failed: [],
  };
  const started = performance.now();
  for (const sweepCase of cases) {
    await hooks.beforeCase?.();
    const { reviewed, before } = await session.reviewCase(sweepCase);
    if (reviewed.outcome === 'refused') {
      outcome.refused.push(`${sweepCase.name}: ${reviewed.words}`);
    }
    if (reviewed.outcome === 'not-offered') {
      outcome.notOffered.push(`${sweepCase.name}: ${reviewed.code}: ${reviewed.words}`);
    }
    if (reviewed.outcome !== 'accepted') continue;
    outcome.accepted += 1;
    if (!approve(sweepCase, outcome.accepted)) continue;
    const result = await approveCase(call, sweepCase, reviewed);
    if (result.status !== 'confirmed') {
      outcome.failed.push(`${sweepCase.name}: ${result.status}: ${result.error}`);
      continue;
    }
    outcome.confirmed += 1;
    outcome.confirmedNames.add(sweepCase.name);
    const problem = (await hooks.afterConfirmed?.(sweepCase)) ?? null;
    if (problem !== null) outcome.failed.push(`${sweepCase.name}: ${problem}`);
    const unpaid = await session.paidExactly(sweepCase, before);
    if (unpaid !== null) outcome.failed.push(`${sweepCase.name}: ${unpaid}`);
  }
  confirmedInRun += outcome.confirmed;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(
    `honest sweep v2, ${path}: ${outcome.cases} cases, ${outcome.accepted} accepted, ${outcome.refused.length} refused, ${outcome.notOffered.length} not offered, ${outcome.confirmed} confirmed in ${seconds} s`,
  );
  return outcome;
}

/** Nothing refused or failed; nothing unoffered but what `path` cannot serve, in plain words. */
function expectHonest(path: SweepPath, cases: SweepCase[], outcome: Outcome): void {
  expect(outcome.refused).toEqual([]);
  expect(outcome.failed).toEqual([]);
  const expected = cases
    .filter((c) => unservableOn(path, c))
    .map((c) => `${c.name}: ${noRouteWords(c)}`);
  expect(outcome.notOffered).toEqual(expected);
  expect(outcome.accepted).toBe(cases.length - expected.length);
}

const everyFourth = (_: SweepCase, acceptedIndex: number) => acceptedIndex % 4 === 1;

/**
 * Invoices with a reference key and memo whose route has two hops under Jupiter's program: each
 * was TRANSACTION_TOO_LARGE before payments asked /build with maxAccounts and its tables.
 */
const TWO_HOP_INVOICES = ['JUP', 'RAY', 'PYUSD', 'FRZ', 'UNVR'].map(
  (symbol) =>
    invoiceCases().find(
      (c) => c.token.symbol === symbol && c.payWith.symbol === 'SOL' && c.withReference,
    )!.name,
);

/**
 * The trades of three hops (issue 33): mSOL with TFEE, FRZ and UNVR (mSOL > SOL > USDC > X),
 * and an mSOL invoice paid with TFEE; each was "No route" while the router stopped at two hops.
 * Every one is approved and must land.
 */
const THREE_HOPS = [
  ...['TFEE', 'FRZ', 'UNVR'].flatMap((far) => [`swap mSOL->${far}`, `swap ${far}->mSOL`]),
  invoiceCases().find(
    (c) => c.token.symbol === 'mSOL' && c.payWith.symbol === 'TFEE' && c.withReference,
  )!.name,
];

describe('the honest sweep on the Swap API v2 (issue 32)', () => {
  it(
    'Router (/build): accepts every swap and invoice the sandbox serves; the rest in plain words',
    { timeout: 600_000 },
    async () => {
      const cases: SweepCase[] = [...swapCases(), ...invoiceCases()];
      const approve = (sweepCase: SweepCase, index: number) =>
        TWO_HOP_INVOICES.includes(sweepCase.name) ||
        THREE_HOPS.includes(sweepCase.name) ||
        everyFourth(sweepCase, index);
      const outcome = await sweep('router', cases, approve);
      expectHonest('router', cases, outcome);
      expect(TWO_HOP_INVOICES.filter((name) => !outcome.confirmedNames.has(name))).toEqual([]);
      expect(THREE_HOPS.filter((name) => !outcome.confirmedNames.has(name))).toEqual([]);
      // Every ordered pair a chain of pools joins is served: since three hops, every swap but
      // those of the tokens only the market maker trades (PDLG, XSTK; never on the Router path):
      // the ordered pairs with at least one of them, 2m(n − 1) − m(m − 1).
      const unserved = cases.filter((c) => c.kind === 'swap' && unservableOn('router', c));
      const makerOnly = SWEEP_TOKENS.filter(
        (t) => !CP_POOL_SEEDS.some((pool) => pool.a === t.symbol || pool.b === t.symbol),
      ).map((t) => t.symbol);
      expect(makerOnly).toContain('PDLG');
      expect(
        unserved.every(
          (c) =>
            c.kind === 'swap' &&
            [c.input.symbol, c.output.symbol].some((s) => makerOnly.includes(s)),
        ),
      ).toBe(true);
      const [n, m] = [SWEEP_TOKENS.length, makerOnly.length];
      expect(unserved).toHaveLength(2 * m * (n - 1) - m * (m - 1));
      expect(outcome.confirmed).toBeGreaterThan(50);
    },
  );

  it(
    'Best price (/order + /execute): accepts every swap the sandbox serves, the market maker included',
    { timeout: 600_000 },
    async () => {
      const cases: SweepCase[] = swapCases();
      const approve = (sweepCase: SweepCase, index: number) =>
        THREE_HOPS.includes(sweepCase.name) || everyFourth(sweepCase, index);
      const outcome = await sweep('meta-aggregator', cases, approve);
      expectHonest('meta-aggregator', cases, outcome);
      expect(outcome.notOffered).toEqual([]);
      const threeHopSwaps = THREE_HOPS.filter((name) => name.startsWith('swap '));
      expect(threeHopSwaps.filter((name) => !outcome.confirmedNames.has(name))).toEqual([]);
      expect(outcome.confirmed).toBeGreaterThan(35);
    },
  );

  it(
    'gasless: a person with no SOL swaps every token they hold, two hops included, and pays no SOL',
    { timeout: 600_000 },
    async () => {
      // A swap into SOL (and the rent of a temporary account coming back) leaves SOL behind:
      // past half the gasless threshold, the sweep goes on as a new person with no SOL.
      let current = '';
      const freshPerson = async () => {
        current = (await session.wallet.call('accounts.create', { label: 'No SOL' })).address;
        await fundTokens(current);
        expect(await lamportsOf(current)).toBe(0n);
      };
      await freshPerson();
      let lamportsBefore = 0n;
      const beforeCase = async () => {
        if ((await lamportsOf(current)) >= 5_000_000n) await freshPerson();
        lamportsBefore = await lamportsOf(current);
      };
      const sol = bySymbol('SOL');
      const cases: SweepCase[] = swapCases().filter((c) => c.kind === 'swap' && c.input !== sol);
      const twoHops = new Set([
        'swap PDLG->SOL', // the market maker's fill, then a pool: the maker pays the fee
        'swap PDLG->JUP',
        'swap BONK->JUP',
        'swap USDC->mSOL',
        'swap TFEE->SOL',
      ]);
      // Gasless: the person's SOL never goes down (a swap into SOL adds to it).
      const afterConfirmed = async () => {
        const after = await lamportsOf(current);
        return after < lamportsBefore ? `the person paid ${lamportsBefore - after} lamports` : null;
      };
      const outcome = await sweep(
        'meta-aggregator',
        cases,
        (sweepCase, index) => twoHops.has(sweepCase.name) || index % 6 === 1,
        { beforeCase, afterConfirmed },
      );
      expectHonest('meta-aggregator', cases, outcome);
      expect([...twoHops].filter((name) => !outcome.confirmedNames.has(name))).toEqual([]);
      expect(outcome.confirmed).toBeGreaterThan(25);
    },
  );

  it('confirmed at least 100 approvals in this run', () => {
    console.info(`honest sweep v2: ${confirmedInRun} approvals confirmed in this run`);
    expect(confirmedInRun).toBeGreaterThanOrEqual(100);
  });
});
