import { describe, expect, it } from 'vitest';
import { expiredWords, failureWords } from './failure-words';

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
      'The transaction failed on the network ({"InstructionError":[0,"InvalidAccountData"]}). The network fee was charged; nothing was swapped. Get a fresh quote and try again.',
    );
    expect(failureWords('x'.repeat(5_000), false).length).toBeLessThan(400);
  });

  it('says whether an expired transaction was ever sent', () => {
    expect(expiredWords(true)).toMatch(/^The network did not include the transaction/);
    expect(expiredWords(false)).toMatch(/^Swapdesk closed before the transaction was sent/);
  });
});
