/**
 * The wire reader is held to web3.js (a client library nobody here wrote): on every transaction
 * it accepts, web3.js reads the same fields and serializes the same message. Real transactions
 * from test/fixtures/real-world (their README names each source) are read as web3.js reads them.
 */
import {
  AddressLookupTableAccount,
  Keypair,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { realWorldJson, realWorldText } from '../../test/fixtures/real-world';
import { readTransactionWire, WireFormatError, type WireTransaction } from './transaction-wire';

/** A small deterministic generator, so a failure names a seed that repeats it. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    bytes: (n: number) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256)),
  };
}

function keyFrom(random: ReturnType<typeof generator>): PublicKey {
  return new PublicKey(random.bytes(32));
}

/** A transaction web3.js compiles: legacy or v0 (with a lookup table), some signed. */
function randomTransaction(seed: number): Uint8Array {
  const random = generator(seed);
  const payer = keyFrom(random);
  const keys = Array.from({ length: 2 + random.below(20) }, () => keyFrom(random));
  const signers = keys.slice(0, random.below(3));
  const instructions = Array.from({ length: random.below(8) }, () => {
    const accounts = Array.from(
      { length: random.below(12) },
      () => keys[random.below(keys.length)]!,
    );
    return new TransactionInstruction({
      programId: keys[random.below(keys.length)]!,
      keys: accounts.map((pubkey) => ({
        pubkey,
        isSigner: signers.some((s) => s.equals(pubkey)),
        isWritable: random.below(2) === 0,
      })),
      // Past 127 bytes the data length takes two bytes.
      data: Buffer.from(random.bytes(random.below(3) === 0 ? 200 : random.below(40))),
    });
  });
  const compile = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: keyFrom(random).toBase58(),
    instructions,
  });
  const legacy = random.below(3) === 0;
  const table = new AddressLookupTableAccount({
    key: keyFrom(random),
    state: {
      deactivationSlot: BigInt('18446744073709551615'),
      lastExtendedSlot: 0,
      lastExtendedSlotStartIndex: 0,
      addresses: keys.filter((_, i) => i % 2 === 1),
    },
  });
  const message = legacy ? compile.compileToLegacyMessage() : compile.compileToV0Message([table]);
  const tx = new VersionedTransaction(message);
  tx.signatures = tx.signatures.map((s, i) => (i === 0 ? random.bytes(64) : s));
  try {
    return tx.serialize();
  } catch (error) {
    // Past a packet (1232 bytes) web3.js does not serialize: another draw.
    if (error instanceof RangeError) return randomTransaction(seed + 100_000);
    throw error;
  }
}

/** What web3.js reads of `wire`, in the reader's terms. */
function asWeb3Reads(wire: Uint8Array) {
  const tx = VersionedTransaction.deserialize(wire);
  const message = tx.message;
  return {
    signatures: tx.signatures.map((s) => [...s]),
    messageBytes: [...message.serialize()],
    version: tx.version,
    header: { ...message.header },
    staticKeys: message.staticAccountKeys.map((k) => k.toBase58()),
    recentBlockhash: message.recentBlockhash,
    instructions: message.compiledInstructions.map((ix) => ({
      programIdIndex: ix.programIdIndex,
      accountKeyIndexes: [...ix.accountKeyIndexes],
      data: [...ix.data],
    })),
    lookups: message.addressTableLookups.map((l) => ({
      accountKey: l.accountKey.toBase58(),
      writableIndexes: [...l.writableIndexes],
      readonlyIndexes: [...l.readonlyIndexes],
    })),
  };
}

function asReads(read: WireTransaction) {
  return {
    signatures: read.signatures.map((s) => [...s]),
    messageBytes: [...read.messageBytes],
    version: read.version,
    header: read.header,
    staticKeys: read.staticKeys.map((k) => new PublicKey(k).toBase58()),
    recentBlockhash: new PublicKey(read.recentBlockhash).toBase58(),
    instructions: read.instructions.map((ix) => ({ ...ix, data: [...ix.data] })),
    lookups: read.lookups.map((l) => ({
      ...l,
      accountKey: new PublicKey(l.accountKey).toBase58(),
    })),
  };
}

function base64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text.trim(), 'base64'));
}

/** Real transactions of test/fixtures/real-world (its README names each source). */
function realTransactions(): Uint8Array[] {
  return [
    // swap/ultra-2025-04-order-aggregator.json: a real Ultra /order answer (v0, signed by none).
    base64(
      realWorldJson<{ transaction: string }>('swap/ultra-2025-04-order-aggregator.json')
        .transaction,
    ),
    // swap-v2/…DexSato…unsigned.json: a real unsigned /order transaction.
    base64(
      realWorldJson<{ transaction: string }>(
        'swap-v2/wancupie-netizen_DexSato@48ed5673__tests_fixtures_jupiter_v2_unsigned.json',
      ).transaction,
    ),
    // swap-v2/gemwalletcom…MAYAN_V0_TX….b64: a real v0 transaction of 41 accounts.
    base64(
      realWorldText(
        'swap-v2/gemwalletcom_core@d93b1fdc__crates_gem_solana_src_signer_chain_signer.rs__MAYAN_V0_TX_shared_accounts_route_v2.b64',
      ),
    ),
  ];
}

