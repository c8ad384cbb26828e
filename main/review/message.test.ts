import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { messageBytesOf, readWire, wireOf } from './message';

function unsignedTransfer(lamports: number, signers = 1): Uint8Array {
  const payer = Keypair.generate().publicKey;
  const others = Array.from({ length: signers - 1 }, () => Keypair.generate().publicKey);
  const instructions = [
    SystemProgram.transfer({ fromPubkey: payer, toPubkey: Keypair.generate().publicKey, lamports }),
    ...others.map((from) =>
      SystemProgram.transfer({ fromPubkey: from, toPubkey: payer, lamports: 1 }),
    ),
  ];
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    instructions,
  }).compileToV0Message();
  return new VersionedTransaction(message).serialize();
}

describe('the message of wire bytes, read once a review', () => {
  it('writes the wire bytes as web3.js does, whatever the number of signatures', () => {
    for (const signers of [1, 3]) {
      const tx = VersionedTransaction.deserialize(unsignedTransfer(5, signers));
      tx.signatures[0] = Uint8Array.from({ length: 64 }, (_, i) => i);
      expect(wireOf(tx.signatures, tx.message.serialize())).toEqual(tx.serialize());
    }
    // A count past 127 takes two bytes (compact-u16), as web3.js writes it.
    const many = Array.from({ length: 130 }, () => new Uint8Array(64));
    expect([...wireOf(many, new Uint8Array([9])).subarray(0, 2)]).toEqual([0x82, 0x01]);
    expect(wireOf(many, new Uint8Array([9]))).toHaveLength(2 + 130 * 64 + 1);
  });

  it('answers the message web3.js serializes, for the bytes asked about and not the last ones', () => {
    const first = unsignedTransfer(1);
    const second = unsignedTransfer(2);
    const expected = (wire: Uint8Array) =>
      VersionedTransaction.deserialize(wire).message.serialize();
    const { messageBytes } = readWire(first);
    expect(messageBytes).toEqual(expected(first));
    expect(messageBytesOf(first)).toEqual(expected(first));
    expect(messageBytesOf(second)).toEqual(expected(second));
    // The same buffer changed since it was read: its new bytes are read.
    const changed = Uint8Array.from(second);
    expect(messageBytesOf(changed)).toEqual(expected(second));
    changed.set(unsignedTransfer(3));
    expect(messageBytesOf(changed)).toEqual(expected(changed));
    // What a caller does to an answer never reaches the next one.
    const answer = messageBytesOf(changed);
    answer.fill(0);
    expect(messageBytesOf(changed)).toEqual(expected(changed));
  });
});
