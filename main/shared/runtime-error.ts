/**
 * A Solana runtime error value (`{ InstructionError: [2, { Custom: 6001 }] }`,
 * `"BlockhashNotFound"`) in the wallet's own words. Only its structure is used: an instruction
 * index, a number, and an error name made of letters. Free text an RPC or a program supplies
 * (a log line, a message) never reaches the sentence (issue 32): a program can log anything,
 * a phishing line included, and a hostile RPC can answer anything.
 */

/** An error name as the runtime spells them (`InvalidAccountData`); anything else is not named. */
const ERROR_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/** What a runtime error value says, read from its structure only. */
export interface RuntimeErrorFacts {
  /** The failing instruction's position (0-based), when the error names one. */
  instruction: number | null;
  /** The runtime's name for the error (`InvalidAccountData`, `Custom`), when it has one. */
  name: string | null;
  /** A program's own error number (`{ Custom: n }`). */
  custom: number | null;
}

const isIndex = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function nameOf(value: unknown): string | null {
  return typeof value === 'string' && ERROR_NAME.test(value) ? value : null;
}

/** The facts of `error` (an RPC's `err` value, or its JSON text), or null when it has none. */
export function runtimeErrorFacts(error: unknown): RuntimeErrorFacts | null {
  let value = error;
  if (typeof value === 'string' && /^[[{"]/.test(value.trim())) {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  const plain = nameOf(value);
  if (plain !== null) return { instruction: null, name: plain, custom: null };
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const failing = record.InstructionError;
  if (Array.isArray(failing) && isIndex(failing[0])) {
    const detail: unknown = failing[1];
    if (typeof detail === 'object' && detail !== null) {
      const custom = (detail as Record<string, unknown>).Custom;
      if (isIndex(custom)) return { instruction: failing[0], name: 'Custom', custom };
    }
    return { instruction: failing[0], name: nameOf(detail), custom: null };
  }
  const keys = Object.keys(record);
  const only = keys.length === 1 ? nameOf(keys[0]) : null;
  return only === null ? null : { instruction: null, name: only, custom: null };
}

/**
 * "instruction 3 stopped with the error InvalidAccountData", "instruction 3 stopped with the
 * program's own error 42 (0x2a)", "the network refused it with the error AccountInUse"; or
 * undefined when `error` has no structure to read.
 * @example runtimeErrorWords({ InstructionError: [2, { Custom: 42 }] }) // 'instruction 3 stopped with the program\'s own error 42 (0x2a)'
 */
export function runtimeErrorWords(error: unknown): string | undefined {
  const facts = runtimeErrorFacts(error);
  if (facts === null) return undefined;
  const what =
    facts.custom !== null
      ? `the program's own error ${facts.custom} (0x${facts.custom.toString(16)})`
      : facts.name !== null
        ? `the error ${facts.name}`
        : 'an error the wallet cannot name';
  return facts.instruction === null
    ? `the network refused it with ${what}`
    : `instruction ${facts.instruction + 1} stopped with ${what}`;
}
