/**
 * main/send against a real sandbox process (fast slots, so 150 blocks pass in about 3 s):
 * send and confirm, rebroadcast after the first sends are lost, expiry when nothing arrives,
 * a preflight refusal and an on-chain failure in words. Lost sends are made by a connection
 * that forwards to the real one and drops `sendRawTransaction` calls, as a flaky network does.
 */
import bs58 from 'bs58';
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransactionSender, type SendConnection } from '../../main/send/transaction-sender';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';

let sandbox: RunningSandbox;
let connection: Connection;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The real connection, with the first `drop` sends lost (Infinity: every send). */
function lossy(drop: number): SendConnection & { attempts: number } {
  const wrapper = {
    attempts: 0,
    getSignatureStatuses: connection.getSignatureStatuses.bind(connection),
    getBlockHeight: connection.getBlockHeight.bind(connection),
    async sendRawTransaction(...args: Parameters<Connection['sendRawTransaction']>) {
      wrapper.attempts += 1;
      if (wrapper.attempts <= drop) throw new TypeError('fetch failed');
      return connection.sendRawTransaction(...args);
    },
  };
  return wrapper;
}

function senderOver(conn: SendConnection) {
  return createTransactionSender({
    connection: conn,
    wait,
    now: Date.now,
    pollMs: 20,
    rebroadcastMs: 100,
    unreachableMessage: 'The sandbox network is not reachable.',
  });
}

/** The fee payer's signature: the transaction's id. */
function signatureOf(wire: Uint8Array): string {
  return bs58.encode(VersionedTransaction.deserialize(wire).signatures[0]!);
}

async function funded(lamports = 1_000_000_000): Promise<Keypair> {
  const payer = Keypair.generate();
  const signature = await connection.requestAirdrop(payer.publicKey, lamports);
  const { status } = await senderOver(connection)
    .track({ signature, wire: null, lastValidBlockHeight: Number.MAX_SAFE_INTEGER, sent: true })
    .then((o) => ({ status: o.status }));
  expect(status).toBe('confirmed');
  return payer;
}

async function transfer(from: Keypair, to: PublicKey, lamports: number) {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
  const message = new TransactionMessage({
    payerKey: from.publicKey,
    recentBlockhash: blockhash,
    instructions: [SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports })],
  }).compileToV0Message();
  const transaction = new VersionedTransaction(message);
  transaction.sign([from]);
  return { wire: transaction.serialize(), lastValidBlockHeight };
}

beforeAll(async () => {
  sandbox = await startSandbox({ slotMs: 20 });
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
});

afterAll(async () => {
  await sandbox?.remove();
});

describe('send, confirm, rebroadcast', () => {
  it('sends a signed transaction and follows it to confirmed', async () => {
    const payer = await funded();
    const to = Keypair.generate().publicKey;
    const { wire, lastValidBlockHeight } = await transfer(payer, to, 5_000_000);
    const sender = senderOver(connection);
    const signature = await sender.send(wire);
    const outcome = await sender.track({ signature, wire, lastValidBlockHeight, sent: true });
    // The slot the outcome names is the one the chain records the transaction in.
    const { value } = await connection.getSignatureStatuses([signature], {
      searchTransactionHistory: true,
    });
    expect(outcome).toEqual({ status: 'confirmed', error: null, slot: value[0]?.slot });
    expect(outcome.slot).toBeGreaterThan(0);
    expect(await connection.getBalance(to)).toBe(5_000_000);
  });

  it('rebroadcasts the same bytes until one copy arrives, and it lands once', async () => {
    const payer = await funded();
    const to = Keypair.generate().publicKey;
    const { wire, lastValidBlockHeight } = await transfer(payer, to, 7_000_000);
    const network = lossy(3);
    const sender = senderOver(network);
    await expect(sender.send(wire)).rejects.toMatchObject({ code: 'NETWORK_UNAVAILABLE' });
    const signature = signatureOf(wire);
    const outcome = await sender.track({ signature, wire, lastValidBlockHeight, sent: false });
    expect(outcome.status).toBe('confirmed');
    expect(network.attempts).toBeGreaterThanOrEqual(4);
    expect(await connection.getBalance(to)).toBe(7_000_000);
  });

  it('answers expired once the block height passes lastValidBlockHeight with nothing landed', async () => {
    const payer = await funded();
    const { wire, lastValidBlockHeight } = await transfer(payer, Keypair.generate().publicKey, 1);
    const network = lossy(Infinity);
    const signature = signatureOf(wire);
    const outcome = await senderOver(network).track({
      signature,
      wire,
      lastValidBlockHeight,
      sent: true,
    });
    expect(outcome.status).toBe('expired');
    expect(outcome.error).toMatch(
      /did not include the transaction before its blockhash expired.*fresh quote/,
    );
    expect(await connection.getBlockHeight('confirmed')).toBeGreaterThan(lastValidBlockHeight);
    expect(network.attempts).toBeGreaterThan(3);
    // And indeed it can no longer land: the real RPC refuses the expired bytes.
    await expect(senderOver(connection).send(wire)).rejects.toMatchObject({ code: 'SEND_REFUSED' });
  });

  it('says in words when the RPC refuses a transaction before running it', async () => {
    const payer = await funded(10_000_000);
    const { wire } = await transfer(payer, Keypair.generate().publicKey, 5_000_000_000);
    const error = await senderOver(connection)
      .send(wire)
      .then(
        () => null,
        (e: unknown) =>
          e as { code: string; message: string; serviceMessage?: string; serviceFrom?: string },
      );
    expect(error?.code).toBe('SEND_REFUSED');
    expect(error?.message).toBe(
      'The account does not hold enough of the token you pay. Lower the amount or add funds. Nothing was sent and nothing was charged.',
    );
    // What the network said (its preflight message, the failing log lines) rides apart,
    // sanitized, as the network's words (issue 32).
    expect(error?.serviceFrom).toBe('network');
    expect(error?.serviceMessage).toMatch(
      /^Transaction simulation failed: .*insufficient lamports/,
    );
  });

  it('reports an on-chain failure, fee charged, in words', async () => {
    const payer = await funded(10_000_000);
    const { wire, lastValidBlockHeight } = await transfer(
      payer,
      Keypair.generate().publicKey,
      5_000_000_000,
    );
    // The first send is lost, so the transaction arrives through a rebroadcast, which skips
    // preflight: the ledger runs it and it fails there.
    const network = lossy(1);
    const signature = signatureOf(wire);
    const outcome = await senderOver(network).track({
      signature,
      wire,
      lastValidBlockHeight,
      sent: false,
    });
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe(
      'The account does not hold enough of the token you pay. Lower the amount or add funds. The network fee was charged; nothing was swapped.',
    );
  });
});
