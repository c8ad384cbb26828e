import { VersionedTransaction, TransactionMessage, Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { simulate } from './simulate';

const JUP = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const WHIRLPOOL = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';

/** The RPC's answer for a swap whose venue failed inside the aggregator's CPI. */
function connectionAnswering(logs: string[]) {
  return {
    simulateTransaction: async () => ({
      context: { slot: 1 },
      value: { err: { InstructionError: [2, { Custom: 6001 }] }, logs, unitsConsumed: 74_391 },
    }),
  } as unknown as Parameters<typeof simulate>[0];
}

const payer = Keypair.generate().publicKey;
const tx = new VersionedTransaction(
  new TransactionMessage({
    payerKey: payer,
    recentBlockhash: '11111111111111111111111111111111',
    instructions: [],
  }).compileToV0Message(),
).serialize();

describe("the wallet's own simulation of a failing swap", () => {
  it('names the venue that raised the error, not the aggregator', async () => {
    const outcome = await simulate(
      connectionAnswering([
        `Program ${JUP} invoke [1]`,
        `Program ${WHIRLPOOL} invoke [2]`,
        `Program ${WHIRLPOOL} failed: custom program error: 0x1771`,
        `Program ${JUP} failed: custom program error: 0x1771`,
      ]),
      tx,
      [],
    );
    expect(outcome.summary.ok).toBe(false);
    expect(outcome.summary.reason).toMatch(
      /^The Whirlpool program, a venue this route goes through/,
    );
  });

  it("the aggregator's own error keeps its meaning", async () => {
    const outcome = await simulate(
      connectionAnswering([`Program ${JUP} failed: custom program error: 0x1771`]),
      tx,
      [],
    );
    expect(outcome.summary.reason).toMatch(/slippage tolerance/);
  });
});
