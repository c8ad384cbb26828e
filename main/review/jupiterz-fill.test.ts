/**
 * JupiterZ on mainnet (issue 22): an /order whose router is `jupiterz` lands as one `fill` of
 * Jupiter's order engine program (61DF…pYH), laid out as its published IDL says
 * (jup-ag/rfq-webhook-toolkit `idls/order_engine.json` and `programs/order-engine/src/
 * instructions/fill.rs`: taker, maker, four optional token accounts, the mints and their
 * programs, the system program; input_amount, output_amount, expire_at). The market maker signs
 * at /execute, after the person. No real JupiterZ transaction is among the recorded fixtures
 * (test/fixtures/real-world/README.md), so the instruction is built from that layout.
 *
 * The honest fill passes (the maker's signature awaited, the maker the counterparty that pays
 * the person, the bound exactly the output); a maker who takes the input and pays nothing, a
 * maker other than the one awaited, and a fill that pays someone else are refused.
 */
import { createHash } from 'node:crypto';
import { ComputeBudgetProgram, Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import {
  ata,
  BONK,
  honestSwap,
  key,
  scenarioReport,
  USDC,
  USER,
  VENUE,
  verdict,
} from '../../test/fixtures/review-scenarios';
import { decodeOrderEngine, FILL_DISCRIMINATOR } from './decode-order-engine';
import { JUPITERZ_ORDER_ENGINE } from './program-ids';

const ENGINE = new PublicKey(JUPITERZ_ORDER_ENGINE);
const TOKEN = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const SYSTEM = new PublicKey('11111111111111111111111111111111');
const MAKER = key(VENUE.publicKey) as Address;

/** A `fill` as the IDL lays it out: 10 USDC of the taker's for the maker's BONK. */
function fill(options: { maker?: PublicKey; output?: bigint; takerOutput?: PublicKey } = {}) {
  const maker = options.maker ?? VENUE.publicKey;
  const data = Buffer.alloc(8 + 24);
  data.set(FILL_DISCRIMINATOR, 0);
  data.writeBigUInt64LE(10_000_000n, 8);
  data.writeBigUInt64LE(options.output ?? 100_000_000n, 16);
  data.writeBigInt64LE(1_900_000_000n, 24);
  const w = (pubkey: PublicKey, isSigner = false) => ({ pubkey, isSigner, isWritable: true });
  const r = (pubkey: PublicKey) => ({ pubkey, isSigner: false, isWritable: false });
  return new TransactionInstruction({
    programId: ENGINE,
    keys: [
      w(USER.publicKey, true),
      w(maker, true),
      w(ata(USER.publicKey, USDC)),
      w(ata(maker, USDC)),
      w(options.takerOutput ?? ata(USER.publicKey, BONK)),
      w(ata(maker, BONK)),
      r(USDC),
      r(TOKEN),
      r(BONK),
      r(TOKEN),
      r(SYSTEM),
    ],
    data,
  });
}

/** The honest swap's accounts and simulated states, with the fill as its only swap. */
function jupiterz(instruction: TransactionInstruction, awaited: Address[] = [MAKER]) {
  return scenarioReport({
    ...honestSwap(),
    instructions: [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000 }),
      instruction,
    ],
    signers: [],
    awaitedCosigners: awaited,
    allowJupiter: true,
  });
}

describe("JupiterZ's fill in Jupiter's order engine", () => {
  it('decodes the IDL layout; the discriminator is Anchor’s sha256("global:fill")', () => {
    const anchor = createHash('sha256').update('global:fill').digest().subarray(0, 8);
    expect(Buffer.from(FILL_DISCRIMINATOR).equals(anchor)).toBe(true);
    const ix = fill();
    expect(
      decodeOrderEngine(
        ix.data,
        ix.keys.map((k) => key(k.pubkey) as Address),
      ),
    ).toMatchObject({
      kind: 'jupiterzFill',
      taker: key(USER.publicKey),
      maker: MAKER,
      inputAmount: 10_000_000n,
      outputAmount: 100_000_000n,
      expireAt: 1_900_000_000n,
    });
  });

  it('the honest fill passes: the maker signs after you, pays you, and the bound is exact', async () => {
    const report = await jupiterz(fill());
    expect(report.refusals).toEqual([]);
    expect(verdict(report, 'awaited-signers').ok).toBe(true);
    expect(verdict(report, 'programs').ok).toBe(true);
    expect(verdict(report, 'onchain-bound').reason).toBe(
      'The network refuses this swap if you would receive less than 1000 BONK.',
    );
    expect(report.instructions[2]?.summary).toMatch(
      /^JupiterZ fill: market maker \S+ pays \S+ exactly 1000 BONK for exactly 10 USDC/,
    );
  });

  it('a maker that takes the input and pays nothing is refused', async () => {
    const report = await jupiterz(fill({ output: 0n }));
    expect(report.accepted).toBe(false);
    expect(verdict(report, 'awaited-signers').reason).toMatch(/pays you nothing/);
    expect(verdict(report, 'onchain-bound').ok).toBe(false);
  });

  it('a maker that pays one base unit of BONK for the input is refused (issue 32)', async () => {
    const report = await jupiterz(fill({ output: 1n }));
    expect(report.accepted).toBe(false);
    expect(verdict(report, 'awaited-signers').reason).toMatch(
      /^The swap service says \S+ signs after you as your market maker, but it pays you only 0\.00001 BONK, less than the 990 BONK you accepted, so it is not the market maker of your swap\./,
    );
  });

  it('a co-signer that is not the awaited market maker stays a missing signature', async () => {
    const other = Keypair.generate().publicKey;
    const report = await jupiterz(fill({ maker: other }));
    expect(report.accepted).toBe(false);
    expect(verdict(report, 'signers').ok).toBe(false);
  });

  it('a fill that pays someone else makes the maker nobody’s counterparty', async () => {
    const stranger = ata(Keypair.generate().publicKey, BONK);
    const report = await jupiterz(fill({ takerOutput: stranger }));
    expect(report.accepted).toBe(false);
    expect(verdict(report, 'awaited-signers').reason).toMatch(/pays you nothing/);
  });
});
