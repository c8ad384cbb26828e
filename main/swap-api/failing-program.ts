/**
 * Which program raised a custom error, read from simulation or transaction logs. On mainnet the
 * aggregator calls each venue (DEX) through a CPI; a venue's own error bubbles up through the
 * aggregator, and the same number means different things in different programs (0x1771 is the
 * aggregator's "slippage exceeded" but some other condition in a DEX). The first
 * "Program X failed: custom program error" line is the innermost: the program that raised it.
 */
import { describeSwapProgramCode, type ProgramErrorInfo } from './program-errors';

/** The aggregator program (Jupiter v6) whose error table program-errors.ts holds. */
export const AGGREGATOR_PROGRAM_ID = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';

/** A program of the runtime itself (not a venue), with the words for its error 1. */
interface BuiltinProgram {
  programName: string;
  /** How a sentence starts with it: "The System program". */
  sentenceName: string;
  /** Error 1 of both is a transfer beyond the balance. */
  errorOne: { name: string; message: string };
  /** The name of any other of its errors. */
  otherName: string;
}

const SYSTEM_PROGRAM: BuiltinProgram = {
  programName: 'the System program',
  sentenceName: 'The System program',
  errorOne: {
    name: 'ResultWithNegativeLamports',
    message:
      'The System program refused a SOL transfer: the account does not hold enough SOL. Lower the amount or add SOL, then get a fresh quote.',
  },
  otherName: 'SystemError',
};

const TOKEN_PROGRAM: BuiltinProgram = {
  programName: 'the token program',
  sentenceName: 'The token program',
  errorOne: {
    name: 'InsufficientFunds',
    message:
      'The token program refused a transfer: an account does not hold enough of the token. Lower the amount or add funds, then get a fresh quote.',
  },
  otherName: 'TokenError',
};

const BUILTIN_PROGRAMS: Readonly<Record<string, BuiltinProgram>> = {
  '11111111111111111111111111111111': SYSTEM_PROGRAM,
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: TOKEN_PROGRAM,
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: TOKEN_PROGRAM,
};

/** Venues people meet on mainnet routes, by program id (names as the swap API labels them). */
const VENUE_NAMES: Readonly<Record<string, string>> = {
  whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: 'Whirlpool',
  CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK: 'Raydium CLMM',
  CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C: 'Raydium CPMM',
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8': 'Raydium',
  LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo: 'Meteora DLMM',
  Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB: 'Meteora',
  PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY: 'Phoenix',
  opnb2LAfJYbRMAHHvqjCwQxanZn7ReEHp1k81EohpZb: 'OpenBook V2',
  SSwpkEEcbUqx4vtoEByFjSkhKdCT862DNVb52nZg1UZ: 'Saber',
};

/** A custom error and the program that raised it. */
export interface RaisedError {
  programId: string;
  code: number;
}

const FAILED_LINE =
  /^Program ([1-9A-HJ-NP-Za-km-z]{32,44}) failed: custom program error: 0x([0-9a-f]{1,8})\b/i;

/** The innermost program that failed with a custom error, or undefined when the logs show none. */
export function raisedError(logs: readonly string[]): RaisedError | undefined {
  for (const line of logs) {
    const match = FAILED_LINE.exec(line.trim());
    if (match?.[1] !== undefined && match[2] !== undefined) {
      return { programId: match[1], code: parseInt(match[2], 16) };
    }
  }
  return undefined;
}

/** An error with the program that raised it named, and what to do. */
export interface ProgramFailure extends ProgramErrorInfo {
  programId: string;
  /** The program's name as shown, e.g. "Whirlpool" or "the swap aggregator (Jupiter v6)". */
  programName: string;
  /** True when the aggregator itself raised it (its error table applies). */
  byAggregator: boolean;
}

/**
 * Describes the custom error in `logs`, named by the program that raised it. `labels` are the
 * swap service's program labels (GET /program-id-to-label), used for venues not listed here.
 * @example describeProgramFailure(['Program whirLb… failed: custom program error: 0x1771'])?.programName // 'Whirlpool'
 */
export function describeProgramFailure(
  logs: readonly string[],
  labels: Readonly<Record<string, string>> = {},
): ProgramFailure | undefined {
  const raised = raisedError(logs);
  if (raised === undefined) return undefined;
  const { programId, code } = raised;
  const hex = `0x${code.toString(16)}`;
  if (programId === AGGREGATOR_PROGRAM_ID) {
    const info = describeSwapProgramCode(code);
    return {
      ...info,
      programId,
      programName: 'the swap aggregator (Jupiter v6)',
      byAggregator: true,
    };
  }
  const builtin = BUILTIN_PROGRAMS[programId];
  if (builtin !== undefined) {
    // Not a venue: the runtime's own programs, whose error 1 is a transfer beyond the balance.
    const known = code === 1;
    return {
      code,
      hex,
      name: known ? builtin.errorOne.name : builtin.otherName,
      message: known
        ? builtin.errorOne.message
        : `${builtin.sentenceName} stopped with its error ${code} (${hex}). Get a fresh quote and try again.`,
      programId,
      programName: builtin.programName,
      byAggregator: false,
    };
  }
  const name = VENUE_NAMES[programId] ?? labels[programId];
  const who = name === undefined ? `The program ${programId}` : `The ${name} program`;
  return {
    code,
    hex,
    name: 'VenueError',
    message:
      `${who}, a venue this route goes through, stopped with its own error ${code} (${hex}). ` +
      'It is not an error of the swap aggregator: the pool may have moved or cannot fill this trade. ' +
      `Get a fresh quote${name === undefined ? '' : `, or exclude ${name} in the advanced options`}.`,
    programId,
    programName: name ?? programId,
    byAggregator: false,
  };
}
