/**
 * No value resting on the swap service's word (issue 32, point 4), against the real sandbox: a
 * hostile service routes the person through the attacker's own CP-Swap pool priced 40% below
 * the market (test/harness/attacker-pool.ts, a real pool made with the program's `initialize`)
 * while its Price API lies along, so by the service's prices nothing is lost.
 *
 * - FRZ, the sandbox's own token, has no Pyth feed: the wallet values it from the deepest
 *   Raydium CP-Swap pool it finds itself (FRZ/USDC, the market's), not the route's; the review
 *   requires acknowledgement and names that pool. A twin key lands the same route: ~40% lost.
 * - SOL's feed five minutes old (POST /sandbox/oracle, `staleSeconds`): the wallet judges by its
 *   last price within a band for its age; the review requires acknowledgement and names it.
 * - The honest twins, the market's own routes, are accepted without acknowledgement.
 * - JitoSOL (no Pyth feed since 2025-09-02) is valued from Jito's stake pool rate, which the
 *   sandbox publishes at the pool's mainnet address in the SPL stake pool layout.
 *
 * Setting: hostile-onchain-session.ts (a real sandbox, the hostile stand-in, the wallet's real
 * composition root behind the real bridge).
 */
import { describe, expect, it } from 'vitest';
import { createAttackerPool, routeThrough } from '../harness/attacker-pool';
import {
  attacker,
  connection,
  fundAttacker,
  hostile,
  send,
  twinLands,
  useHostileOnchain,
  wallet,
} from './hostile-onchain-session';
import { SOL, USDC } from './swap-flow-wallet';
import {
  lieAbout,
  needsAcknowledgement,
  reviewSol as reviewSolOf,
  setFeed,
} from './value-evidence-steps';

const FRZ = 'JEFmZw5rBzWj2Uobg8RYzKdjSpTMQCxkvgbxifxkRveC';
const JITOSOL = 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn';
const AMOUNT = 100_000_000n; // 0.1 SOL, about $15

useHostileOnchain();

const reviewSol = (outputMint: string) => reviewSolOf(outputMint, AMOUNT);

