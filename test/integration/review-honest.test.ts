/**
 * The review against honest swaps on a real sandbox process: 200 random swaps (seeded; set
 * REVIEW_SEED to draw others) through the wallet's swap API client, each reviewed and
 * accepted, then signed as the user with tweetnacl and sent; after confirmation every
 * account of the report holds exactly what the review predicted.
 */
import { SANDBOX_TERMS } from '../../main/review/service-terms';
import { PublicKey } from '@solana/web3.js';
import { unpackAccount } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewTransaction, type BalanceChange } from '../../main/review';
import type { Address } from '../../main/shared/address';
import { isWalletError } from '../../main/shared/errors';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import {
  drawSwap,
  HONEST_TOKENS,
  honestParties,
  prepareSwap,
  seededRandom,
  settled,
  signAsUser,
  swapWorld,
  type HonestParties,
  type HonestPlan,
  type PreparedSwap,
  type SwapWorld,
} from '../fixtures/tamper';

const TARGET = 200;
const SEED = Number(process.env.REVIEW_SEED ?? 20_261_122);
const SYMBOLS = Object.fromEntries(HONEST_TOKENS.map((token) => [token.mint, token.symbol]));

let sandbox: RunningSandbox;
let world: SwapWorld;
let parties: HonestParties;

beforeAll(async () => {
  sandbox = await startSandbox();
  world = swapWorld(sandbox);
  parties = await honestParties(world, 3);
});

afterAll(async () => {
  await sandbox?.remove();
});

function describePlan(plan: HonestPlan, prepared?: PreparedSwap): string {
  const { params, options } = plan;
  const hops = prepared?.quote.routePlan
    .map((hop) => `${hop.label ?? '?'} ${hop.shareBps / 100}%`)
    .join(' > ');
  return `${params.swapMode} ${params.amount} ${plan.input.symbol}->${plan.output.symbol} fee=${plan.feeSide ?? 'none'} dest=${options.destinationTokenAccount ? 'payee' : 'own'} legacy=${options.asLegacyTransaction ?? false} route=${hops ?? '?'}`;
}

/** What each account of the report holds now, read back from the network. */
async function actualAfter(rows: readonly BalanceChange[]): Promise<bigint[]> {
  const infos = await world.connection.getMultipleAccountsInfo(
    rows.map((row) => new PublicKey(row.account)),
    'confirmed',
  );
  return rows.map((row, index) => {
    const info = infos[index] ?? null;
    if (row.mint === null) return BigInt(info?.lamports ?? 0);
    if (info === null) return 0n;
    return unpackAccount(new PublicKey(row.account), info, info.owner).amount;
  });
}

describe('the review accepts honest swaps and predicts their balance changes', () => {
  it(
    `accepts ${TARGET} random honest swaps, signed and sent, balances as predicted (seed ${SEED})`,
    { timeout: 600_000 },
    async () => {
      const random = seededRandom(SEED);
      const seen = {
        exactIn: 0,
        exactOut: 0,
        multiHop: 0,
        split: 0,
        solIn: 0,
        solOut: 0,
        feeIn: 0,
        feeOut: 0,
        payee: 0,
        legacy: 0,
        tip: 0,
        token2022: 0,
      };
      const skipped: Record<string, number> = {};
      let accepted = 0;
      let attempts = 0;
      const started = performance.now();
      let reviewMs = 0;
      while (accepted < TARGET && attempts < TARGET * 3) {
        attempts += 1;
        const plan = drawSwap(random, parties);
        const user = parties.users[attempts % parties.users.length]!;
        let prepared: PreparedSwap;
        try {
          prepared = await prepareSwap(world, user, plan.params, plan.options);
        } catch (error) {
          // No route, too large a transaction, a pool too thin: the service refused to quote
          // or build; that is the swap API's business, not the review's.
          if (!isWalletError(error)) throw error;
          skipped[error.code] = (skipped[error.code] ?? 0) + 1;
          continue;
        }
        if (!prepared.swap.signable) {
          skipped.unsignable = (skipped.unsignable ?? 0) + 1;
          continue;
        }
        const what = describePlan(plan, prepared);
        const t0 = performance.now();
        const report = await reviewTransaction({
          serviceTerms: SANDBOX_TERMS,
          allowJupiter: true, // as the wallet reviews on every network (issue-ticket.ts)
          transaction: prepared.swap.transaction,
          user: user.publicKey.toBase58() as Address,
          intent: prepared.intent,
          lastValidBlockHeight: prepared.swap.lastValidBlockHeight,
          connection: world.connection,
          tokenSymbols: SYMBOLS,
        });
        reviewMs += performance.now() - t0;
        expect(report.refusals, `${what} ${JSON.stringify(report.refusals)}`).toEqual([]);
        expect(report.accepted, what).toBe(true);
        expect(report.format, what).toBe(plan.options.asLegacyTransaction ? 'legacy' : 'v0');

        const signature = await world.connection.sendRawTransaction(
          signAsUser(prepared.swap.transaction, user),
        );
        await settled(world.connection, signature);
        expect(await actualAfter(report.balanceChanges), what).toEqual(
          report.balanceChanges.map((row) => row.after),
        );

        accepted += 1;
        const hopsIn = new Set(prepared.quote.routePlan.map((hop) => hop.inputMint));
        seen.exactIn += plan.params.swapMode === 'ExactIn' ? 1 : 0;
        seen.exactOut += plan.params.swapMode === 'ExactOut' ? 1 : 0;
        seen.multiHop += hopsIn.size > 1 ? 1 : 0;
        seen.split += prepared.quote.routePlan.length > hopsIn.size ? 1 : 0;
        seen.solIn += plan.input.symbol === 'SOL' ? 1 : 0;
        seen.solOut += plan.output.symbol === 'SOL' ? 1 : 0;
        seen.feeIn += plan.feeSide === 'input' ? 1 : 0;
        seen.feeOut += plan.feeSide === 'output' ? 1 : 0;
        seen.payee += plan.options.destinationTokenAccount ? 1 : 0;
        seen.legacy += plan.options.asLegacyTransaction ? 1 : 0;
        seen.tip += typeof plan.options.prioritizationFeeLamports === 'object' ? 1 : 0;
        seen.token2022 += plan.input.token2022 || plan.output.token2022 ? 1 : 0;
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(
        `review-honest: ${accepted} accepted and sent of ${attempts} drawn in ${seconds} s (review ${(reviewMs / Math.max(accepted, 1)).toFixed(0)} ms each); skipped ${JSON.stringify(skipped)}; ${JSON.stringify(seen)}`,
      );
      expect(accepted).toBe(TARGET);
      // The draw must have covered every kind of swap the review has to handle.
      for (const [kind, count] of Object.entries(seen))
        expect(count, kind).toBeGreaterThanOrEqual(5);
    },
  );
});
