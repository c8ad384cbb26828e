/**
 * The files of resources/programs/raydium-cp-swap/, found from this module's folder upwards, so
 * that the same code reads them from source (main/sandbox/cp-swap/), from the build
 * (out/main/) and from the tests. Their sha256 is checked against PROVENANCE.md by
 * scripts/program-provenance.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDER = join('resources', 'programs', 'raydium-cp-swap');
export const CP_SWAP_BINARY = 'raydium_cp_swap.so';
/** Mainnet AmmConfig index 0 (0.25 % trade fee), written at its own address. */
export const MAINNET_AMM_CONFIG = 'amm-config-D4FPEruKEHrG5TenZ2mpDGEfu1iUvTiqBxvpU8HLBvC2.bin';
export const FEE_RECEIVER_ACCOUNT =
  'create-pool-fee-receiver-DNXgeM9EiiaAbaWvwjHj9fQQLAX5ZsfHyvmYUNRAdNC8.bin';

let folder: string | null = null;

function programsFolder(): string {
  if (folder !== null) return folder;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, FOLDER);
    if (existsSync(join(candidate, CP_SWAP_BINARY))) return (folder = candidate);
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(
        `The sandbox cannot find ${join(FOLDER, CP_SWAP_BINARY)} above ${fileURLToPath(import.meta.url)}; run it from a full checkout of Swapdesk.`,
      );
    }
    dir = parent;
  }
}

const cache = new Map<string, Uint8Array>();

/** The bytes of one file of the folder (read once). */
export function cpSwapFile(name: string): Uint8Array {
  let bytes = cache.get(name);
  if (bytes === undefined) {
    bytes = new Uint8Array(readFileSync(join(programsFolder(), name)));
    cache.set(name, bytes);
  }
  return bytes;
}
