/**
 * The compute-unit limit of an invoice composed from POST /swap-instructions. The service sizes
 * its SetComputeUnitLimit for the swap alone (`dynamicComputeUnitLimit`); the wallet then adds
 * the memo and the reference-carrying transfer (and a SOL request's SystemProgram transfer),
 * which must get compute units of their own or the whole payment fails for want of them.
 *
 * What the additions cost is measured on the network in use, not guessed: a trial simulation of
 * the composed transaction at the maximum limit reads each top-level instruction's consumption
 * from the logs ("Program X consumed N of M compute units"). The limit is then the swap's figure
 * plus the additions' measured cost with a quarter more (costs grow with the accounts' state:
 * a first transfer into an account, a longer memo) and a fixed 1,000. Where nothing can be
 * measured (the trial fails, the logs are cut), a fixed allowance per instruction is used:
 * above what SPL Token, Token-2022 and Memo cost on mainnet for an invoice (a few thousand each).
 */
import {
  ComputeBudgetProgram,
  PublicKey,
  TransactionInstruction,
  type AddressLookupTableAccount,
  type Connection,
} from '@solana/web3.js';
import { compileV0 } from '../shared/compile-v0';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
/** The runtime's ceiling per transaction. */
export const MAX_COMPUTE_UNITS = 1_400_000;
/** Used where the additions cannot be measured: per added instruction. */
export const FALLBACK_UNITS_PER_INSTRUCTION = 30_000;
const SET_LIMIT_TAG = 2;

export type TrialConnection = Pick<Connection, 'simulateTransaction' | 'getLatestBlockhash'>;

/** The swap's own figure: its SetComputeUnitLimit instruction, else the answer's computeUnitLimit. */
export function swapComputeUnits(
  instructions: readonly TransactionInstruction[],
  answered: number | undefined,
): number | null {
  for (const instruction of instructions) {
    if (instruction.programId.toBase58() !== COMPUTE_BUDGET) continue;
    if (instruction.data[0] === SET_LIMIT_TAG && instruction.data.length >= 5) {
      return Buffer.from(instruction.data).readUInt32LE(1);
    }
  }
  return answered ?? null;
}

/**
 * Each top-level instruction's consumed units, in order, from simulation logs; null for an
 * instruction that logged none (builtins such as the System program do not).
 */
export function unitsPerInstruction(logs: readonly string[]): (number | null)[] {
  const units: (number | null)[] = [];
  let depth = 0;
  for (const line of logs) {
    const invoke = /^Program \S+ invoke \[(\d+)\]$/.exec(line);
    if (invoke) {
      depth = Number(invoke[1]);
      if (depth === 1) units.push(null);
      continue;
    }
    const consumed = /^Program \S+ consumed (\d+) of \d+ compute units$/.exec(line);
    if (consumed && depth === 1) units[units.length - 1] = Number(consumed[1]);
    if (/^Program \S+ (success|failed)/.test(line)) depth = Math.max(0, depth - 1);
  }
  return units;
}

function withLimit(
  instructions: readonly TransactionInstruction[],
  units: number,
): TransactionInstruction[] {
  const rest = instructions.filter(
    (i) => !(i.programId.toBase58() === COMPUTE_BUDGET && i.data[0] === SET_LIMIT_TAG),
  );
  return [ComputeBudgetProgram.setComputeUnitLimit({ units }), ...rest];
}

/**
 * The instructions of the composed payment with a compute-unit limit that covers the swap's
 * figure plus what `added` (the wallet's instructions, last in `instructions`) cost. Without a
 * swap figure the runtime's default (200,000 per instruction) already grows with them.
 */
export async function budgetedInstructions(
  connection: TrialConnection,
  payer: PublicKey,
  instructions: readonly TransactionInstruction[],
  added: number,
  swapFigure: number | null,
  tables: AddressLookupTableAccount[],
): Promise<{ instructions: TransactionInstruction[]; limit: number | null; addedUnits: number }> {
  if (swapFigure === null) return { instructions: [...instructions], limit: null, addedUnits: 0 };
  let addedUnits = added * FALLBACK_UNITS_PER_INSTRUCTION;
  try {
    const { blockhash } = await connection.getLatestBlockhash('confirmed');
    const trial = compileV0(payer, blockhash, withLimit(instructions, MAX_COMPUTE_UNITS), tables);
    const { value } = await connection.simulateTransaction(trial, {
      sigVerify: false,
      replaceRecentBlockhash: true,
      commitment: 'confirmed',
    });
    const measured = unitsPerInstruction(value.logs ?? []).slice(-added);
    if (value.err === null && measured.length === added) {
      // A builtin logs no consumption; it costs the runtime's default of 150 units a call.
      const sum = measured.reduce<number>((total, units) => total + (units ?? 150), 0);
      addedUnits = Math.ceil(sum * 1.25) + 1_000;
    }
  } catch {
    // Unmeasurable here: the fixed allowance stands, and the review's own simulation judges.
  }
  const limit = Math.min(MAX_COMPUTE_UNITS, swapFigure + addedUnits);
  return { instructions: withLimit(instructions, limit), limit, addedUnits };
}
