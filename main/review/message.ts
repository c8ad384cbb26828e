/**
 * Reads the wire bytes of a transaction (legacy or v0): fee payer, required signers and the
 * state of their signatures, every account with its signer/writable flags (lookup-table keys
 * resolved through the RPC, so no account hides in a table) and the instructions with their
 * account addresses.
 */
import { PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { readTransactionWire, type WireTransaction } from '../shared/transaction-wire';
import { addressOf, type Address } from '../shared/address';
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
 * `VersionedTransaction.deserialize(wire).message.serialize()`: the message a signature over
 * `wire` covers, which is the wire's own bytes after the signatures (shared/transaction-wire.ts
 * reads them strictly, so they have no other reading). A copy: no caller can change the wire
 * through it. Throws WireFormatError when the bytes are not one transaction.
 */
export function messageBytesOf(wire: Uint8Array): Uint8Array {
  return Uint8Array.from(readTransactionWire(wire).messageBytes);
}

/**
 * The transaction of wire bytes and a copy of its message bytes; throws INVALID_TRANSACTION when
 * they are not a transaction.
 */
export function readWire(bytes: Uint8Array): { tx: WireTransaction; messageBytes: Uint8Array } {
  const tx = parseWire(bytes);
  return { tx, messageBytes: Uint8Array.from(tx.messageBytes) };
}

/** Reads wire bytes; throws INVALID_TRANSACTION when they are not a transaction. */
function parseWire(bytes: Uint8Array): WireTransaction {
  try {
    return readTransactionWire(bytes);
  } catch (error) {
    throw new WalletError(
      'INVALID_TRANSACTION',
      'The swap service sent bytes that are not a Solana transaction, so there is nothing safe to sign. Get a fresh quote.',
      { cause: error },
    );
  }
}

function signatureState(
  signature: Uint8Array | undefined,
  message: Uint8Array,
  signer: Uint8Array,
) {
  if (signature === undefined || signature.every((byte) => byte === 0)) return 'missing' as const;
  return nacl.sign.detached.verify(message, signature, signer)
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
    // Remembered encodings: every review reads the same tables, hundreds of keys each.
    return answer.value?.state.addresses.map((address) => addressOf(address.toBytes())) ?? null;
  } catch {
    // An unreachable network fails the account reads that follow, with the right message.
    return null;
  }
}

/**
 * Decodes `tx` (see readWire) and resolves its lookup tables with `connection.getAddressLookupTable`.
 * An unreadable table is listed in `unresolvedTables` (its keys show as unknown placeholders),
 * so the guard can refuse instead of the review failing. `messageBytes`: a copy of
 * `tx.messageBytes` when the caller made it already.
 */
export async function decodeMessage(
  tx: WireTransaction,
  connection: Pick<ReviewReads, 'getAddressLookupTable'>,
  messageBytes: Uint8Array = Uint8Array.from(tx.messageBytes),
): Promise<DecodedMessage> {
  const { header, lookups } = tx;
  const staticKeys = tx.staticKeys.map((key) => bs58.encode(key) as Address);

  const lookupTables: ReviewReport['lookupTables'] = [];
  const unresolvedTables: Address[] = [];
  const loadedWritable: { key: string; table: Address }[] = [];
  const loadedReadonly: { key: string; table: Address }[] = [];
  for (const lookup of lookups) {
    const tableKey = new PublicKey(lookup.accountKey);
    const tableAddress = tableKey.toBase58() as Address;
    const addresses = await readTable(connection, tableKey);
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
    ...staticKeys.map((address, index) => ({
      index,
      address,
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

  const instructions: RawInstruction[] = tx.instructions.map((compiled) => {
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
      data: Uint8Array.from(compiled.data),
    };
  });

  return {
    format: tx.version === 'legacy' ? 'legacy' : 'v0',
    messageBytes,
    feePayer: staticKeys[0] ?? ('' as Address),
    recentBlockhash: bs58.encode(tx.recentBlockhash),
    signatures: tx.staticKeys.slice(0, signerCount).map((key, index) => ({
      signer: staticKeys[index]!,
      state: signatureState(tx.signatures[index], messageBytes, key),
    })),
    lookupTables,
    unresolvedTables,
    accounts,
    instructions,
  };
}
