/**
 * No value resting on the swap service's word (issue 32, point 4) on the Swap API v2: the
 * v2-shape twin of hostile-value-evidence.test.ts, against the real sandbox serving
 * `--api-shape v2`. The person holds SOL and swaps on the Meta-Aggregator path, so the wallet
 * asks GET /order with its own slippage; the hostile service (test/harness/hostile-swap-service.ts,
 * `v2Url`) answers with the order routed through the attacker's own CP-Swap pool priced 40%
 * below the market (test/harness/attacker-pool.ts) while its Price API lies along, so by the
 * service's prices nothing is lost. FRZ, the sandbox's own token, has no Pyth feed.
 *
 * - FRZ valued from the deepest pool the wallet finds itself (CP-Swap's FRZ/USDC at genesis):
 *   the review requires acknowledgement in words, approve without it is RISK_NOT_ACKNOWLEDGED,
 *   and a twin key lands the same order and receives ~40% less. The honest order is sent.
 * - Then a Raydium CLMM FRZ/USDC pool deeper than every other FRZ pool is opened at run time
 *   by a liquidity provider (test/harness/clmm-pool.ts, the real program's create_pool and
 *   open_position): the wallet values FRZ from that CLMM pool, names it, and requires
 *   acknowledgement again; the twin loses ~40%; the honest order is valued from it and passes.
 *
 * Setting: hostile-onchain-session.ts with `apiShape: 'v2'`.
 */
import { Keypair } from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAttackerPool, routeThrough, type AttackerPool } from '../harness/attacker-pool';
import { openClmmPool } from '../harness/clmm-pool';
import type { HostileCase } from '../harness/hostile-swap-service';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import {
  attacker,
  connection,
  faucetFor,
  fundAttacker,
  hostile,
  send,
  twinLands,
  useHostileOnchain,
  wallet,
} from './hostile-onchain-session';
import { airdrop } from './pay-helpers';
import { SOL } from './swap-flow-wallet';
import { lieAbout, needsAcknowledgement, reviewSol } from './value-evidence-steps';

const FRZ = 'JEFmZw5rBzWj2Uobg8RYzKdjSpTMQCxkvgbxifxkRveC';
const AMOUNT = 100_000_000n; // 0.1 SOL, about $15

useHostileOnchain({ apiShape: 'v2' });

let pool: AttackerPool;

beforeAll(async () => {
  await wallet.call('swapPath.set', { path: 'meta-aggregator' });
  // The attacker's SOL/FRZ pool (1% tier): 90 FRZ a SOL, where the market says 150.
  pool = await createAttackerPool(
    connection,
    attacker,
    send,
    { solAmount: 20_000_000_000n, quoteAmount: 1_800_000_000n },
    fundAttacker,
    FRZ,
  );
}, 120_000);

/** The hostile order: through the attacker's pool, FRZ "worth" $1.6667 by its Price API. */
function throughAttackerPool(): HostileCase {
  return {
    ...routeThrough(connection, pool, AMOUNT, { impact: '0.001', minimumBps: 9_900n }),
    prices: lieAbout(FRZ, 1.6667),
    // The order is routed on CP-Swap, the venue whose swap the case points at its pool.
    forwardQuery: (query) => query.set('dexes', 'Raydium CPMM'),
  };
}

/**
 * The hostile order reviewed (valued from `evidence`, acknowledgement required in `venue`'s
 * words, approve refused without it), then landed by a twin: it receives about 40% less.
 */
