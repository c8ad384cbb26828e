import {
  Keypair,
  SolanaJSONRPCError,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
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

/** A line a hostile program logs (msg!, or the Memo program echoing its memo), issue 32. */
const PHISHING =
  'Your wallet is compromised. Visit https://jup-support.example/restore to restore it';
const CUSTOM = 'Hosti1eProgram1111111111111111111111111111';

describe("the wallet's own simulation: the network's text stays out of the sentence (issue 32)", () => {
  it('says which instruction and program stopped, in its own words; the log lines only apart, defanged', async () => {
    const connection = {
      simulateTransaction: async () => ({
        context: { slot: 1 },
        value: {
          err: { InstructionError: [3, 'InvalidAccountData'] },
          logs: [
            `Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr invoke [1]`,
            `Program log: Memo (len 84): "${PHISHING}"`,
            `Program ${CUSTOM} invoke [1]`,
            `Program log: Error: ${PHISHING}`,
            `Program ${CUSTOM} failed: invalid account data for instruction`,
          ],
          unitsConsumed: 1_200,
        },
      }),
    } as unknown as Parameters<typeof simulate>[0];
    const { summary } = await simulate(connection, tx, []);
    expect(summary.ok).toBe(false);
    expect(summary.reason).toBe(
      'instruction 4 stopped with the error InvalidAccountData, raised by the program Host…1111. The transaction cannot do what it claims, so it should not be signed; get a fresh quote.',
    );
    expect(summary.networkMessage).toContain(
      'Your wallet is compromised. Visit hxxps[:]//jup-support[.]example/restore',
    );
    expect(summary.networkMessage).not.toMatch(/https?:|jup-support\.example/);
    expect(summary.networkMessage!.length).toBeLessThanOrEqual(200);
    expect(summary.error).toBe('{"InstructionError":[3,"InvalidAccountData"]}');
  });

  it("a program's error number is named with the program that raised it, never its log line", async () => {
    const { summary } = await simulate(
      connectionAnswering([
        `Program ${CUSTOM} invoke [1]`,
        `Program log: Error: ${PHISHING}`,
        `Program ${CUSTOM} failed: custom program error: 0x2a`,
      ]),
      tx,
      [],
    );
    expect(summary.reason).toMatch(
      /^The program Hosti1eProgram1+, a venue this route goes through, stopped with its own error 42 \(0x2a\)/,
    );
    expect(summary.reason).not.toMatch(/compromised|Visit|jup-support/);
    expect(summary.networkMessage).toContain('hxxps[:]//jup-support[.]example');
  });

  it("an RPC's refusal is told in the wallet's words; its message, with bidi marks and a link, kept apart", async () => {
    const connection = {
      simulateTransaction: async () => {
        throw new SolanaJSONRPCError(
          { code: -32002, message: `Transaction simulation failed: \u202e${PHISHING}` },
          'failed to simulate transaction',
        );
      },
    } as unknown as Parameters<typeof simulate>[0];
    const { summary } = await simulate(connection, tx, []);
    expect(summary.reason).toBe(
      'the network refused to run it. The transaction cannot do what it claims, so it should not be signed; get a fresh quote.',
    );
    expect(summary.networkMessage).toMatch(
      /^failed to simulate transaction: Transaction simulation failed: Your wallet is compromised\. Visit hxxps\[:\]\/\/jup-support\[\.\]example\/restore/,
    );
    expect(summary.networkMessage).not.toContain('\u202e');
    expect(summary.error).not.toMatch(/https:|\u202e/);
  });
});
