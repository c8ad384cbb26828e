/**
 * The guard's rules for Jupiter's route forms, proven on transactions the program really runs
 * (the sandbox with Jupiter's mainnet binary, a test fixture). An honest /swap (a `route` with a
 * platform fee) is accepted; the same transaction with its route instruction changed is refused
 * by the rule that owns the change: another fee account or a higher `platform_fee_bps`
 * (fee-account), a looser `slippage_bps` or a lower `quoted_out_amount` (onchain-bound), each in
 * the words the person sees. Then a
 * real front-run between review and landing: another trader's swap moves the pool; the honest
 * transaction fails on chain (the program's bound, 6001) and the loosened one lands, paying the
 * person less than the bound they approved: what the guard's refusal saved them.
 */
import { PublicKey, VersionedTransaction, type TransactionInstruction } from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ReviewReport, type SwapIntent } from '../../main/review';
import type { Address } from '../../main/shared/address';
import { shortAddress } from '../../main/review/words';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import {
  ata,
  closeTransaction,
  fundedKeypair,
  openTransaction,
  prepareBase,
  prepareSwap,
  settled,
  signAsUser,
  SOL,
  USDC,
  type PreparedSwap,
} from '../fixtures/tamper';
import { reviewPrepared, useTamperContext } from './tamper-session';

const JUPITER = new PublicKey('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4');

const ctx = useTamperContext({ args: ['--jupiter-program', JUPITER_PROGRAM_FIXTURE] });

const review = (base: PreparedSwap, transaction: Uint8Array, intent?: SwapIntent) =>
  reviewPrepared(ctx, base, transaction, intent);

/** The base swap with its route instruction changed by `change` (the person re-signs later). */
async function tampered(
  base: PreparedSwap,
  change: (route: TransactionInstruction) => void,
): Promise<Uint8Array> {
  const opened = await openTransaction(base.swap.transaction, ctx.world.connection);
  const route = opened.instructions.find((ix) => ix.programId.equals(JUPITER));
  if (route === undefined) throw new Error('no Jupiter route in the /swap answer');
  change(route);
  return closeTransaction(opened, []);
}

/** The V1 `route` arguments, read from the end: in u64, quoted u64, slippage u16, fee bps u8. */
const end = (route: TransactionInstruction) => ({
  feeBps: route.data.length - 1,
  slippage: route.data.length - 3,
  quoted: route.data.length - 11,
});

/** The words the person sees for a route whose on-chain bound is looser than their slippage. */
const LOOSER_BOUND =
  /^Its swap instructions would let the network complete this swap even if only [\d.]+ USDC arrived, less than the [\d.]+ USDC your slippage of 0\.50% allows\. The transaction does not protect you on chain: anyone who trades before it lands could take the difference\.$/;

function refusedBy(report: ReviewReport, rule: string): string {
  const verdict = report.verdicts.find((v) => v.rule === rule);
  expect(report.accepted).toBe(false);
  expect(verdict?.ok, JSON.stringify(report.refusals)).toBe(false);
  return verdict!.reason;
}

describe("the guard on Jupiter's route forms, on executed transactions", () => {
  let base: PreparedSwap;

  beforeAll(async () => {
    base = await prepareBase(ctx, 'fee-out');
  });

  it('accepts the honest route (one Jupiter instruction, fee paid by the program)', async () => {
    const opened = await openTransaction(base.swap.transaction, ctx.world.connection);
    expect(opened.instructions.filter((ix) => ix.programId.equals(JUPITER))).toHaveLength(1);
    const report = await review(base, base.swap.transaction);
    expect(report.refusals).toEqual([]);
    expect(report.accepted).toBe(true);
    expect(report.instructions.some((i) => /^Jupiter route: Raydium CP-Swap/.test(i.summary))).toBe(
      true,
    );
  });

  it('refuses another fee account in the route', async () => {
    const stranger = ata(ctx.stranger.publicKey, USDC);
    const bytes = await tampered(base, (route) => {
      route.keys[6] = { pubkey: stranger, isSigner: false, isWritable: true };
    });
    expect(refusedBy(await review(base, bytes), 'fee-account')).toMatch(
      new RegExp(
        `^The swap instruction sends the platform fee to ${shortAddress(stranger.toBase58())}, not to your configured fee account \\S+\\.$`,
      ),
    );
  });

  it('refuses a higher platform_fee_bps (60 for 50: within the slippage, so it would land)', async () => {
    const bytes = await tampered(base, (route) => {
      route.data[end(route).feeBps] = 60;
    });
    expect(refusedBy(await review(base, bytes), 'fee-account')).toBe(
      'The swap instruction takes a platform fee of 60 bps, more than the 50 bps of the quote.',
    );
  });

  it('refuses a lower quoted_out_amount', async () => {
    const bytes = await tampered(base, (route) => {
      const at = end(route).quoted;
      route.data.writeBigUInt64LE((route.data.readBigUInt64LE(at) * 90n) / 100n, at);
    });
    expect(refusedBy(await review(base, bytes), 'onchain-bound')).toMatch(LOOSER_BOUND);
  });

  it('refuses a looser slippage_bps, and a front-run shows what it would have cost', async () => {
    const loosened = await tampered(base, (route) => {
      route.data.writeUInt16LE(3_000, end(route).slippage);
    });
    expect(refusedBy(await review(base, loosened), 'onchain-bound')).toMatch(LOOSER_BOUND);

    // Between review and landing, another trader sells SOL into the same pools (the venues the
    // base route took, directly: with AMM v4 beside CP-Swap a free route may miss them).
    const trader = await fundedKeypair(ctx.world, 6_000n * 1_000_000_000n);
    const frontRun = await prepareSwap(ctx.world, trader, {
      inputMint: SOL as Address,
      outputMint: USDC as Address,
      amount: 5_000n * 1_000_000_000n,
      slippageBps: 5_000,
      dexes: [...new Set(base.quote.routePlan.map((step) => step.label ?? ''))],
      onlyDirectRoutes: true,
    });
    const { connection } = ctx.world;
    await settled(
      connection,
      await connection.sendRawTransaction(signAsUser(frontRun.swap.transaction, trader)),
    );

    // The honest transaction's bound holds: the program refuses it (6001, slippage exceeded).
    const honest = await connection.sendRawTransaction(
      signAsUser(base.swap.transaction, base.user),
      { skipPreflight: true },
    );
    await new Promise((done) => setTimeout(done, 300));
    const failed = await connection.getTransaction(honest, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(JSON.stringify(failed?.meta?.err)).toMatch(/6001/);

    // The loosened one lands, and pays the person less than the bound they approved.
    const output = ata(base.user.publicKey, USDC);
    const before = BigInt((await connection.getTokenAccountBalance(output)).value.amount);
    const signature = await connection.sendRawTransaction(signAsUser(loosened, base.user));
    await settled(connection, signature);
    const received =
      BigInt((await connection.getTokenAccountBalance(output)).value.amount) - before;
    const bound = BigInt(base.quote.otherAmountThreshold);
    expect(received).toBeLessThan(bound);
    const lost = bound - received;
    expect(lost).toBeGreaterThan(0n);
    // On record for the README: what the refusal saved on this front-run.
    console.info(
      `front-run: the loosened route paid ${received} USDC base units, ${lost} below the approved bound ${bound}`,
    );
    expect(VersionedTransaction.deserialize(loosened).signatures).toHaveLength(1);
  });
});
