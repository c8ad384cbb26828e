/**
 * The review's edges on real processes: a transaction that expired while the person looked
 * at it (a sandbox with 10 ms slots, so 150 blocks pass in under two seconds), bytes that are
 * not a transaction, an RPC that cannot be reached, and venue names from the swap service's
 * /program-id-to-label.
 */
import { Connection, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewTransaction } from '../../main/review';
import type { Address } from '../../main/shared/address';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import {
  closeTransaction,
  openTransaction,
  prepareBase,
  swapWorld,
  SYMBOLS,
  tamperContext,
  waitForExpiry,
  type PreparedSwap,
  type TamperContext,
} from '../fixtures/tamper';

let sandbox: RunningSandbox;
let ctx: TamperContext;

beforeAll(async () => {
  sandbox = await startSandbox({ slotMs: 10 });
  ctx = await tamperContext(swapWorld(sandbox));
});

afterAll(async () => {
  await sandbox?.remove();
});

const reviewOf = (
  base: PreparedSwap,
  connection: Connection = ctx.world.connection,
  transaction = base.swap.transaction,
) =>
  reviewTransaction({
    transaction,
    user: base.user.publicKey.toBase58() as Address,
    intent: base.intent,
    lastValidBlockHeight: base.swap.lastValidBlockHeight,
    connection,
    tokenSymbols: SYMBOLS,
  });

describe('review edges', () => {
  it('refuses a transaction whose blockhash expired, and says to get a fresh quote', async () => {
    const base = await prepareBase(ctx, 'sol-usdc');
    expect((await reviewOf(base)).accepted).toBe(true);
    await waitForExpiry(ctx.world.connection, base.swap.lastValidBlockHeight);
    const report = await reviewOf(base);
    expect(report.accepted).toBe(false);
    const blockhash = report.verdicts.find((v) => v.rule === 'blockhash');
    expect(blockhash?.ok).toBe(false);
    expect(blockhash?.reason).toMatch(
      new RegExp(`expired at block ${base.swap.lastValidBlockHeight} .* Get a fresh quote`),
    );
    expect(report.simulation.reason).toMatch(/expired before it could be checked/);
  });

  it('throws INVALID_TRANSACTION for bytes that are not a transaction', async () => {
    const base = await prepareBase(ctx, 'sol-usdc');
    await expect(
      reviewOf(base, ctx.world.connection, new Uint8Array([1, 2, 3])),
    ).rejects.toMatchObject({
      code: 'INVALID_TRANSACTION',
      message: expect.stringMatching(/not a Solana transaction/),
    });
  });

  it('throws NETWORK_UNAVAILABLE when the RPC cannot be reached', async () => {
    const base = await prepareBase(ctx, 'sol-usdc');
    const away = new Connection('http://127.0.0.1:9', {
      commitment: 'confirmed',
      disableRetryOnRateLimit: true,
    });
    await expect(reviewOf(base, away)).rejects.toMatchObject({ code: 'NETWORK_UNAVAILABLE' });
  });

  it('names programs from /program-id-to-label without letting them through', async () => {
    const base = await prepareBase(ctx, 'sol-usdc');
    const labels = Object.fromEntries(await ctx.world.api.programIdToLabel());
    const [programId, label] = Object.entries(labels)[0] as [string, string];
    const opened = await openTransaction(base.swap.transaction, ctx.world.connection);
    opened.instructions.push(
      new TransactionInstruction({
        programId: new PublicKey(programId),
        keys: [],
        data: Buffer.from([0]),
      }),
    );
    const tampered = closeTransaction(opened, [ctx.world.venue]);
    const report = await reviewTransaction({
      transaction: tampered,
      user: base.user.publicKey.toBase58() as Address,
      intent: base.intent,
      lastValidBlockHeight: base.swap.lastValidBlockHeight,
      connection: ctx.world.connection,
      programLabels: {
        ...labels,
        TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Not the token program',
      },
    });
    const venue = report.instructions.find((i) => i.programId === programId);
    expect(venue?.programName).toBe(label);
    expect(report.refusals).toContain(
      `Instruction ${(venue?.index ?? 0) + 1} calls the ${label} program, which a swap here should not call (${programId.slice(0, 4)}…${programId.slice(-4)}); it could do anything with your accounts.`,
    );
    // Built-in names win over labels.
    const token = report.instructions.find(
      (i) => i.programId === 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    );
    expect(token?.programName).toBe('SPL Token');
  });
});
