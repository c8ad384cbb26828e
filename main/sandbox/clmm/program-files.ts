/**
 * The files of resources/programs/raydium-clmm/, found from this module's folder upwards, so
 * that the same code reads them from source (main/sandbox/clmm/), from the build (out/main/)
 * and from the tests. Their sha256 is checked against PROVENANCE.md by
 * scripts/program-provenance.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDER = join('resources', 'programs', 'raydium-clmm');
/** The mainnet Raydium CLMM program, loaded at CLMM_PROGRAM_ID on every start. */
export const CLMM_BINARY = 'raydium_clmm.so';

let bytes: Uint8Array | null = null;

function binaryPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, FOLDER, CLMM_BINARY);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(
        `The sandbox cannot find ${join(FOLDER, CLMM_BINARY)} above ${fileURLToPath(import.meta.url)}; run it from a full checkout of Swapdesk.`,
      );
    }
    dir = parent;
  }
}

/** The program's bytes (read once). */
export function clmmBinary(): Uint8Array {
  bytes ??= new Uint8Array(readFileSync(binaryPath()));
  return bytes;
}
