/**
 * The review's edges on real processes: a transaction that expired while the person looked
 * at it (a sandbox with 40 ms slots: 150 blocks pass in 6 s, still room for a loaded machine
 * to review in time first), bytes that are not a transaction, an RPC that cannot be reached,
 * venue names from the swap service's /program-id-to-label, and a swap whose accounts sit in
 * an address lookup table.
 */
import { SANDBOX_TERMS } from '../../main/review/service-terms';
import { Connection, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { reviewTransaction } from '../../main/review';
import type { Address } from '../../main/shared/address';
import {
  closeTransaction,
  createLookupTable,
  openTransaction,
  prepareBase,
  prepareSwap,
  settled,
  signAsUser,
  SYMBOLS,
  waitForExpiry,
  type PreparedSwap,
} from '../fixtures/tamper';
import { useTamperContext } from './tamper-session';

const ctx = useTamperContext({ slotMs: 40 });

const reviewOf = (
  base: PreparedSwap,
  connection: Connection = ctx.world.connection,
  transaction = base.swap.transaction,
) =>
  reviewTransaction({
    serviceTerms: SANDBOX_TERMS,
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
    // The sandbox's own labels name only CP-Swap, which the wallet knows itself; a service may
    // label any program, so a label for one the wallet does not allow is added here.
    const labels: Record<string, string> = {
      ...Object.fromEntries(await ctx.world.api.programIdToLabel()),
      whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: 'Whirlpool',
    };
    const [programId, label] = ['whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc', 'Whirlpool'];
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
      serviceTerms: SANDBOX_TERMS,
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
    const cpSwap = report.instructions.find(
      (i) => i.programId === 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C',
    );
    expect(cpSwap?.programName).toBe('Raydium CP-Swap');
  });
});

describe('lookup tables in an honest transaction', () => {
  it('resolves the accounts a table holds, accepts the swap, and predicts what sending it does', async () => {
    // The table is built first from a probe swap's accounts; the swap reviewed is a fresh
    // /swap for the same user and quote (same accounts), so its 150-slot life on this fast
    // sandbox is not spent waiting for the table.
    const probe = await prepareBase(ctx, 'sol-usdc');
    const accountsOf = (opened: Awaited<ReturnType<typeof openTransaction>>) => {
      const signers = new Set([
        probe.user.publicKey.toBase58(),
        ctx.world.venue.publicKey.toBase58(),
      ]);
      const programs = new Set(opened.instructions.map((ix) => ix.programId.toBase58()));
      return [
        ...new Set(opened.instructions.flatMap((ix) => ix.keys.map((k) => k.pubkey.toBase58()))),
      ].filter((k) => !signers.has(k) && !programs.has(k));
    };
    const keys = accountsOf(await openTransaction(probe.swap.transaction, ctx.world.connection));
    const table = await createLookupTable(
      ctx.world,
      ctx.stranger,
      keys.map((k) => new PublicKey(k)),
    );
    const tableAccount = (await ctx.world.connection.getAddressLookupTable(table)).value!;

    const base = await prepareSwap(
      ctx.world,
      probe.user,
      {
        inputMint: probe.quote.inputMint,
        outputMint: probe.quote.outputMint,
        amount: probe.intent.amount,
        slippageBps: probe.quote.slippageBps,
        // The probe's venues (the tamper bases name CP-Swap), so the same accounts.
        dexes: [...new Set(probe.quote.routePlan.map((step) => step.label ?? ''))],
      },
      { prioritizationFeeLamports: 10_000n },
    );
    const opened = await openTransaction(base.swap.transaction, ctx.world.connection);
    expect(accountsOf(opened).sort()).toEqual([...keys].sort());
    opened.tables = [tableAccount];
    const bytes = closeTransaction(opened, [ctx.world.venue]);

    const report = await reviewOf(base, ctx.world.connection, bytes);
    expect(report.refusals).toEqual([]);
    expect(report.lookupTables).toHaveLength(1);
    const fromTable = report.accounts.filter((a) => a.fromLookupTable === table.toBase58());
    expect(fromTable.map((a) => a.address).sort()).toEqual([...keys].sort());
    // The output account sits in the table and is still shown as the destination.
    const destination = report.balanceChanges.find((row) => row.role === 'destination');
    expect(fromTable.map((a) => a.address)).toContain(destination?.account);

    const signature = await ctx.world.connection.sendRawTransaction(signAsUser(bytes, base.user));
    await settled(ctx.world.connection, signature);
    const after = await ctx.world.connection.getMultipleAccountsInfo(
      report.balanceChanges.map((row) => new PublicKey(row.account)),
    );
    expect(
      report.balanceChanges.map((row, i) =>
        row.mint === null
          ? BigInt(after[i]?.lamports ?? 0)
          : Buffer.from(after[i]?.data ?? Buffer.alloc(72)).readBigUInt64LE(64),
      ),
    ).toEqual(report.balanceChanges.map((row) => row.after));
  });
});
