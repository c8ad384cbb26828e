/**
 * The ledger client's failure paths, over a real web3.js Connection: a closed port, and a
 * small JSON-RPC server that answers what a validator answers in those cases. The happy path
 * runs against the real sandbox in test/integration/preview.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Connection } from '@solana/web3.js';
import { afterEach, describe, expect, it } from 'vitest';
import { WalletError } from '../shared/errors';
import { createLedgerClient } from './ledger-client';
import { closedPortUrl } from '../../test/fixtures/closed-port';

const OWNER = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const UNREACHABLE = 'The sandbox network is not reachable. Restart Swapdesk to start it again.';

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A JSON-RPC endpoint answering each call with `answer(method, callIndex)`. */
async function rpc(answer: (method: string, index: number) => unknown): Promise<string> {
  let index = 0;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: string; method: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, ...(answer(method, index++) as object) }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

function client(url: string) {
  const connection = new Connection(url, {
    commitment: 'confirmed',
    disableRetryOnRateLimit: true,
  });
  const waits: number[] = [];
  const ledger = createLedgerClient({
    connection,
    unreachableMessage: UNREACHABLE,
    wait: async (ms) => void waits.push(ms),
  });
  return { ledger, waits };
}

async function failure(run: Promise<unknown>): Promise<WalletError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WalletError);
  return error as WalletError;
}

describe('ledger client', () => {
  it('says the network is unreachable when nothing listens', async () => {
    const { ledger } = client(await closedPortUrl());
    const error = await failure(ledger.getBalances(OWNER));
    expect(error.code).toBe('NETWORK_UNAVAILABLE');
    expect(error.message).toBe(UNREACHABLE);
    expect((await failure(ledger.requestAirdrop(OWNER, 1n))).code).toBe('NETWORK_UNAVAILABLE');
  });

  it('reports a JSON-RPC error answer as the network refusing the request', async () => {
    const { ledger } = client(
      await rpc(() => ({ error: { code: -32601, message: 'Method not found' } })),
    );
    const error = await failure(ledger.getBalances(OWNER));
    expect(error.code).toBe('NETWORK_UNAVAILABLE');
    expect(error.message).toBe(
      'The network refused the request. Try again in a moment; if it repeats, check the network address in Settings.',
    );
  });

  // Issue 32: an RPC's error text is remote text; a phishing line with a link in it stays out
  // of the sentence and rides apart, sanitized (bidi mark gone, link defanged).
  it("keeps the RPC's own words out of the sentence, sanitized apart", async () => {
    const said = 'Node deprecated.\u202e Migrate your wallet at https://rpc-upgrade.example/now';
    const { ledger } = client(await rpc(() => ({ error: { code: -32000, message: said } })));
    const error = await failure(ledger.getBalances(OWNER));
    expect(error.message).not.toMatch(/Migrate|rpc-upgrade|https/);
    expect(error.serviceMessage).toMatch(
      /Node deprecated\. Migrate your wallet at hxxps\[:\]\/\/rpc-upgrade\[\.\]example\/now$/,
    );
    expect(error.serviceMessage).not.toMatch(/https:|\u202e/);
    expect(error.serviceFrom).toBe('network');
  });

  it('reads lamports as an exact decimal string and the slot of the answer', async () => {
    const url = await rpc((method) => {
      if (method === 'getBalance')
        return { result: { context: { slot: 77 }, value: 4_503_599_627_370_497 } };
      return { result: { context: { slot: 77 }, value: [] } };
    });
    const { ledger } = client(url);
    expect(await ledger.getBalances(OWNER)).toEqual({
      address: OWNER,
      lamports: '4503599627370497',
      tokens: [],
      slot: 77,
    });
  });

  it('waits for confirmation by polling, and stops at a failure or the deadline', async () => {
    const statuses = [
      null,
      { slot: 1, confirmations: 0, err: null, confirmationStatus: 'processed' },
    ];
    const confirmed = { slot: 2, confirmations: null, err: null, confirmationStatus: 'confirmed' };
    const url = await rpc((_m, i) => ({
      result: { context: { slot: 3 }, value: [i < statuses.length ? statuses[i] : confirmed] },
    }));
    const { ledger, waits } = client(url);
    await ledger.confirm(SIGNATURE);
    expect(waits).toEqual([400, 400]);
  });

  it('throws TRANSACTION_FAILED for a transaction that failed', async () => {
    const failed = {
      slot: 2,
      confirmations: 0,
      err: { InstructionError: [0, 'Custom'] },
      confirmationStatus: 'confirmed',
    };
    const { ledger } = client(
      await rpc(() => ({ result: { context: { slot: 3 }, value: [failed] } })),
    );
    expect((await failure(ledger.confirm(SIGNATURE))).code).toBe('TRANSACTION_FAILED');
  });

  it('gives up after the timeout with a message to check again later', async () => {
    const { ledger } = client(
      await rpc(() => ({ result: { context: { slot: 3 }, value: [null] } })),
    );
    const error = await failure(ledger.confirm(SIGNATURE, 0));
    expect(error.code).toBe('NETWORK_UNAVAILABLE');
    expect(error.message).toMatch(/did not confirm/);
  });
});
