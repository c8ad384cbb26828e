/**
 * `--jupiter-program FILE`: the binary is read from where the command line says, and a wrong
 * path or a file that is not a program is refused in words before the ledger opens.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { JUPITER_PROGRAM_FIXTURE } from '../../../test/fixtures/jupiter-program';
import { jupiterProgramOption } from './program-file';
import { JUPITER_PROGRAM_ID } from './program';

describe('jupiterProgramOption', () => {
  it('loads nothing without the option, or with none', () => {
    expect(jupiterProgramOption(undefined)).toEqual([]);
    expect(jupiterProgramOption('none')).toEqual([]);
  });

  it("loads the fixture at Jupiter's mainnet id", () => {
    const [program] = jupiterProgramOption(JUPITER_PROGRAM_FIXTURE);
    expect(program?.programId).toBe(JUPITER_PROGRAM_ID);
    expect(program?.bytes.length).toBe(2_892_224);
  });

  it('refuses a missing file and a file that is not a program, saying what to give', () => {
    const dir = tempDir('swapdesk-jupiter-file-');
    expect(() => jupiterProgramOption(join(dir, 'missing.so'))).toThrow(
      /cannot read .*missing\.so \(ENOENT\); give the path of Jupiter's program binary/,
    );
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a program');
    expect(() => jupiterProgramOption(text)).toThrow(/is not a Solana program \(no ELF header\)/);
  });
});
