/**
 * On-chain errors of the swap program that people meet (API-NOTES), decoded from the forms they
 * appear in: a number (6001), hex (0x1771), simulation text ("custom program error: 0x1771"),
 * or an InstructionError object ({ Custom: 6001 }). Pure; the review module reuses it.
 */

export interface ProgramErrorInfo {
  /** Decimal error number, e.g. 6001. */
  code: number;
  /** The same as 0x-hex, e.g. '0x1771'. */
  hex: string;
  /** Short name of the condition. */
  name: string;
  /** What happened and what to do, for the person. */
  message: string;
}

const KNOWN: Record<number, { name: string; message: string }> = {
  6001: {
    name: 'SlippageToleranceExceeded',
    message:
      'The price moved beyond your slippage tolerance before the swap ran. Get a fresh quote right before signing, or allow more slippage.',
  },
  6014: {
    name: 'IncorrectTokenProgramID',
    message:
      'The platform fee cannot be taken in a Token-2022 token. Take the fee in the other token of the swap, or swap without a platform fee.',
  },
  6017: {
    name: 'ExactOutAmountNotMatched',
    message:
      'The exact output amount could not be delivered at the quoted price. Get a fresh quote and try again.',
  },
  6024: {
    name: 'InsufficientFunds',
    message:
      'The account does not hold enough of the token you pay (or SOL for fees and rent). Lower the amount or add funds.',
  },
};

/** Anchor programs number their own errors from 6000; lower numbers belong to other programs. */
const FIRST_PROGRAM_ERROR = 6000;

/** The aggregator's error `code` in words (its table, or a generic sentence naming the code). */
export function describeSwapProgramCode(code: number): ProgramErrorInfo {
  const known = KNOWN[code];
  const hex = `0x${code.toString(16)}`;
  return {
    code,
    hex,
    name: known?.name ?? 'Unknown',
    message:
      known?.message ??
      `The swap program stopped with error ${code} (${hex}). Get a fresh quote and try again; if it repeats, try another route.`,
  };
}

function info(code: number): ProgramErrorInfo | undefined {
  return code < FIRST_PROGRAM_ERROR ? undefined : describeSwapProgramCode(code);
}

/**
 * Decodes a swap program error from a number, hex text, simulation log text or an
 * InstructionError-like object. Returns undefined when no swap program error (6000 and up) is
 * found.
 * @example decodeSwapProgramError('Program failed: custom program error: 0x1771')?.code // 6001
 */
export function decodeSwapProgramError(source: unknown): ProgramErrorInfo | undefined {
  if (typeof source === 'number')
    return Number.isInteger(source) && source >= 0 ? info(source) : undefined;
  if (typeof source === 'string') {
    const text = source.slice(0, 10_000);
    const hex = /(?:custom program error:\s*|^\s*)0x([0-9a-f]{1,8})\b/i.exec(text);
    if (hex?.[1] !== undefined) return info(parseInt(hex[1], 16));
    const custom = /"?Custom"?\s*[:(]\s*(\d{1,10})/.exec(text);
    if (custom?.[1] !== undefined) return info(Number(custom[1]));
    if (/^\s*\d{1,10}\s*$/.test(text)) return info(Number(text));
    return undefined;
  }
  if (typeof source === 'object' && source !== null) {
    // { InstructionError: [index, { Custom: n }] } as JSON-RPC simulate answers, or { Custom: n }.
    const record = source as Record<string, unknown>;
    if (typeof record.Custom === 'number') return decodeSwapProgramError(record.Custom);
    const instructionError = record.InstructionError;
    if (Array.isArray(instructionError)) return decodeSwapProgramError(instructionError[1]);
  }
  return undefined;
}
