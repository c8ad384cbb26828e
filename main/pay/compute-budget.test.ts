import { ComputeBudgetProgram, Keypair, SystemProgram } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { swapComputeUnits, unitsPerInstruction } from './compute-budget';
import { simulate } from '../review/simulate';

const JUP = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

describe("the compute units of an invoice's instructions", () => {
  it('reads each top-level instruction’s consumption, nested calls counted in their caller', () => {
    const logs = [
      'Program ComputeBudget111111111111111111111111111111 invoke [1]',
      'Program ComputeBudget111111111111111111111111111111 success',
      `Program ${JUP} invoke [1]`,
      `Program ${TOKEN} invoke [2]`,
      `Program ${TOKEN} consumed 4645 of 1350000 compute units`,
      `Program ${TOKEN} success`,
      `Program ${JUP} consumed 98210 of 1399850 compute units`,
      `Program ${JUP} success`,
      `Program ${MEMO} invoke [1]`,
      'Program log: Memo (len 10): "Invoice 42"',
      `Program ${MEMO} consumed 7283 of 1301640 compute units`,
      `Program ${MEMO} success`,
      `Program ${TOKEN} invoke [1]`,
      `Program ${TOKEN} consumed 6200 of 1294357 compute units`,
      `Program ${TOKEN} success`,
      'Program 11111111111111111111111111111111 invoke [1]',
      'Program 11111111111111111111111111111111 success',
    ];
    expect(unitsPerInstruction(logs)).toEqual([null, 98_210, 7_283, 6_200, null]);
  });

  it("takes the swap's figure from its SetComputeUnitLimit, else from the answer", () => {
    const limit = ComputeBudgetProgram.setComputeUnitLimit({ units: 271_350 });
    const price = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000 });
    expect(swapComputeUnits([price, limit], 300_000)).toBe(271_350);
    expect(swapComputeUnits([price], 300_000)).toBe(300_000);
    const transfer = SystemProgram.transfer({
      fromPubkey: Keypair.generate().publicKey,
      toPubkey: Keypair.generate().publicKey,
      lamports: 1,
    });
    expect(swapComputeUnits([transfer], undefined)).toBeNull();
  });

  it('a simulation that runs out of compute units says so', async () => {
    const { VersionedTransaction, TransactionMessage } = await import('@solana/web3.js');
    const tx = new VersionedTransaction(
      new TransactionMessage({
        payerKey: Keypair.generate().publicKey,
        recentBlockhash: '11111111111111111111111111111111',
        instructions: [],
      }).compileToV0Message(),
    ).serialize();
    const outcome = await simulate(
      {
        simulateTransaction: async () => ({
          context: { slot: 1 },
          value: {
            err: { InstructionError: [4, 'ComputationalBudgetExceeded'] },
            logs: [
              `Program ${MEMO} invoke [1]`,
              `Program ${MEMO} failed: exceeded CUs meter at BPF instruction`,
            ],
            unitsConsumed: 200_000,
          },
        }),
      } as never,
      tx,
      [],
    );
    expect(outcome.summary.reason).toMatch(/^The transaction ran out of compute units/);
  });
});
