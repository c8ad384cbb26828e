/**
 * The guard against a corpus of tampered /swap transactions (test/fixtures/tamper), on a real
 * sandbox process: each case starts from an honest transaction that the review accepts,
 * changes it, re-signs the venue's part with the sandbox's own venue key (so only the tamper
 * is wrong), and must be refused by its rule with a reason in words.
 */
import { describe, expect, it } from 'vitest';
import type { SwapIntent } from '../../main/review';
import {
  openTransaction,
  prepareBase,
  TAMPER_CASES,
  tamperSwapAnswer,
  type PreparedSwap,
} from '../fixtures/tamper';
import { reviewPrepared, useTamperContext } from './tamper-session';

const ctx = useTamperContext();

const review = (base: PreparedSwap, transaction: Uint8Array, intent?: SwapIntent) =>
  reviewPrepared(ctx, base, transaction, intent);

describe('the guard refuses tampered swap transactions', () => {
  it('has a corpus of at least 30 cases', () => {
    expect(TAMPER_CASES.length).toBeGreaterThanOrEqual(30);
  });

  for (const tamperCase of TAMPER_CASES) {
    it(`refuses: ${tamperCase.name}`, async () => {
      const base = await prepareBase(ctx, tamperCase.base);
      expect(base.swap.signable).toBe(true);
      const honest = await review(base, base.swap.transaction);
      expect(honest.refusals).toEqual([]);
      expect(honest.accepted).toBe(true);

      const opened = await openTransaction(base.swap.transaction, ctx.world.connection);
      const tampered = await tamperCase.tamper(ctx, base, opened);
      const bytes = tampered instanceof Uint8Array ? tampered : tampered.transaction;
      const intent =
        tampered instanceof Uint8Array ? base.intent : (tampered.intent ?? base.intent);
      const report = await review(base, bytes, intent);

      expect(report.format).toBe(tamperCase.format ?? 'v0');
      expect(report.accepted).toBe(false);
      const verdict = report.verdicts.find((v) => v.rule === tamperCase.rule);
      expect(
        verdict,
        `no ${tamperCase.rule} verdict; refusals: ${report.refusals.join(' / ')}`,
      ).toBeDefined();
      expect(verdict?.ok, `refusals: ${report.refusals.join(' / ')}`).toBe(false);
      expect(verdict?.reason).toMatch(tamperCase.reason);
      expect(report.refusals).toContain(verdict?.reason);
    });
  }
});

describe('a /swap answer tampered at the HTTP level (the e2e proxy’s helper)', () => {
  it('is refused with the stranger’s SOL transfer in words', async () => {
    const base = await prepareBase(ctx, 'usdc-sol');
    const answer = await tamperSwapAnswer(
      {
        swapTransaction: base.swap.swapTransaction,
        lastValidBlockHeight: base.swap.lastValidBlockHeight,
      },
      {
        connection: ctx.world.connection,
        venue: ctx.world.venue,
        stranger: ctx.stranger.publicKey,
      },
    );
    const report = await review(base, Buffer.from(answer.swapTransaction, 'base64'));
    expect(report.accepted).toBe(false);
    const short = `${ctx.stranger.publicKey.toBase58().slice(0, 4)}…${ctx.stranger.publicKey.toBase58().slice(-4)}`;
    expect(report.refusals).toContain(
      `This transaction would send 0.05 SOL from your account to ${short}, which is not part of the swap.`,
    );
  });
});
