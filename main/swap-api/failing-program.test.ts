import { describe, expect, it } from 'vitest';
import { describeProgramFailure, raisedError } from './failing-program';
import { describeSimulationFailure } from './simulation-failure';

const JUP = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const WHIRLPOOL = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';
const UNKNOWN = '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP';

/** Logs as a validator prints them when a venue fails inside the aggregator's CPI. */
function nestedFailure(inner: string, hex: string): string[] {
  return [
    `Program ${JUP} invoke [1]`,
    'Program log: Instruction: Route',
    `Program ${inner} invoke [2]`,
    'Program log: Instruction: Swap',
    `Program ${inner} consumed 41220 of 1366580 compute units`,
    `Program ${inner} failed: custom program error: ${hex}`,
    `Program ${JUP} consumed 74391 of 1400000 compute units`,
    `Program ${JUP} failed: custom program error: ${hex}`,
  ];
}

describe('program errors named by the program that raised them', () => {
  it('reads the innermost failing program from the logs', () => {
    expect(raisedError(nestedFailure(WHIRLPOOL, '0x1771'))).toEqual({
      programId: WHIRLPOOL,
      code: 6001,
    });
    expect(raisedError(['Program log: nothing failed'])).toBeUndefined();
  });

  it("a venue's 0x1771 is the venue's error, not the aggregator's slippage error", () => {
    const failure = describeProgramFailure(nestedFailure(WHIRLPOOL, '0x1771'));
    expect(failure).toMatchObject({ programName: 'Whirlpool', byAggregator: false, code: 6001 });
    expect(failure?.message).toMatch(/^The Whirlpool program, a venue this route goes through/);
    expect(failure?.message).toMatch(/not an error of the swap aggregator/);
    expect(failure?.message).not.toMatch(/slippage/i);
  });

  it("the aggregator's own 0x1771 is slippage exceeded", () => {
    const logs = [
      `Program ${JUP} invoke [1]`,
      `Program ${JUP} failed: custom program error: 0x1771`,
    ];
    const failure = describeProgramFailure(logs);
    expect(failure).toMatchObject({ byAggregator: true, name: 'SlippageToleranceExceeded' });
    expect(failure?.message).toMatch(/price moved beyond your slippage tolerance/);
  });

  it('an unknown venue is named by its id, and the service label when it gave one', () => {
    expect(describeProgramFailure(nestedFailure(UNKNOWN, '0x26'))?.message).toMatch(
      new RegExp(`^The program ${UNKNOWN}, a venue`),
    );
    expect(
      describeProgramFailure(nestedFailure(UNKNOWN, '0x26'), { [UNKNOWN]: 'Lifinity V2' })?.message,
    ).toMatch(/^The Lifinity V2 program.*exclude Lifinity V2/);
  });

  it("the token program's error 1 is insufficient funds", () => {
    const token = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
    expect(describeProgramFailure(nestedFailure(token, '0x1'))?.message).toMatch(
      /does not hold enough of the token/,
    );
  });

  it("the System program's error 1 is a SOL transfer beyond the balance, not a venue's", () => {
    const failure = describeProgramFailure([
      'Transfer: insufficient lamports 5000, need 1000000000000000',
      'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    ]);
    expect(failure?.message).toBe(
      'The System program refused a SOL transfer: the account does not hold enough SOL. Lower the amount or add SOL, then get a fresh quote.',
    );
    expect(failure?.message).not.toMatch(/venue/);
  });

  it('a service simulationError quoting the logs names the venue; no programError is set', () => {
    const failure = describeSimulationFailure({
      errorCode: 'TRANSACTION_ERROR',
      error: nestedFailure(WHIRLPOOL, '0x1771').join('\n'),
    });
    expect(failure.reason).toMatch(/^The Whirlpool program/);
    expect(failure.programError).toBeUndefined();
  });
});