describe('reading transaction wire bytes', () => {
  it('reads 300 transactions web3.js compiled, legacy and v0, as web3.js reads them', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const wire = randomTransaction(seed);
      expect(asReads(readTransactionWire(wire)), `seed ${seed}`).toEqual(asWeb3Reads(wire));
    }
  });

  it('reads real mainnet transactions as web3.js does', () => {
    const real = realTransactions();
    for (const wire of real) {
      const read = readTransactionWire(wire);
      expect(read.version).toBe(0);
      expect(asReads(read)).toEqual(asWeb3Reads(wire));
    }
  });

  it('never accepts bytes that web3.js reads differently (2,000 mutations of real and compiled bytes)', () => {
    const random = generator(7);
    const real = realTransactions();
    let accepted = 0;
    let refused = 0;
    for (let round = 0; round < 2000; round += 1) {
      // One round in ten mutates a real transaction, the others a compiled one.
      const source =
        round % 10 === 0 ? real[(round / 10) % real.length]! : randomTransaction(1 + (round % 50));
      const wire = Array.from(source);
      switch (random.below(4)) {
        case 0: // one byte changed
          wire[random.below(wire.length)] = random.below(256);
          break;
        case 1: // cut short
          wire.length = random.below(wire.length);
          break;
        case 2: // a byte inserted
          wire.splice(random.below(wire.length + 1), 0, random.below(256));
          break;
        default: // two bytes changed
          wire[random.below(wire.length)] = random.below(256);
          wire[random.below(wire.length)] = random.below(256);
      }
      const bytes = Uint8Array.from(wire);
      let read: WireTransaction;
      try {
        read = readTransactionWire(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(WireFormatError);
        refused += 1;
        continue;
      }
      accepted += 1;
      expect(asReads(read), `round ${round}`).toEqual(asWeb3Reads(bytes));
    }
    // What the sandbox reads, bytes after the message left out, is web3.js's reading too.
    for (let round = 0; round < 300; round += 1) {
      const extra = generator(round + 1).bytes(1 + (round % 5));
      const bytes = Uint8Array.from([...randomTransaction(round + 1), ...extra]);
      const read = readTransactionWire(bytes, { trailingBytes: 'ignore' });
      expect(asReads(read), `round ${round}`).toEqual(asWeb3Reads(bytes));
    }
    // Both sides of the property were exercised.
    expect(accepted).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(200);
  }, 30_000); // 2,300 web3.js readings: about 2 s idle, over 5 s on a loaded machine

  it('refuses what has a second reading, with where it stopped', () => {
    const wire = randomTransaction(3);
    const refusal = (bytes: Uint8Array) => {
      try {
        readTransactionWire(bytes);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(WireFormatError);
        return (error as Error).message;
      }
    };
    // web3.js reads past these; a validator does not.
    expect(refusal(Uint8Array.from([...wire, 0]))).toBe('1 bytes follow the message');
    const signatures = wire[0]!;
    // The same signature count spelled in two bytes (0x81 0x00 for 1).
    const longCount = Uint8Array.from([signatures | 0x80, 0x00, ...wire.subarray(1)]);
    expect(refusal(longCount)).toBe('the signature count is not in its shortest form');
    expect(refusal(wire.subarray(0, wire.length - 1))).toMatch(/^the bytes end inside /);
    expect(refusal(new Uint8Array([0xff, 0xff, 0xff, 0x01]))).toBe(
      'the signature count is longer than three bytes',
    );
    expect(refusal(new Uint8Array([0xff, 0xff, 0x04]))).toBe(
      'the signature count is larger than a u16',
    );
  });

  it('refuses a version it does not know and a signature count the message does not require', () => {
    const v0 = VersionedTransaction.deserialize(randomTransaction(4));
    const messageBytes = v0.message.serialize();
    const start = 1 + 64 * v0.signatures.length;
    const wire = v0.serialize();
    if (v0.version === 0) {
      const v1 = Uint8Array.from(wire);
      v1[start] = 0x81;
      expect(() => readTransactionWire(v1)).toThrow('message version 1 is not supported');
    }
    const unsigned = Uint8Array.from([0, ...messageBytes]);
    expect(() => readTransactionWire(unsigned)).toThrow(
      `the transaction carries 0 signatures where its message requires ${v0.message.header.numRequiredSignatures}`,
    );
  });

  it('gives the message as a view of the wire bytes, not a copy', () => {
    const wire = randomTransaction(5);
    const read = readTransactionWire(wire);
    expect(read.messageBytes.buffer).toBe(wire.buffer);
    expect(read.messageBytes.byteOffset).toBe(1 + 64 * read.signatures.length);
  });

  it('answers a keypair-signed transaction with its signature', () => {
    const payer = Keypair.generate();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
      instructions: [],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const read = readTransactionWire(tx.serialize());
    expect([...read.signatures[0]!]).toEqual([...tx.signatures[0]!]);
    expect(new PublicKey(read.staticKeys[0]!).equals(payer.publicKey)).toBe(true);
  });
});
