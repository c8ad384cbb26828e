/**
 * `--jupiter-program FILE`: the binary of Jupiter's aggregator, read from where the person says
 * (the project keeps one only as a test fixture: it is closed source and unlicensed, so no
 * build or release carries it; scripts/sandbox.mjs and scripts/start.mjs pass it when the
 * checkout has it). A file that is not a Solana program is refused in words, before the ledger
 * opens.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ExtraProgram } from '../ledger/extra-programs';
import { JUPITER_PROGRAM_ID } from './program';

const ELF_MAGIC = [0x7f, 0x45, 0x4c, 0x46];

/** The programs to load for the option's value (none for undefined, '' or 'none'). */
export function jupiterProgramOption(value: string | undefined): ExtraProgram[] {
  if (value === undefined || value === '' || value === 'none') return [];
  const path = resolve(value);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(path));
  } catch (error) {
    throw new Error(
      `--jupiter-program: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give the path of Jupiter's program binary (a .so file), or leave the option out.`,
    );
  }
  if (!ELF_MAGIC.every((byte, i) => bytes[i] === byte)) {
    throw new Error(
      `--jupiter-program: ${path} is not a Solana program (no ELF header); give the path of Jupiter's program binary.`,
    );
  }
  return [{ programId: JUPITER_PROGRAM_ID, bytes }];
}
