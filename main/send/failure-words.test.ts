import { describe, expect, it } from 'vitest';
import { expiredWords, failureDetail, failureWords } from './failure-words';

describe('failure words', () => {
  it('names the swap program errors people meet, from the RPC error value', () => {
    expect(failureWords({ InstructionError: [3, { Custom: 6001 }] }, true)).toBe(
      'The price moved beyond your slippage tolerance before the swap ran. Get a fresh quote right before signing, or allow more slippage. The network fee was charged; nothing was swapped.',
    );
    expect(failureWords('Program failed: custom program error: 0x1788', false)).toMatch(
      /^The account does not hold enough of the token you pay.*Nothing was sent and nothing was charged\.$/,
    );
  });

  it('words fee, blockhash and balance problems, and keeps anything else short', () => {
    expect(failureWords('InsufficientFundsForFee', true)).toMatch(
      /^The account does not hold enough SOL/,
    );
    expect(failureWords('Blockhash not found', false)).toMatch(/blockhash expired/);
    expect(failureWords({ InstructionError: [2, { Custom: 1 }] }, true)).toMatch(
      /^The account does not hold enough of the token you pay/,
    );
    const other = failureWords({ InstructionError: [0, 'InvalidAccountData'] }, true);
    expect(other).toBe(
      'The transaction failed on the network: instruction 1 stopped with the error InvalidAccountData. The network fee was charged; nothing was swapped. Get a fresh quote and try again.',
    );
    expect(failureWords('x'.repeat(5_000), false)).toBe(
      'The transaction failed on the network. Nothing was sent and nothing was charged. Get a fresh quote and try again.',
    );
  });

  // Issue 32: a refused send's text holds the preflight's log lines, which a program of the
  // transaction writes as it likes (msg!, a memo). The sentence is ours; the text apart.
  it("keeps the network's text and a program's log line out of the sentence, sanitized apart", () => {
    const message =
      'Transaction simulation failed: Error processing Instruction 2: custom program error: 0x2a';
    const logs = [
      'Program Hosti1eProgram1111111111111111111111111111 invoke [1]',
      'Program log: Error: Your wallet is compromised.\u202e Visit https://jup-support.example/restore',
      'Program Hosti1eProgram1111111111111111111111111111 failed: custom program error: 0x2a',
    ];
    const words = failureWords([message, ...logs].join('\n'), false);
    expect(words).toBe(
      'The transaction failed on the network. Nothing was sent and nothing was charged. Get a fresh quote and try again.',
    );
    const detail = failureDetail(message, logs)!;
    expect(detail).toContain(
      'Program log: Error: Your wallet is compromised. Visit hxxps[:]//jup-support[.]example/restore',
    );
    expect(detail).not.toMatch(/https:|jup-support\.example|\u202e/);
    expect(detail.length).toBeLessThanOrEqual(200);
    expect(failureDetail('')).toBeUndefined();
  });

  it('says whether an expired transaction was ever sent', () => {
    expect(expiredWords(true)).toMatch(/^The network did not include the transaction/);
    expect(expiredWords(false)).toMatch(/^Swapdesk closed before the transaction was sent/);
  });
});
