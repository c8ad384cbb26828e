import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { transferMessage } from '../../test/fixtures/transfer-message';
import { WalletError } from '../shared/errors';
import { decodeMessage, messageBytesOf, readWire } from './message';

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

const web3Message = (wire: Uint8Array) =>
  VersionedTransaction.deserialize(wire).message.serialize();

const noTables = { getAddressLookupTable: async () => ({ context: { slot: 1 }, value: null }) };

describe('the message of wire bytes', () => {
  it('is the message web3.js serializes, for the bytes asked about, as a copy', () => {
    const first = unsignedTransfer(1);
    const second = unsignedTransfer(2, 3);
    expect(readWire(first).messageBytes).toEqual(web3Message(first));
    expect(messageBytesOf(first)).toEqual(web3Message(first));
    expect(messageBytesOf(second)).toEqual(web3Message(second));
    // What a caller does to an answer never reaches the wire, nor the next answer.
    const answer = messageBytesOf(second);
    answer.fill(0);
    expect(messageBytesOf(second)).toEqual(web3Message(second));
    const { messageBytes } = readWire(second);
    messageBytes.fill(0);
    expect(messageBytesOf(second)).toEqual(web3Message(second));
  });

  it('refuses bytes a validator would not read as one transaction, as INVALID_TRANSACTION', () => {
    const wire = unsignedTransfer(1);
    for (const bad of [Uint8Array.from([...wire, 0]), wire.subarray(0, 40), new Uint8Array(0)]) {
      const refusal = (() => {
        try {
          readWire(bad);
          return null;
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(WalletError);
      expect((refusal as WalletError).code).toBe('INVALID_TRANSACTION');
      expect((refusal as WalletError).message).toMatch(/not a Solana transaction/);
    }
    // web3.js would read past the extra byte and sign a message without it.
    expect(() => messageBytesOf(Uint8Array.from([...wire, 0]))).toThrow('1 bytes follow');
  });

  it('decodes the accounts, signers and signatures web3.js reads', async () => {
    const payer = Keypair.generate();
    const other = Keypair.generate();
    const message = transferMessage(other.publicKey, payer.publicKey, 7, payer.publicKey);
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    tx.signatures[1] = new Uint8Array(64).fill(9); // a signature that does not verify
    const { tx: read, messageBytes } = readWire(tx.serialize());
    const decoded = await decodeMessage(read, noTables, messageBytes);
    expect(decoded.format).toBe('v0');
    expect(decoded.feePayer).toBe(payer.publicKey.toBase58());
    expect(decoded.recentBlockhash).toBe(message.recentBlockhash);
    expect(decoded.accounts.map((a) => a.address)).toEqual(
      message.staticAccountKeys.map((k) => k.toBase58()),
    );
    expect(decoded.signatures).toEqual([
      { signer: payer.publicKey.toBase58(), state: 'valid' },
      { signer: other.publicKey.toBase58(), state: 'invalid' },
    ]);
    expect(decoded.instructions).toHaveLength(1);
    expect(decoded.instructions[0]!.programId).toBe(SystemProgram.programId.toBase58());
    expect(decoded.instructions[0]!.accounts.map((a) => [a.address, a.signer, a.writable])).toEqual(
      [
        [other.publicKey.toBase58(), true, true],
        // Flags are the message's: the fee payer signs the transaction.
        [payer.publicKey.toBase58(), true, true],
      ],
    );
  });
});
