/**
 * The extra accounts a transfer-hook mint's TransferChecked must carry, resolved from the
 * chain's ExtraAccountMetaList (the hook's validation account, `["extra-account-metas", mint]`)
 * as the transfer-hook interface defines it and @solana/spl-token's `resolveExtraAccountMeta`
 * does, but from states already read (no I/O), so the review's rule stays a pure function
 * (hook-resolution.test.ts compares with spl-token's resolver).
 */
import { createHash } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';

/** One account the hook expects, after resolution. */
export interface HookAccount {
  address: string;
  signer: boolean;
  writable: boolean;
}

const META_SIZE = 35;
const LIST_HEADER = 8 + 4 + 4;

/** The validation account of `mint` under `program`. */
export function hookValidationAddress(mint: string, program: string): string {
  return PublicKey.findProgramAddressSync(
    [Buffer.from('extra-account-metas'), new PublicKey(mint).toBuffer()],
    new PublicKey(program),
  )[0].toBase58();
}

/** The interface's Execute data (`spl-transfer-hook-interface:execute`, then the amount). */
function executeData(amount: bigint): Uint8Array {
  const data = Buffer.alloc(16);
  createHash('sha256').update('spl-transfer-hook-interface:execute').digest().copy(data, 0, 0, 8);
  data.writeBigUInt64LE(amount, 8);
  return data;
}

type DataOf = (address: string) => Uint8Array | null;

/** The seeds of a 32-byte seed configuration (1 literal, 2 instruction data, 3 key, 4 account data). */
function seedsOf(config: Uint8Array, keys: string[], ix: Uint8Array, dataOf: DataOf): Uint8Array[] {
  const seeds: Uint8Array[] = [];
  for (let at = 0; at < config.length && config[at] !== 0;) {
    const kind = config[at]!;
    if (kind === 1) {
      const length = config[at + 1]!;
      seeds.push(config.subarray(at + 2, at + 2 + length));
      at += 2 + length;
    } else if (kind === 2) {
      const [index, length] = [config[at + 1]!, config[at + 2]!];
      if (ix.length < index + length) throw new Error('seed past the instruction data');
      seeds.push(ix.subarray(index, index + length));
      at += 3;
    } else if (kind === 3) {
      const key = keys[config[at + 1]!];
      if (key === undefined) throw new Error('seed names an account not yet resolved');
      seeds.push(new PublicKey(key).toBytes());
      at += 2;
    } else if (kind === 4) {
      const [index, offset, length] = [config[at + 1]!, config[at + 2]!, config[at + 3]!];
      const data = keys[index] === undefined ? null : dataOf(keys[index]);
      if (data === null || data.length < offset + length) throw new Error('seed past account data');
      seeds.push(data.subarray(offset, offset + length));
      at += 4;
    } else throw new Error(`unknown seed kind ${kind}`);
  }
  return seeds;
}

/** A key held in data (pubkey-data config: 1 instruction data, 2 account data). */
function pubkeyData(config: Uint8Array, keys: string[], ix: Uint8Array, dataOf: DataOf): string {
  const source =
    config[0] === 1
      ? ix.subarray(config[1]!, config[1]! + 32)
      : config[0] === 2 && keys[config[1]!] !== undefined
        ? (dataOf(keys[config[1]!]!)?.subarray(config[2]!, config[2]! + 32) ?? new Uint8Array())
        : new Uint8Array();
  if (source.length !== 32) throw new Error('pubkey data out of range');
  return bs58.encode(source);
}

/**
 * Resolves the list against one transfer (Execute's accounts: source, mint, destination,
 * authority, validation, then each extra as resolved). Throws when the list cannot be read or
 * an entry cannot be resolved from what was read.
 */
export function resolveHookAccounts(input: {
  program: string;
  validation: { address: string; data: Uint8Array };
  transfer: { source: string; mint: string; destination: string; authority: string };
  amount: bigint;
  dataOf: DataOf;
}): HookAccount[] {
  const { data } = input.validation;
  if (data.length < LIST_HEADER) throw new Error('validation account too short');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const count = view.getUint32(12, true);
  if (data.length < LIST_HEADER + count * META_SIZE)
    throw new Error('validation account too short');
  const ix = executeData(input.amount);
  const { source, mint, destination, authority } = input.transfer;
  const keys = [source, mint, destination, authority, input.validation.address];
  const resolved: HookAccount[] = [];
  for (let i = 0; i < count; i++) {
    const entry = data.subarray(LIST_HEADER + i * META_SIZE, LIST_HEADER + (i + 1) * META_SIZE);
    const [kind, config] = [entry[0]!, entry.subarray(1, 33)];
    let address: string;
    if (kind === 0) address = bs58.encode(config);
    else if (kind === 2) address = pubkeyData(config, keys, ix, input.dataOf);
    else {
      const owner = kind === 1 ? input.program : keys[kind - 128];
      if (kind < 128 && kind !== 1) throw new Error(`unknown account kind ${kind}`);
      if (owner === undefined) throw new Error('PDA of an account not yet resolved');
      address = PublicKey.findProgramAddressSync(
        seedsOf(config, keys, ix, input.dataOf),
        new PublicKey(owner),
      )[0].toBase58();
    }
    keys.push(address);
    resolved.push({ address, signer: entry[33] === 1, writable: entry[34] === 1 });
  }
  return resolved;
}