async function harmfulAndHeld(evidence: RegExp, venue: string) {
  const tamper = throughAttackerPool();
  hostile.use(tamper);
  try {
    const ticket = await reviewSol(FRZ, AMOUNT);
    expect(hostile.tampered()).toBeGreaterThan(0);
    expect(ticket.report.refusals).toEqual([]);
    const output = ticket.report.valuation?.output;
    expect(output).toMatchObject({ source: 'pool', feed: null, servicePrice: '1.6667' });
    expect(Number(output?.evidencePrice)).toBeCloseTo(1, 2);
    expect(output?.evidence).toMatch(evidence);
    expect(output?.evidence).not.toContain(pool.pool.slice(0, 4));
    const loss = ticket.report.tokenWarnings.find((w) => w.kind === 'value-loss');
    expect(loss?.mustAcknowledge).toBe(true);
    expect(loss?.sentence).toMatch(
      new RegExp(
        `^You give about \\$1[45]\\.\\d\\d and may get as little as \\$8\\.\\d\\d \\(prices from Pyth's SOL/USD feed for SOL and the deepest ${venue} pool the wallet found, FRZ/USDC .* for FRZ \\(±1%\\)\\): 4\\d% less\\.`,
      ),
    );
    await needsAcknowledgement(ticket);
  } finally {
    hostile.use(null);
  }
  const twin = await twinLands(
    throughAttackerPool(),
    { inputMint: SOL, outputMint: FRZ, amount: AMOUNT.toString(), slippageBps: '100' },
    {},
    { between: async () => undefined },
  );
  // The market pays about 15 FRZ for 0.1 SOL; the attacker's pool about 8.9.
  expect(twin.received).toBeGreaterThan(8_000_000n);
  expect(twin.received).toBeLessThan(9_000_000n);
}

/** The market's own order: valued from `evidence`, no acknowledgement, sent and confirmed. */
async function honestIsSent(evidence: RegExp) {
  const ticket = await reviewSol(FRZ, AMOUNT);
  expect(ticket.report.accepted).toBe(true);
  expect(ticket.report.valuation?.output.source).toBe('pool');
  expect(ticket.report.valuation?.output.evidence).toMatch(evidence);
  expect(ticket.report.tokenWarnings.filter((w) => w.mustAcknowledge)).toEqual([]);
  const sent = await wallet.call('swap.approve', {
    ticketId: ticket.ticketId,
    transactionBase64: ticket.transactionBase64,
  });
  await waitForStatus(connection, sent.signature, 200, 25);
}

const CP_SWAP_EVIDENCE =
  /^the deepest Raydium CP-Swap pool the wallet found, FRZ\/USDC \S+ \(\$1,000,\d{3}\.\d\d of USDC\), USDC priced by Pyth's USDC\/USD feed$/;
const CLMM_EVIDENCE =
  /^the deepest Raydium CLMM pool the wallet found, FRZ\/USDC \S+ \(\$1,[5-9]\d\d,\d{3}\.\d\d of USDC\), USDC priced by Pyth's USDC\/USD feed$/;

describe('FRZ (no Pyth feed) on a v2 /order through the attacker’s pool 40% below the market', () => {
  it('is valued from the deepest pool the wallet finds, must be acknowledged, and the twin loses ~40%', async () => {
    await harmfulAndHeld(CP_SWAP_EVIDENCE, 'Raydium CP-Swap');
  }, 120_000);

  it('the honest order, through the market’s own pools, needs no acknowledgement and is sent', async () => {
    await honestIsSent(CP_SWAP_EVIDENCE);
  }, 60_000);
});

describe('FRZ whose deepest pool is a Raydium CLMM pool opened at run time', () => {
  it('is valued from that CLMM pool, named in words, must be acknowledged, and the twin loses ~40%', async () => {
    // A liquidity provider opens FRZ/USDC on CLMM's 0.05% tier at $1, about $1.6 M a side:
    // deeper than CP-Swap's FRZ/USDC ($1 M of USDC), the deepest FRZ pool before it.
    const provider = Keypair.generate();
    await airdrop(connection, provider.publicKey.toBase58(), 5_000_000_000);
    await openClmmPool(
      provider,
      send,
      (mint, amount) => faucetFor(provider.publicKey.toBase58(), mint, amount),
      {
        a: 'FRZ',
        b: 'USDC',
        feeTier: '0.05%',
        price: '1',
        ranges: [{ halfWidth: 4000, amountA: '1600000' }],
      },
    );
    await harmfulAndHeld(CLMM_EVIDENCE, 'Raydium CLMM');
  }, 180_000);

  it('the honest order is valued from the same CLMM pool, needs no acknowledgement and is sent', async () => {
    await honestIsSent(CLMM_EVIDENCE);
  }, 60_000);
});
