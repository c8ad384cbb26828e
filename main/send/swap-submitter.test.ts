/**
 * The submitter's part of a Ledger signature (issue 17): a device answers when the person does,
 * so a signature that arrives after the review expired is dropped before anything is journalled
 * or sent; one that arrives in time goes out.
 */
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { transferMessage } from '../../test/fixtures/transfer-message';
import type { NetworkInfo } from '../../preload/api-types';
import type { ActivityStore } from '../activity/activity-store';
import { WalletError } from '../shared/errors';
import { createSubmitter } from './swap-submitter';
import type { TransactionSender } from './transaction-sender';

const network = { id: 'sandbox', rpcUrl: 'http://127.0.0.1:1' } as NetworkInfo;

function setup(clock: { now: number }, signingTakesMs: number) {
  const payer = Keypair.generate();
  const message = transferMessage(payer.publicKey, payer.publicKey, 1);
  const transaction = new VersionedTransaction(message).serialize();
  const sent: Uint8Array[] = [];
  const journal: unknown[] = [];
  const sender: TransactionSender = {
    blockHeight: async () => 10,
    send: async (wire) => {
      sent.push(wire);
      return 'sig';
    },
    track: () => new Promise(() => {}),
  };
  const activity = {
    add: async (entry: unknown) => {
      journal.push(entry);
      return { id: 'a1' };
    },
    update: async () => ({}),
    pending: async () => [],
  } as unknown as ActivityStore;
  const signer = {
    // Like a person answering on the device after `signingTakesMs`.
    signMessage: async (_address: string, bytes: Uint8Array) => {
      clock.now += signingTakesMs;
      return nacl.sign.detached(bytes, payer.secretKey);
    },
  };
  const submitter = createSubmitter({ signer, activity, sender, network, now: () => clock.now });
  const ticket = {
    account: payer.publicKey.toBase58(),
    transaction,
    message: message.serialize(),
    lastValidBlockHeight: 100,
    expiresAt: 60_000,
  };
  return { submitter, ticket, sent, journal };
}

describe('submitter and a slow signer', () => {
  it('sends nothing when the signature arrives after the review expired', async () => {
    const clock = { now: 0 };
    const { submitter, ticket, sent, journal } = setup(clock, 75_000);
    const error = await submitter.submit(ticket, { kind: 'swap', swap: null }).catch((e) => e);
    expect(error).toBeInstanceOf(WalletError);
    expect((error as WalletError).code).toBe('TICKET_EXPIRED');
    expect((error as WalletError).message).toMatch(
      /after this review had expired.*nothing was sent/,
    );
    expect(sent).toEqual([]);
    expect(journal).toEqual([]);
    submitter.stop();
  });

  it('sends a signature that arrives in time', async () => {
    const clock = { now: 0 };
    const { submitter, ticket, sent } = setup(clock, 20_000);
    const view = await submitter.submit(ticket, { kind: 'swap', swap: null });
    expect(view.status).toBe('pending');
    expect(sent).toHaveLength(1);
    submitter.stop();
  });
});
