/**
 * Landing an /order swap (issue 22): the submitter hands the signed reviewed bytes to the
 * landing step instead of the RPC, journals before, and then only watches the RPC (no
 * rebroadcast); /execute's answer is a claim: a Success naming another signature, or a Failed,
 * is kept in words while the RPC decides.
 */
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { transferMessage } from '../../test/fixtures/transfer-message';
import type { NetworkInfo } from '../../preload/api-types';
import type { ActivityStore } from '../activity/activity-store';
import type { ExecuteAnswer, SwapV2Client } from '../swap-api/v2';
import { executeOrder } from './order-landing';
import { createSubmitter } from './swap-submitter';
import type { TransactionSender } from './transaction-sender';

const network = { id: 'sandbox', rpcUrl: 'http://127.0.0.1:1' } as NetworkInfo;

function answer(overrides: Partial<ExecuteAnswer>): ExecuteAnswer {
  return {
    status: 'Success',
    signature: null,
    slot: 1n,
    code: 0,
    error: null,
    serviceMessage: null,
    totalInputAmount: null,
    totalOutputAmount: null,
    inputAmountResult: null,
    outputAmountResult: null,
    ...overrides,
  };
}

/**
 * `sponsor`: a gasless order's fee payer (a market maker, the gas payer), which signs at
 * /execute; `executeAnswer` gets the first signature of what /execute received, and the message.
 */
function setup(
  executeAnswer: (signature: string, message: Uint8Array) => ExecuteAnswer,
  sponsor?: Keypair,
) {
  const payer = Keypair.generate();
  const message = transferMessage(
    payer.publicKey,
    payer.publicKey,
    1,
    (sponsor ?? payer).publicKey,
  );
  const sentToRpc: Uint8Array[] = [];
  const executed: { signedTransaction: Uint8Array; requestId: string }[] = [];
  const tracked: { wire: Uint8Array | null }[] = [];
  const updates: unknown[] = [];
  const sender: TransactionSender = {
    blockHeight: async () => 10,
    send: async (wire) => {
      sentToRpc.push(wire);
      return 'sig';
    },
    track: (request) => {
      tracked.push({ wire: request.wire });
      return new Promise(() => {});
    },
  };
  const activity = {
    add: async () => ({ id: 'a1' }),
    update: async (_id: string, change: unknown) => {
      updates.push(change);
      return {};
    },
    pending: async () => [],
  } as unknown as ActivityStore;
  const signer = {
    signMessage: async (_address: string, bytes: Uint8Array) =>
      nacl.sign.detached(bytes, payer.secretKey),
  };
  const client = {
    execute: async (request: { signedTransaction: Uint8Array; requestId: string }) => {
      executed.push(request);
      const sent = VersionedTransaction.deserialize(request.signedTransaction);
      return executeAnswer(bs58.encode(sent.signatures[0]!), sent.message.serialize());
    },
  } as unknown as SwapV2Client;
  const submitter = createSubmitter({ signer, activity, sender, network });
  const ticket = {
    account: payer.publicKey.toBase58(),
    transaction: new VersionedTransaction(message).serialize(),
    message: message.serialize(),
    lastValidBlockHeight: 100,
  };
  const land = executeOrder({ requestId: 'req-1', client }, payer.publicKey.toBase58());
  return { submitter, ticket, land, sentToRpc, executed, tracked, updates, message };
}

describe('an /order landing', () => {
  it('hands /execute exactly the signed reviewed message, never the RPC, then only watches', async () => {
    const s = setup((signature) => answer({ signature }));
    const view = await s.submitter.submit(s.ticket, { kind: 'swap', swap: null, land: s.land });
    expect(view.status).toBe('pending');
    expect(s.sentToRpc).toEqual([]);
    expect(s.executed).toHaveLength(1);
    expect(s.executed[0]!.requestId).toBe('req-1');
    const sent = VersionedTransaction.deserialize(s.executed[0]!.signedTransaction);
    expect(Buffer.from(sent.message.serialize())).toEqual(Buffer.from(s.ticket.message));
    expect(bs58.encode(sent.signatures[0]!)).toBe(view.signature);
    expect(s.tracked).toEqual([{ wire: null }]);
    expect(s.updates).toEqual([{ sent: true }]);
    s.submitter.stop();
  });

  it('a Success about another signature, or a Failed, is kept in words, and the RPC decides', async () => {
    const other = setup(() => answer({ signature: '5'.repeat(88) }));
    await other.submitter.submit(other.ticket, { kind: 'swap', swap: null, land: other.land });
    expect(other.updates[0]).toMatchObject({
      error: expect.stringMatching(/different transaction/),
    });
    expect(other.tracked).toHaveLength(1);
    other.submitter.stop();

    const failed = setup(() =>
      answer({ status: 'Failed', code: -2004, error: 'rejected, in words' }),
    );
    const view = await failed.submitter.submit(failed.ticket, {
      kind: 'swap',
      swap: null,
      land: failed.land,
    });
    expect(view.status).toBe('pending');
    expect(failed.updates[0]).toMatchObject({ error: 'rejected, in words' });
    expect(failed.tracked).toHaveLength(1);
    failed.submitter.stop();
  });

  it("a gasless order: the id is the fee payer's signature, taken only when it verifies over the approved message", async () => {
    const sponsor = Keypair.generate();
    const signed = setup(
      (_unsigned, message) =>
        answer({ signature: bs58.encode(nacl.sign.detached(message, sponsor.secretKey)) }),
      sponsor,
    );
    const view = await signed.submitter.submit(signed.ticket, {
      kind: 'swap',
      swap: null,
      land: signed.land,
    });
    const id = bs58.encode(nacl.sign.detached(signed.message.serialize(), sponsor.secretKey));
    expect(view.signature).toBe(id);
    expect(signed.updates).toEqual([{ sent: true, signature: id }]);
    // What the person signed sits in their own slot, after the payer's (still empty).
    const sent = VersionedTransaction.deserialize(signed.executed[0]!.signedTransaction);
    expect(sent.signatures[0]!.every((byte) => byte === 0)).toBe(true);
    expect(sent.signatures[1]!.some((byte) => byte !== 0)).toBe(true);
    signed.submitter.stop();

    // The payer's signature over another message names another transaction: not followed.
    const other = Keypair.generate().publicKey.toBytes();
    const lying = setup(
      () => answer({ signature: bs58.encode(nacl.sign.detached(other, sponsor.secretKey)) }),
      sponsor,
    );
    const refused = await lying.submitter.submit(lying.ticket, {
      kind: 'swap',
      swap: null,
      land: lying.land,
    });
    expect(refused.signature).not.toBe(id);
    expect(lying.updates[0]).toMatchObject({
      error: expect.stringMatching(/did not return the payer's valid signature/),
    });
    expect(lying.updates[0]).not.toHaveProperty('signature');
    lying.submitter.stop();
  });
});
