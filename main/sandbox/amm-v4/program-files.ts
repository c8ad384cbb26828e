/**
 * The binary of resources/programs/raydium-amm-v4/, found from this module's folder upwards (as
 * cp-swap/program-files.ts finds CP-Swap's), so that source, build and tests read the same file.
 * Its sha256 is checked against PROVENANCE.md by scripts/program-provenance.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDER = join('resources', 'programs', 'raydium-amm-v4');
export const AMM_V4_BINARY = 'raydium_amm_v4.so';

let bytes: Uint8Array | null = null;

/** The program's bytes (read once). */
export function ammV4Binary(): Uint8Array {
  if (bytes !== null) return bytes;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, FOLDER, AMM_V4_BINARY);
    if (existsSync(candidate)) return (bytes = new Uint8Array(readFileSync(candidate)));
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(
        `The sandbox cannot find ${join(FOLDER, AMM_V4_BINARY)} above ${fileURLToPath(import.meta.url)}; run it from a full checkout of Swapdesk.`,
      );
    }
    dir = parent;
  }
}
