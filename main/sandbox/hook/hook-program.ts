/**
 * The sandbox's transfer-hook program (issue 35): SPL's transfer-hook example, the interface's
 * reference implementation (resources/programs/spl-transfer-hook-example/, Apache-2.0,
 * provenance there), loaded at its sandbox id on every start. HOOK's mint names it; its
 * validation account (`["extra-account-metas", mint]`) is written at genesis with two extra
 * accounts that depend on the mint and on the sender, so a wallet must resolve them from the
 * chain for each transfer: the example's `Execute` fails unless exactly those are passed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getExtraAccountMetaAddress } from '@solana/spl-token';
import { PublicKey, type AccountMeta } from '@solana/web3.js';

/** sha256 of `swapdesk-sandbox:program:spl-transfer-hook-example`, like the sandbox's mints. */
export const HOOK_PROGRAM_ID = 'CeqVj7SbkceCd7CK3DqpfaF5AR5Fpao2pMNvQSgy2K45';

const FOLDER = join('resources', 'programs', 'spl-transfer-hook-example');
const BINARY = 'spl_transfer_hook_example.so';

let bytes: Uint8Array | null = null;

/** The program's ELF, found from this module's folder upwards (source, build and tests alike). */
export function hookProgramBytes(): Uint8Array {
  if (bytes !== null) return bytes;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ;) {
    const candidate = join(dir, FOLDER, BINARY);
    if (existsSync(candidate)) return (bytes = new Uint8Array(readFileSync(candidate)));
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`The sandbox cannot find ${join(FOLDER, BINARY)}.`);
    dir = parent;
  }
}

/** The interface's 8-byte discriminator of an instruction or account type. */
function discriminator(name: string): Buffer {
  return createHash('sha256').update(`spl-transfer-hook-interface:${name}`).digest().subarray(0, 8);
}

/** A seed config of 32 bytes: literal (1, length, bytes) and account-key (3, index) entries. */
function seeds(parts: Buffer[]): Buffer {
  const config = Buffer.alloc(32);
  Buffer.concat(parts).copy(config);
  return config;
}
const literal = (text: string) => Buffer.concat([Buffer.from([1, text.length]), Buffer.from(text)]);
const accountKey = (index: number) => Buffer.from([3, index]);

/**
 * HOOK's two extra accounts, as ExtraAccountMeta entries (35 bytes: discriminator 1 = a PDA of
 * the hook program, the seeds, is_signer, is_writable): `["swapdesk-hook", mint]` and
 * `["sender", authority]` (account 3 of TransferChecked), so the second differs per sender.
 */
const EXTRA_METAS: readonly Buffer[] = [
  Buffer.concat([
    Buffer.from([1]),
    seeds([literal('swapdesk-hook'), accountKey(1)]),
    Buffer.from([0, 0]),
  ]),
  Buffer.concat([Buffer.from([1]), seeds([literal('sender'), accountKey(3)]), Buffer.from([0, 0])]),
];

/**
 * The validation account's data exactly as the program's InitializeExtraAccountMetaList writes
 * it: the Execute discriminator, the length, the count, the entries
 * (hook-program.test.ts runs the program and compares).
 */
export function extraAccountMetaListData(): Uint8Array {
  const list = Buffer.concat([
    Buffer.from(Uint32Array.of(EXTRA_METAS.length).buffer),
    ...EXTRA_METAS,
  ]);
  const length = Buffer.from(Uint32Array.of(list.length).buffer);
  return new Uint8Array(Buffer.concat([discriminator('execute'), length, list]));
}

/** The data of InitializeExtraAccountMetaList with HOOK's entries (for the program's own run). */
export function initializeExtraAccountMetaListData(): Buffer {
  const count = Buffer.from(Uint32Array.of(EXTRA_METAS.length).buffer);
  return Buffer.concat([discriminator('initialize-extra-account-metas'), count, ...EXTRA_METAS]);
}

/** The validation account of a hook mint. */
export function validationAddress(mint: string): PublicKey {
  return getExtraAccountMetaAddress(new PublicKey(mint), new PublicKey(HOOK_PROGRAM_ID));
}

/**
 * What a TransferChecked of a HOOK mint appends, in the order spl-token's
 * `createTransferCheckedWithTransferHookInstruction` gives: the extra accounts, the hook
 * program, the validation account. For the sandbox's own transfers (the market maker's fills).
 */
export function hookTransferAccounts(mint: string, authority: string): AccountMeta[] {
  const program = new PublicKey(HOOK_PROGRAM_ID);
  const pda = (seed: string, key: string) =>
    PublicKey.findProgramAddressSync(
      [Buffer.from(seed), new PublicKey(key).toBuffer()],
      program,
    )[0];
  const meta = (pubkey: PublicKey): AccountMeta => ({ pubkey, isSigner: false, isWritable: false });
  return [
    meta(pda('swapdesk-hook', mint)),
    meta(pda('sender', authority)),
    meta(program),
    meta(validationAddress(mint)),
  ];
}
