/**
 * The wire bytes of a Solana transaction (legacy or v0), read strictly and without web3.js
 * (issue 26: web3.js's deserialize, then serialize to get back the bytes a signature covers,
 * made up a tenth of a review's time in main).
 *
 * Layout: a compact-u16 count of 64-byte signatures, then the message. The message is what the
 * signatures cover, so it is the wire's own bytes after the signatures, never a re-encoding.
 * It reads: an optional version prefix (0x80 | version), the header (three bytes), the
 * static keys, the recent blockhash, the instructions and, in v0, the address table lookups.
 *
 * Strict where a validator is (solana-short-vec, the transaction's sanitize), so that whatever
 * is accepted has one reading: a compact-u16 in its shortest form, as many signatures as the
 * header requires, a known version, and (unless told otherwise) no bytes after the message. On
 * those bytes web3.js reads the same fields and serializes the same message
 * (transaction-wire.test.ts holds it to that).
 * Indexes past the account list are not refused here: the review shows them as missing.
 */

export interface WireHeader {
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}

export interface WireInstruction {
  programIdIndex: number;
  accountKeyIndexes: number[];
  data: Uint8Array;
}

export interface WireLookup {
  /** The lookup table's address (32 bytes). */
  accountKey: Uint8Array;
  writableIndexes: number[];
  readonlyIndexes: number[];
}

export interface WireTransaction {
  signatures: Uint8Array[];
  /** The bytes the signatures cover: the wire after the signatures (a view, not a copy). */
  messageBytes: Uint8Array;
  version: 'legacy' | 0;
  header: WireHeader;
  /** Each 32 bytes, fee payer first. */
  staticKeys: Uint8Array[];
  recentBlockhash: Uint8Array;
  instructions: WireInstruction[];
  /** Always empty in a legacy message. */
  lookups: WireLookup[];
}

/** Bytes that are not one transaction; the message says where the reading stopped. */
export class WireFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireFormatError';
  }
}

const SIGNATURE_BYTES = 64;
const KEY_BYTES = 32;
const VERSION_PREFIX = 0x80;

class Reader {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}

  private need(count: number, what: string): void {
    if (this.at + count > this.bytes.length) {
      throw new WireFormatError(`the bytes end inside ${what} (at byte ${this.at})`);
    }
  }

  u8(what: string): number {
    this.need(1, what);
    return this.bytes[this.at++]!;
  }

  /** A view of the next `count` bytes. */
  take(count: number, what: string): Uint8Array {
    this.need(count, what);
    const view = this.bytes.subarray(this.at, this.at + count);
    this.at += count;
    return view;
  }

  /** A compact-u16 (solana-short-vec): at most three bytes, in its shortest form. */
  length(what: string): number {
    let value = 0;
    for (let index = 0; index < 3; index += 1) {
      const byte = this.u8(what);
      value |= (byte & 0x7f) << (7 * index);
      if ((byte & 0x80) === 0) {
        // A last byte of 0 after the first adds nothing: a longer spelling of a shorter number.
        if (byte === 0 && index > 0)
          throw new WireFormatError(`${what} is not in its shortest form`);
        if (value > 0xffff) throw new WireFormatError(`${what} is larger than a u16`);
        return value;
      }
    }
    throw new WireFormatError(`${what} is longer than three bytes`);
  }

  indexes(what: string): number[] {
    return Array.from(this.take(this.length(what), what));
  }
}

function readLookups(reader: Reader): WireLookup[] {
  const count = reader.length('the lookup table count');
  const lookups: WireLookup[] = [];
  for (let index = 0; index < count; index += 1) {
    lookups.push({
      accountKey: reader.take(KEY_BYTES, 'a lookup table address'),
      writableIndexes: reader.indexes('the writable indexes of a lookup'),
      readonlyIndexes: reader.indexes('the read-only indexes of a lookup'),
    });
  }
  return lookups;
}

export interface WireReadOptions {
  /**
   * 'refuse' (the wallet's): bytes after the message are an error, since they would be a second
   * reading of what is signed. 'ignore' (the sandbox's, as a validator's RPC reads a sent
   * transaction): they are left out of the message, as web3.js leaves them out.
   */
  trailingBytes?: 'refuse' | 'ignore';
}

/**
 * Reads `bytes` as one transaction; throws WireFormatError when they are not one.
 * @example const { messageBytes, staticKeys } = readTransactionWire(wire);
 */
export function readTransactionWire(
  bytes: Uint8Array,
  { trailingBytes = 'refuse' }: WireReadOptions = {},
): WireTransaction {
  const reader = new Reader(bytes);
  const signatureCount = reader.length('the signature count');
  const signatures: Uint8Array[] = [];
  for (let index = 0; index < signatureCount; index += 1) {
    signatures.push(reader.take(SIGNATURE_BYTES, 'a signature'));
  }
  const messageStart = reader.at;

  let version: 'legacy' | 0 = 'legacy';
  const first = reader.u8('the message header');
  if ((first & VERSION_PREFIX) !== 0) {
    const number = first & ~VERSION_PREFIX;
    if (number !== 0) throw new WireFormatError(`message version ${number} is not supported`);
    version = 0;
  }
  const header: WireHeader = {
    numRequiredSignatures: version === 'legacy' ? first : reader.u8('the message header'),
    numReadonlySignedAccounts: reader.u8('the message header'),
    numReadonlyUnsignedAccounts: reader.u8('the message header'),
  };
  if (signatureCount !== header.numRequiredSignatures) {
    throw new WireFormatError(
      `the transaction carries ${signatureCount} signatures where its message requires ${header.numRequiredSignatures}`,
    );
  }

  const keyCount = reader.length('the account key count');
  const staticKeys: Uint8Array[] = [];
  for (let index = 0; index < keyCount; index += 1) {
    staticKeys.push(reader.take(KEY_BYTES, 'an account key'));
  }
  const recentBlockhash = reader.take(KEY_BYTES, 'the recent blockhash');

  const instructionCount = reader.length('the instruction count');
  const instructions: WireInstruction[] = [];
  for (let index = 0; index < instructionCount; index += 1) {
    const programIdIndex = reader.u8('an instruction');
    const accountKeyIndexes = reader.indexes("an instruction's accounts");
    const data = reader.take(
      reader.length("an instruction's data length"),
      "an instruction's data",
    );
    instructions.push({ programIdIndex, accountKeyIndexes, data });
  }
  const lookups = version === 0 ? readLookups(reader) : [];

  if (reader.at !== bytes.length && trailingBytes === 'refuse') {
    throw new WireFormatError(`${bytes.length - reader.at} bytes follow the message`);
  }
  return {
    signatures,
    messageBytes: bytes.subarray(messageStart, reader.at),
    version,
    header,
    staticKeys,
    recentBlockhash,
    instructions,
    lookups,
  };
}
