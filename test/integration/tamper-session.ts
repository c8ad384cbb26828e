/**
 * The set-up the tamper suites share (guard-tamper, guard-jupiter-routes, review-edges,
 * review-hostile-text): one sandbox for the file and the tamper context on it
 * (test/fixtures/tamper: the stranger, the integrator, the payee, the stranger's lookup table),
 * and the review as the wallet runs it on a prepared swap.
 */
import { afterAll, beforeAll } from 'vitest';
import { SANDBOX_TERMS } from '../../main/review/service-terms';
import { reviewTransaction, type ReviewReport, type SwapIntent } from '../../main/review';
import type { Address } from '../../main/shared/address';
import {
  startSandbox,
  type RunningSandbox,
  type StartSandboxOptions,
} from '../harness/sandbox-process';
import {
  swapWorld,
  SYMBOLS,
  tamperContext,
  type PreparedSwap,
  type TamperContext,
} from '../fixtures/tamper';

/**
 * Registers the file's beforeAll/afterAll: a sandbox started with `options` and the tamper
 * context made on it, then the sandbox removed. Answers the context, whose fields are set by
 * that beforeAll (read them inside a test or a later hook). Call it at the top of the file.
 */
export function useTamperContext(options: StartSandboxOptions = {}): TamperContext {
  const ctx = {} as TamperContext;
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(options);
    Object.assign(ctx, await tamperContext(swapWorld(sandbox)));
  });
  afterAll(async () => {
    await sandbox?.remove();
  });
  return ctx;
}

/**
 * The review of `transaction` as the wallet runs it on every network (issue-ticket.ts: Jupiter
 * allowed, the sandbox's terms), for the person and the bounds of the prepared swap `base`.
 */
export function reviewPrepared(
  ctx: TamperContext,
  base: PreparedSwap,
  transaction: Uint8Array,
  intent: SwapIntent = base.intent,
): Promise<ReviewReport> {
  return reviewTransaction({
    serviceTerms: SANDBOX_TERMS,
    allowJupiter: true,
    transaction,
    user: base.user.publicKey.toBase58() as Address,
    intent,
    lastValidBlockHeight: base.swap.lastValidBlockHeight,
    connection: ctx.world.connection,
    tokenSymbols: SYMBOLS,
  });
}