describe('a token with no Pyth feed, through the attacker’s pool 40% below the market', () => {
  it('is valued from the deepest pool the wallet finds, must be acknowledged, and the twin loses ~40%', async () => {
    // The attacker's SOL/FRZ pool (1% tier): 90 FRZ a SOL, where the market's FRZ/USDC pool and
    // SOL's $150 say 150.
    const pool = await createAttackerPool(
      connection,
      attacker,
      send,
      { solAmount: 20_000_000_000n, quoteAmount: 1_800_000_000n },
      fundAttacker,
      FRZ,
    );
    const tamper = {
      ...routeThrough(connection, pool, AMOUNT, { impact: '0.001', minimumBps: 9_900n }),
      // FRZ "worth" $1.6667: by the service's prices, 9 FRZ for 0.1 SOL loses nothing.
      prices: lieAbout(FRZ, 1.6667),
    };
    hostile.use(tamper);
    try {
      const ticket = await reviewSol(FRZ);
      expect(ticket.report.refusals).toEqual([]);
      const output = ticket.report.valuation?.output;
      expect(output).toMatchObject({ source: 'pool', feed: null, servicePrice: '1.6667' });
      expect(Number(output?.evidencePrice)).toBeCloseTo(1, 2);
      expect(output?.evidence).toMatch(
        /^the deepest Raydium CP-Swap pool the wallet found, FRZ\/USDC \S+ \(\$1,000,0\d\d\.\d\d of USDC\), USDC priced by Pyth's USDC\/USD feed$/,
      );
      expect(output?.evidence).not.toContain(pool.pool.slice(0, 4));
      const loss = ticket.report.tokenWarnings.find((w) => w.kind === 'value-loss');
      expect(loss?.mustAcknowledge).toBe(true);
      expect(loss?.sentence).toMatch(
        /^You give about \$1[45]\.\d\d and may get as little as \$8\.\d\d \(prices from Pyth's SOL\/USD feed for SOL and the deepest Raydium CP-Swap pool the wallet found, FRZ\/USDC .* for FRZ \(±1%\)\): 4\d% less\./,
      );
      await needsAcknowledgement(ticket);
    } finally {
      hostile.use(null);
    }
    // Harmful: a key the test holds lands the same route (no front-run needed).
    const twin = await twinLands(
      tamper,
      { inputMint: SOL, outputMint: FRZ, amount: AMOUNT.toString(), slippageBps: '100' },
      {},
      { between: async () => undefined },
    );
    // The market pays about 15 FRZ for 0.1 SOL; the attacker's pool about 8.9.
    expect(twin.received).toBeGreaterThan(8_000_000n);
    expect(twin.received).toBeLessThan(9_000_000n);
  }, 120_000);

  it('the honest twin, through the market’s own pools, needs no acknowledgement and is sent', async () => {
    const ticket = await reviewSol(FRZ);
    expect(ticket.report.accepted).toBe(true);
    expect(ticket.report.valuation?.output.source).toBe('pool');
    expect(ticket.report.tokenWarnings.filter((w) => w.mustAcknowledge)).toEqual([]);
    const sent = await wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect(sent.signature).toBeTruthy();
  }, 60_000);
});

it('JitoSOL, whose Pyth feed was dropped, is valued from Jito’s stake pool rate (at its mainnet address)', async () => {
  const ticket = await reviewSol(JITOSOL);
  expect(ticket.report.accepted).toBe(true);
  const output = ticket.report.valuation?.output;
  expect(output).toMatchObject({ source: 'stake-pool', feed: null, toleranceBps: 100 });
  expect(
    Number(output?.evidencePrice) / Number(ticket.report.valuation?.input.oraclePrice),
  ).toBeCloseTo(1.21, 6);
  expect(ticket.report.valuation?.sentences[1]).toMatch(
    /^JitoSOL is valued from Jito's stake pool's exchange rate \(1\.21 SOL a token, Jito…Awbb\) times Pyth's SOL\/USD feed's SOL price, within ±1%, not at the swap service's price\.$/,
  );
  expect(ticket.report.tokenWarnings.filter((w) => w.mustAcknowledge)).toEqual([]);
});

describe('a five-minute-old SOL feed, through the attacker’s SOL/USDC pool 40% below', () => {
  it('is judged by its last price within its band and must be acknowledged; the honest twin is not', async () => {
    const pool = await createAttackerPool(
      connection,
      attacker,
      send,
      { solAmount: 20_000_000_000n, quoteAmount: 1_800_000_000n }, // 90 USDC a SOL, not 150
      fundAttacker,
    );
    await setFeed(SOL, 'stale', 300);
    try {
      hostile.use({
        ...routeThrough(connection, pool, AMOUNT, { impact: '0.001', minimumBps: 9_900n }),
        prices: lieAbout(SOL, 90),
      });
      try {
        const ticket = await reviewSol(USDC);
        expect(ticket.report.refusals).toEqual([]);
        const input = ticket.report.valuation?.input;
        expect(input).toMatchObject({ source: 'stale-oracle', feed: 'SOL/USD' });
        expect(input?.evidence).toMatch(/^Pyth's SOL\/USD feed, last published 5 min ago$/);
        expect(input?.oracleRefusal).toMatch(/stale: last published 3\d\d s ago/);
        const loss = ticket.report.tokenWarnings.find((w) => w.kind === 'value-loss');
        expect(loss?.mustAcknowledge).toBe(true);
        expect(loss?.sentence).toMatch(
          /\(prices from Pyth's SOL\/USD feed, last published 5 min ago for SOL \(±3\.\d+%\) and Pyth's USDC\/USD feed for USDC\): 4\d% less\. That is more than 5% even allowing 3\.\d+% for the prices' age and source\./,
        );
        await needsAcknowledgement(ticket);
      } finally {
        hostile.use(null);
      }
      // The honest twin, the market's own pool, under the same five-minute-old feed.
      const honest = await reviewSol(USDC);
      expect(honest.report.accepted).toBe(true);
      expect(honest.report.valuation?.input.source).toBe('stale-oracle');
      expect(honest.report.tokenWarnings.filter((w) => w.mustAcknowledge)).toEqual([]);
    } finally {
      await setFeed(SOL, 'live');
    }
  }, 120_000);
});
