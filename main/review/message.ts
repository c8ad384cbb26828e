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
 * so the guard can refuse instead of the review failing.
 */
export async function decodeMessage(
  tx: VersionedTransaction,
  connection: Pick<ReviewReads, 'getAddressLookupTable'>,
): Promise<DecodedMessage> {
  const message = tx.message;
  const messageBytes = message.serialize();
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
