/**
 * A market maker that signs after the person (issue 22, the Swap API v2's /order: it signs at
 * /execute): its missing signature passes only when the review awaits that very co-signer and
 * it is the swap's counterparty in these bytes (it pays the person their side of the route).
 * Real compiled messages and spl-token account data (test/fixtures/review-scenarios.ts).
 */
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import {
  honestSwap,
  key,
  scenarioReport,
  VENUE,
  verdict,
} from '../../test/fixtures/review-scenarios';

const MAKER = key(VENUE.publicKey) as Address;

describe('an awaited co-signer', () => {
  it("the route's market maker may sign later: signers and awaited-signers pass", async () => {
    const report = await scenarioReport({
      ...honestSwap(),
      signers: [],
      awaitedCosigners: [MAKER],
    });
    expect(verdict(report, 'signers').ok).toBe(true);
    expect(verdict(report, 'awaited-signers')).toMatchObject({
      ok: true,
      reason: expect.stringMatching(/signs after you/),
    });
    expect(report.refusals).toEqual([]);
  });

  it('a missing signature nobody awaits is refused, as before', async () => {
    const report = await scenarioReport({ ...honestSwap(), signers: [] });
    expect(verdict(report, 'signers').ok).toBe(false);
    expect(report.verdicts.some((v) => v.rule === 'awaited-signers')).toBe(false);
  });

  it('awaiting someone else does not excuse the missing market maker', async () => {
    const other = key(Keypair.generate().publicKey) as Address;
    const report = await scenarioReport({
      ...honestSwap(),
      signers: [],
      awaitedCosigners: [other],
    });
    expect(verdict(report, 'signers')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/missing/),
    });
  });

  it('an awaited co-signer who pays the person nothing is refused', async () => {
    const scenario = honestSwap();
    // The market maker's leg removed: it would only sign, paying nothing.
    const instructions = scenario.instructions.filter(
      (ix) => !ix.keys.some((k) => k.isSigner && k.pubkey.equals(VENUE.publicKey)),
    );
    const stranger = Keypair.generate();
    instructions.push(
      // A signer who takes part in nothing but its own signature.
      {
        ...instructions[0]!,
        keys: [
          ...instructions[0]!.keys,
          { pubkey: stranger.publicKey, isSigner: true, isWritable: false },
        ],
      },
    );
    const report = await scenarioReport({
      ...scenario,
      instructions,
      signers: [],
      awaitedCosigners: [key(stranger.publicKey) as Address],
    });
    expect(verdict(report, 'awaited-signers')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/pays you nothing/),
    });
    expect(report.accepted).toBe(false);
  });
});
