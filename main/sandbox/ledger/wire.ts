/**
 * Reads what the ledger needs from a transaction's wire bytes: signatures, blockhash, every
 * account key (lookup-table addresses resolved against the current ledger), writability, fees.
 */
import bs58 from 'bs58';
import { addressOf } from '../../shared/address';
import { readTransactionWire, type WireInstruction } from '../../shared/transaction-wire';
import { COMPUTE_BUDGET_PROGRAM_ID, MEMO_PROGRAM_ID } from '../tokens';

export const LAMPORTS_PER_SIGNATURE = 5000n;
/**
 * Without SetComputeUnitLimit the runtime reserves 200,000 units per instruction of an on-chain
 * program and 3,000 per builtin instruction (compute budget instructions included), capped at
 * 1,400,000; the priority fee is charged on that limit. Measured against litesvm 1.4.1.
 */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const DEFAULT_UNITS_PER_BUILTIN_INSTRUCTION = 3_000n;
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n;
const BUILTIN_PROGRAMS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM_ID,
  'AddressLookupTab1e1111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
]);

export interface ParsedTransaction {
  /** As compiled: indexes into `accountKeys`. */
  instructions: WireInstruction[];
  version: 'legacy' | 0;
  /** Base58 of the first signature: the transaction's id. */
  signature: string;
  signatures: string[];
  recentBlockhash: string;
  numRequiredSignatures: number;
  staticKeys: string[];
  loadedWritable: string[];
  loadedReadonly: string[];
  /** static keys, then loaded writable, then loaded readonly: the order instructions index. */
  accountKeys: string[];
  writable: boolean[];
  computeUnitPrice: bigint;
  computeUnitLimit: bigint;
}

/** Reads a lookup table's addresses, or null when there is no such table. */
export type LookupTableReader = (address: string) => string[] | null;

/** Decodes the wire bytes; throws when they are not a transaction. */
export function parseTransaction(
  bytes: Uint8Array,
  readTable: LookupTableReader,
): ParsedTransaction {
  // As a validator's RPC reads a sent transaction: bytes after the message are left out. A copy,
  // since the instructions kept are views of the bytes read.
  const transaction = readTransactionWire(Uint8Array.from(bytes), { trailingBytes: 'ignore' });
  const staticKeys = transaction.staticKeys.map((key) => addressOf(key));
  const loadedWritable: string[] = [];
  const loadedReadonly: string[] = [];
  for (const lookup of transaction.lookups) {
    const table = readTable(addressOf(lookup.accountKey)) ?? [];
    for (const index of lookup.writableIndexes) loadedWritable.push(table[index] ?? '');
    for (const index of lookup.readonlyIndexes) loadedReadonly.push(table[index] ?? '');
  }
  const accountKeys = [...staticKeys, ...loadedWritable, ...loadedReadonly];
  const { header } = transaction;
  const writable = accountKeys.map((_, index) => {
    if (index >= staticKeys.length) return index < staticKeys.length + loadedWritable.length;
    if (index < header.numRequiredSignatures) {
      return index < header.numRequiredSignatures - header.numReadonlySignedAccounts;
    }
    return index < staticKeys.length - header.numReadonlyUnsignedAccounts;
  });
  const budget = computeBudget(staticKeys, transaction.instructions);
  const signatures = transaction.signatures.map((signature) => bs58.encode(signature));
  return {
    instructions: transaction.instructions,
    version: transaction.version,
    signature: signatures[0] ?? '',
    signatures,
    recentBlockhash: bs58.encode(transaction.recentBlockhash),
    numRequiredSignatures: header.numRequiredSignatures,
    staticKeys,
    loadedWritable,
    loadedReadonly,
    accountKeys,
    writable,
    ...budget,
  };
}

function computeBudget(
  keys: string[],
  instructions: readonly WireInstruction[],
): { computeUnitPrice: bigint; computeUnitLimit: bigint } {
  let price = 0n;
  let limit: bigint | null = null;
  let reserved = 0n;
  for (const ix of instructions) {
    const program = keys[ix.programIdIndex] ?? '';
    reserved += BUILTIN_PROGRAMS.has(program)
      ? DEFAULT_UNITS_PER_BUILTIN_INSTRUCTION
      : DEFAULT_UNITS_PER_INSTRUCTION;
    if (program !== COMPUTE_BUDGET_PROGRAM_ID) continue;
    const dv = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) limit = BigInt(dv.getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) price = dv.getBigUint64(1, true);
  }
  const units = limit ?? reserved;
  return {
    computeUnitPrice: price,
    computeUnitLimit: units > MAX_COMPUTE_UNIT_LIMIT ? MAX_COMPUTE_UNIT_LIMIT : units,
  };
}

/**
 * The fee the runtime charges: 5000 lamports per signature plus the priority fee, compute unit
 * price (micro-lamports) times the compute unit limit, rounded up.
 */
export function transactionFee(
  numSignatures: number,
  computeUnitPrice: bigint,
  computeUnitLimit: bigint,
): bigint {
  const micro = computeUnitPrice * computeUnitLimit;
  const priority = (micro + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(numSignatures) + priority;
}

/** The fee of a message alone (getFeeForMessage), from its bytes. */
export function messageFee(messageBytes: Uint8Array): { fee: bigint; recentBlockhash: string } {
  // A transaction with zeroed signatures around the message decodes the message for us.
  const numSignatures = messageBytes[0]! & 0x80 ? messageBytes[1]! : messageBytes[0]!;
  const wire = new Uint8Array(1 + 64 * numSignatures + messageBytes.length);
  wire[0] = numSignatures;
  wire.set(messageBytes, 1 + 64 * numSignatures);
  const parsed = parseTransaction(wire, () => null);
  return {
    fee: transactionFee(
      parsed.numRequiredSignatures,
      parsed.computeUnitPrice,
      parsed.computeUnitLimit,
    ),
    recentBlockhash: parsed.recentBlockhash,
  };
}

/** A lookup table's header: type index (u32, 1), deactivation slot, last extended slot and so on. */
const LOOKUP_TABLE_META_SIZE = 56;

/**
 * Decodes a lookup table account's addresses (56-byte header, then 32-byte keys); throws, as
 * web3.js's AddressLookupTableAccount.deserialize does, when the data is no lookup table. Each
 * key read through the remembered encoder: every /build and /swap reads the market's tables.
 */
export function lookupTableAddresses(data: Uint8Array): string[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length < LOOKUP_TABLE_META_SIZE || view.getUint32(0, true) !== 1) {
    throw new Error('not an address lookup table');
  }
  if ((data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0) {
    throw new Error('a lookup table whose addresses are not whole 32-byte keys');
  }
  const addresses: string[] = [];
  for (let at = LOOKUP_TABLE_META_SIZE; at < data.length; at += 32) {
    addresses.push(addressOf(data.subarray(at, at + 32)));
  }
  return addresses;
}

/** The validator's `memo` field of signature listings: "[len] text" per memo, joined by "; ". */
export function extractMemo(parsed: ParsedTransaction): string | null {
  const memos: string[] = [];
  for (const ix of parsed.instructions) {
    if (parsed.accountKeys[ix.programIdIndex] !== MEMO_PROGRAM_ID) continue;
    const text = new TextDecoder().decode(ix.data);
    memos.push(`[${ix.data.length}] ${text}`);
  }
  return memos.length > 0 ? memos.join('; ') : null;
}
