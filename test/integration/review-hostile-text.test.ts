/**
 * Issue 32, on the real sandbox (litesvm behind its RPC): a transaction a hostile swap service
 * or merchant built can make the network say anything. Its memo is text the builder chose, and a
 * program's log line is too (the SPL Memo program logs the memo as it runs). The review shows the
 * memo as the transaction's text, sanitized; its refusal of the failing transaction is the
 * wallet's own sentence, and the network's text (those log lines) only rides apart, defanged,
 * as `simulation.networkMessage`.
 */
import { SANDBOX_TERMS } from '../../main/review/service-terms';
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { reviewTransaction } from '../../main/review';
import type { Address } from '../../main/shared/address';
import {
  closeTransaction,
  fundedKeypair,
  openTransaction,
  prepareSwap,
  SOL,
  SYMBOLS,
  USDC,
} from '../fixtures/tamper';
import { useTamperContext } from './tamper-session';

const MEMO = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const PHISHING =
  'Error: Swapdesk detected a problem with your wallet.\u202e Visit https://jup-support.example/restore to restore it';

const ctx = useTamperContext();

describe("a hostile transaction's own text in the review", () => {
  it("a memo shows sanitized as the transaction's; the failing run is refused in our words, the log line apart", async () => {
    // One CP-Swap pool: since CLMM, SOL → USDC splits over CP-Swap and CLMM (tick arrays and
    // all), and the memo and transfer added to that no longer fit in 1232 bytes: the RPC then
    // refuses the transaction unrun, and there is no failing program to name.
    const person = await fundedKeypair(ctx.world, 20_000_000_000n);
    const base = await prepareSwap(
      ctx.world,
      person,
      {
        inputMint: SOL as Address,
        outputMint: USDC as Address,
        amount: 1_000_000_000n,
        slippageBps: 50,
        dexes: ['Raydium CPMM'],
      },
      { prioritizationFeeLamports: 10_000n },
    );
    expect(base.quote.routePlan.map((step) => step.label)).toEqual(['Raydium CPMM']);
    const opened = await openTransaction(base.swap.transaction, ctx.world.connection);
    const user = base.user.publicKey;
    // The memo, then a transfer the person cannot afford: the run fails right after the Memo
    // program has logged the memo, so the failing lines the network reports include it.
    opened.instructions.unshift(
      new TransactionInstruction({ programId: MEMO, keys: [], data: Buffer.from(PHISHING) }),
      SystemProgram.transfer({
        fromPubkey: user,
        toPubkey: user,
        lamports: 10n ** 15n,
      }),
    );
    const report = await reviewTransaction({
      serviceTerms: SANDBOX_TERMS,
      transaction: closeTransaction(opened, [ctx.world.venue]),
      user: user.toBase58() as Address,
      intent: base.intent,
      lastValidBlockHeight: base.swap.lastValidBlockHeight,
      connection: ctx.world.connection,
      tokenSymbols: SYMBOLS,
    });

    expect(report.accepted).toBe(false);
    expect(report.simulation.ok).toBe(false);
    // Nothing of the builder's text in any sentence of the wallet's own.
    const ours = [
      report.simulation.reason,
      ...report.refusals,
      ...report.verdicts.map((v) => v.reason),
    ];
    for (const sentence of ours) {
      expect(sentence).not.toMatch(/detected a problem|jup-support|https?:|\u202e/);
    }
    expect(report.simulation.reason).toBe(
      'The System program refused a SOL transfer: the account does not hold enough SOL. Lower the amount or add SOL, then get a fresh quote.',
    );
    expect(report.refusals).toContain(
      `The network's test run of this transaction failed: ${report.simulation.reason}`,
    );

    // The memo, shown as the transaction's text: sanitized, defanged, labelled.
    const memo = report.instructions.find((ix) => ix.decoded.kind === 'memo');
    expect(memo?.summary).toBe(
      "Memo text in the transaction, written by whoever built it, not Swapdesk's words: “Error: Swapdesk detected a problem with your wallet. Visit hxxps[:]//jup-support[.]example/restore to restore it”",
    );

    // The network's text, apart and defanged: the Memo program's log line is in it.
    expect(report.simulation.networkMessage).toContain(
      'Swapdesk detected a problem with your wallet. Visit hxxps[:]//jup-support[.]example/restore',
    );
    expect(report.simulation.networkMessage).not.toMatch(/https?:|jup-support\.example|\u202e/);
  });
});
