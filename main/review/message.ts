/**
 * Reads the wire bytes of a transaction (legacy or v0): fee payer, required signers and the
 * state of their signatures, every account with its signer/writable flags (lookup-table keys
 * resolved through the RPC, so no account hides in a table) and the instructions with their
 * account addresses.
 */
import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import type { ReviewReads, ReviewReport, TouchedAccount } from './types';

export interface RawInstruction {
  programId: Address;
  accounts: { address: Address; signer: boolean; writable: boolean }[];
  data: Uint8Array;
}

export interface DecodedMessage {
  format: 'legacy' | 'v0';
  messageBytes: Uint8Array;
  feePayer: Address;
  recentBlockhash: string;
  signatures: ReviewReport['signatures'];
  lookupTables: ReviewReport['lookupTables'];
  /** Lookup tables that could not be read, or whose indexes point past their end. */
  unresolvedTables: Address[];
  accounts: TouchedAccount[];
  instructions: RawInstruction[];
}

/**
 * The last wire bytes read and their serialized message, copies of both. A review reads the
 * message of the same bytes three times (its own report, the check that the report is of the
 * ticket's bytes, the ticket); deserializing and serializing a message cost more than comparing
 * 1 KB (issue 26).
 */
let lastRead: { wire: Uint8Array; message: Uint8Array } | null = null;

function remember(wire: Uint8Array, message: Uint8Array): void {
  lastRead = { wire: Uint8Array.from(wire), message: Uint8Array.from(message) };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/**
 * `VersionedTransaction.deserialize(wire).message.serialize()`: the message a signature over
 * `wire` covers. Bytes equal to the last ones read answer from them (the same function of the
 * same bytes, a copy, so no caller can change what the next one gets). Throws what
 * deserialize throws.
 */
export function messageBytesOf(wire: Uint8Array): Uint8Array {
  if (lastRead !== null && sameBytes(wire, lastRead.wire)) return Uint8Array.from(lastRead.message);
  const message = VersionedTransaction.deserialize(wire).message.serialize();
  remember(wire, message);
  return message;
}

/** parseWire, and the message serialized once (remembered for messageBytesOf). */
export function readWire(bytes: Uint8Array): {
  tx: VersionedTransaction;
  messageBytes: Uint8Array;
} {
  const tx = parseWire(bytes);
  const messageBytes = tx.message.serialize();
  remember(bytes, messageBytes);
  return { tx, messageBytes };
}

/** Parses wire bytes; throws INVALID_TRANSACTION when they are not a transaction. */
export function parseWire(bytes: Uint8Array): VersionedTransaction {
  try {
    return VersionedTransaction.deserialize(bytes);
  } catch (error) {
    throw new WalletError(
      'INVALID_TRANSACTION',
      'The swap service sent bytes that are not a Solana transaction, so there is nothing safe to sign. Get a fresh quote.',
      { cause: error },
    );
  }
}

/**
 * The wire bytes of a transaction with these signatures and serialized message, as web3.js's
 * VersionedTransaction.serialize() writes them (the signature count as a compact-u16, the
 * signatures, the message), without serializing the message again.
 */
export function wireOf(signatures: readonly Uint8Array[], messageBytes: Uint8Array): Uint8Array {
  const count: number[] = [];
  let rest = signatures.length;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      count.push(low);
      break;
    }
    count.push(low | 0x80);
  }
  const wire = new Uint8Array(count.length + 64 * signatures.length + messageBytes.length);
  wire.set(count, 0);
  signatures.forEach((signature, index) => wire.set(signature, count.length + 64 * index));
  wire.set(messageBytes, count.length + 64 * signatures.length);
  return wire;
}

function signatureState(signature: Uint8Array | undefined, message: Uint8Array, signer: PublicKey) {
  if (signature === undefined || signature.every((byte) => byte === 0)) return 'missing' as const;
  return nacl.sign.detached.verify(message, signature, signer.toBytes())
    ? ('valid' as const)
    : ('invalid' as const);
}

