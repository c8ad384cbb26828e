/**
 * The sandbox's PubSub WebSocket API byte for byte (issue 33 point 4): the validator's errors
 * (messages from agave's rpc_pubsub.rs), the received notification, commitments one and 32 slots
 * late, a client that vanishes, the subscription limit, and the server stopping with the sandbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { startSandbox } from '../harness/sandbox-process';
import { useSandbox } from './sandbox-session';
import { PubsubClient, pubsubStats } from '../harness/pubsub-client';
import { airdrop, faucet, signedSolTransfer } from './sandbox-rpc-helpers';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const payer = Keypair.generate();
const sandbox = useSandbox({ slotMs: 20 });
beforeAll(async () => {
  await airdrop(sandbox.connection, payer.publicKey, 10 * LAMPORTS_PER_SOL);
}, 60_000);

const signedTransfer = (to: PublicKey, lamports: number) =>
  signedSolTransfer(sandbox.connection, payer, to, lamports);

async function subscriptions(): Promise<number> {
  return (await pubsubStats(sandbox.rpcUrl)).subscriptions;
}

async function waitFor(done: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the sandbox PubSub protocol', () => {
  it("answers bad requests with the validator's codes and words", async () => {
    const client = await PubsubClient.open(sandbox.wsUrl);
    const error = async (method: string, params?: unknown[]) =>
      (await client.request(method, params)).error;
    expect(await error('blockSubscribe', ['all'])).toEqual({
      code: -32601,
      message: 'Method not found',
    });
    expect(await error('accountSubscribe', ['not-a-key'])).toEqual({
      code: -32602,
      message: 'Invalid Request: Invalid pubkey provided',
    });
    expect(await error('signatureSubscribe', [Keypair.generate().publicKey.toBase58()])).toEqual({
      code: -32602,
      message: 'Invalid Request: Invalid signature provided',
    });
    const two = [Keypair.generate().publicKey.toBase58(), Keypair.generate().publicKey.toBase58()];
    expect(await error('logsSubscribe', [{ mentions: two }])).toEqual({
      code: -32602,
      message: 'Invalid Request: Only 1 address supported',
    });
    expect(
      await error('accountSubscribe', [payer.publicKey.toBase58(), { commitment: 'soon' }]),
    ).toMatchObject({
      code: -32602,
    });
    expect(await error('slotUnsubscribe', [987_654])).toEqual({
      code: -32602,
      message: 'Invalid subscription id.',
    });
    expect(await client.send('{"jsonrpc":"2.0","id":1,')).toMatchObject({
      error: { code: -32700, message: 'Parse error' },
    });
    expect(await client.send('[]')).toMatchObject({ error: { code: -32600 } });
    // Another connection's subscription is not this one's to end.
    const other = await PubsubClient.open(sandbox.wsUrl);
    const id = (await other.request('slotSubscribe')).result as number;
    expect(await error('slotUnsubscribe', [id])).toEqual({
      code: -32602,
      message: 'Invalid subscription id.',
    });
    expect((await other.request('slotUnsubscribe', [id])).result).toBe(true);
    other.close();
    client.close();
  });

  it('signatureSubscribe: "receivedSignature", then processed at once, confirmed one slot later, finalized 32 later', async () => {
    const client = await PubsubClient.open(sandbox.wsUrl);
    const { wire, signature } = await signedTransfer(Keypair.generate().publicKey, 1_000_000);
    const ids: Record<string, number> = {};
    for (const commitment of ['processed', 'confirmed', 'finalized']) {
      const answer = await client.request('signatureSubscribe', [
        signature,
        { commitment, enableReceivedNotification: commitment === 'processed' },
      ]);
      ids[commitment] = answer.result as number;
    }
    await sandbox.connection.sendRawTransaction(wire);
    await client.until(() => client.of(ids.finalized!).length === 1);
    const slot = (await sandbox.connection.getSignatureStatus(signature)).value!.slot;
    expect(client.of(ids.processed!).map((n) => n.params.result)).toEqual([
      { context: { slot }, value: 'receivedSignature' },
      { context: { slot }, value: { err: null } },
    ]);
    expect(client.of(ids.confirmed!).map((n) => n.params.result)).toEqual([
      { context: { slot }, value: { err: null } },
    ]);
    const order = client.notifications.map((n) => n.params.subscription);
    expect(order.indexOf(ids.confirmed!)).toBeLessThan(order.indexOf(ids.finalized!));
    // One-shot: all three were ended by the server.
    expect((await client.request('signatureUnsubscribe', [ids.finalized])).error?.message).toBe(
      'Invalid subscription id.',
    );
    // A signature that landed already is answered right after the subscription's id.
    const late = (
      await client.request('signatureSubscribe', [signature, { commitment: 'confirmed' }])
    ).result as number;
    await client.until(() => client.of(late).length === 1);
    expect(client.of(late)[0]!.params.result).toEqual({ context: { slot }, value: { err: null } });
    client.close();
  });

  it('accountSubscribe in jsonParsed: a token account as getAccountInfo answers it', async () => {
    const client = await PubsubClient.open(sandbox.wsUrl);
    const owner = Keypair.generate().publicKey;
    const ata = getAssociatedTokenAddressSync(new PublicKey(USDC), owner);
    const id = (
      await client.request('accountSubscribe', [
        ata.toBase58(),
        { encoding: 'jsonParsed', commitment: 'processed' },
      ])
    ).result as number;
    await faucet(sandbox.rpcUrl, owner, USDC, 2_500_000n);
    await client.until(() => client.of(id).length >= 1);
    const result = client.of(id).at(-1)!.params.result as {
      context: { slot: number };
      value: unknown;
    };
    const info = await sandbox.connection.getParsedAccountInfo(ata);
    expect(result.value).toMatchObject({
      owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      data: {
        program: 'spl-token',
        parsed: { type: 'account', info: { owner: owner.toBase58(), mint: USDC } },
      },
    });
    expect((result.value as { data: unknown }).data).toEqual(info.value!.data);
    client.close();
  });

  it('cleans up the subscriptions of a client that vanished without unsubscribing', async () => {
    // The clients of the tests before are gone first (their closing handshakes finished).
    await waitFor(async () => (await pubsubStats(sandbox.rpcUrl)).connections === 0);
    const before = await subscriptions();
    expect(before).toBe(0);
    const client = await PubsubClient.open(sandbox.wsUrl);
    await client.request('slotSubscribe');
    await client.request('accountSubscribe', [payer.publicKey.toBase58()]);
    await client.request('logsSubscribe', ['all']);
    expect(await subscriptions()).toBe(before + 3);
    client.terminate();
    await waitFor(async () => (await subscriptions()) === before);
    expect((await pubsubStats(sandbox.rpcUrl)).connections).toBe(0);
  });

  it('refuses the 1,001st subscription of one connection, in the validator words', async () => {
    const client = await PubsubClient.open(sandbox.wsUrl);
    const batch = Array.from({ length: 1_001 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'slotSubscribe',
    }));
    const answers = (await client.send(JSON.stringify(batch))) as {
      id: number;
      result?: number;
      error?: unknown;
    }[];
    expect(answers.filter((a) => typeof a.result === 'number')).toHaveLength(1_000);
    expect(answers[1_000]).toEqual({
      jsonrpc: '2.0',
      id: 1_000,
      error: {
        code: -32603,
        message: 'Internal Error: Subscription refused. Node subscription limit reached',
      },
    });
    client.close();
  });

  it('stops with the sandbox: SIGTERM closes the connections and still exits 0', async () => {
    const own = await startSandbox({ slotMs: 20 });
    const client = await PubsubClient.open(own.wsUrl);
    await client.request('slotSubscribe');
    const closed = new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
    expect(await own.stop()).toBe(0);
    await closed;
    expect(own.stderr()).toContain('SIGTERM: stopping');
    await own.remove();
  }, 60_000);
});