/** A table's addresses; null when it is missing or not a lookup table (its data will not parse). */
async function readTable(
  connection: Pick<ReviewReads, 'getAddressLookupTable'>,
  key: PublicKey,
): Promise<string[] | null> {
  try {
    const answer = await connection.getAddressLookupTable(key);
    return answer.value?.state.addresses.map((address) => address.toBase58()) ?? null;
  } catch {
    // An unreachable network fails the account reads that follow, with the right message.
    return null;
  }
}

/**
 * Decodes `tx` (see parseWire) and resolves its lookup tables with `connection.getAddressLookupTable`.
 * An unreadable table is listed in `unresolvedTables` (its keys show as unknown placeholders),
 * so the guard can refuse instead of the review failing. `messageBytes`: `tx.message.serialize()`
 * when the caller made it already.
 */
export async function decodeMessage(
  tx: VersionedTransaction,
  connection: Pick<ReviewReads, 'getAddressLookupTable'>,
  messageBytes: Uint8Array = tx.message.serialize(),
): Promise<DecodedMessage> {
  const message = tx.message;
  const staticKeys = message.staticAccountKeys;
  const header = message.header;
  const lookups = message.addressTableLookups;

  const lookupTables: ReviewReport['lookupTables'] = [];
  const unresolvedTables: Address[] = [];
  const loadedWritable: { key: string; table: Address }[] = [];
  const loadedReadonly: { key: string; table: Address }[] = [];
  for (const lookup of lookups) {
    const tableAddress = lookup.accountKey.toBase58() as Address;
    const addresses = await readTable(connection, lookup.accountKey);
    const pick = (index: number) => addresses?.[index];
    const indexes = [...lookup.writableIndexes, ...lookup.readonlyIndexes];
    if (addresses === null || indexes.some((index) => pick(index) === undefined)) {
      unresolvedTables.push(tableAddress);
    }
    // A placeholder keeps positions aligned; the guard refuses before anything reads it.
    const keyAt = (index: number) => pick(index) ?? `unresolved:${tableAddress}:${index}`;
    const writable = lookup.writableIndexes.map(keyAt);
    const readonly = lookup.readonlyIndexes.map(keyAt);
    writable.forEach((key) => loadedWritable.push({ key, table: tableAddress }));
    readonly.forEach((key) => loadedReadonly.push({ key, table: tableAddress }));
    lookupTables.push({
      address: tableAddress,
      writable: writable as Address[],
      readonly: readonly as Address[],
    });
  }

  const signerCount = header.numRequiredSignatures;
  const writableSigners = signerCount - header.numReadonlySignedAccounts;
  const writableUnsigned = staticKeys.length - header.numReadonlyUnsignedAccounts;
  const accounts: TouchedAccount[] = [
    ...staticKeys.map((key, index) => ({
      index,
      address: key.toBase58() as Address,
      signer: index < signerCount,
      writable: index < signerCount ? index < writableSigners : index < writableUnsigned,
      fromLookupTable: null,
    })),
    ...[...loadedWritable, ...loadedReadonly].map((loaded, offset) => ({
      index: staticKeys.length + offset,
      address: loaded.key as Address,
      signer: false,
      writable: offset < loadedWritable.length,
      fromLookupTable: loaded.table,
    })),
  ];

  const instructions: RawInstruction[] = message.compiledInstructions.map((compiled) => {
    const program = accounts[compiled.programIdIndex];
    return {
      programId: (program?.address ?? `missing:${compiled.programIdIndex}`) as Address,
      accounts: compiled.accountKeyIndexes.map((index) => {
        const account = accounts[index];
        return {
          address: (account?.address ?? `missing:${index}`) as Address,
          signer: account?.signer ?? false,
          writable: account?.writable ?? false,
        };
      }),
      data: new Uint8Array(compiled.data),
    };
  });

  return {
    format: message.version === 'legacy' ? 'legacy' : 'v0',
    messageBytes,
    feePayer: (staticKeys[0]?.toBase58() ?? '') as Address,
    recentBlockhash: message.recentBlockhash,
    signatures: staticKeys.slice(0, signerCount).map((key, index) => ({
      signer: key.toBase58() as Address,
      state: signatureState(tx.signatures[index], messageBytes, key),
    })),
    lookupTables,
    unresolvedTables,
    accounts,
    instructions,
  };
}
