/**
 * The review's lean reads against the sandbox's real JSON-RPC server over a real ledger: each
 * answers what web3.js's Connection answers for the same call. Then against a hostile server:
 * an answer with an entry missing, an error, a wrong shape are each refused, never read as
 * absent accounts or a clean run.
 */
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  Connection,
  Keypair,
  PublicKey,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxLedger } from '../sandbox/ledger/ledger';
import { createSandboxServer } from '../sandbox/server';
import { loadOrSeedMarket } from '../sandbox/pools/seed-market';
import { createMarketContext } from '../sandbox/swap-api/market-context';
import { parseQuoteParams } from '../sandbox/swap-api/quote-params';
import { computeQuote } from '../sandbox/swap-api/quote-service';
import { parseSwapRequest } from '../sandbox/swap-api/swap-request';
import { buildSwap } from '../sandbox/swap-api/swap-service';
import { CP_SWAP_LOOKUP_TABLE } from '../sandbox/cp-swap/lookup-table';
import { tempDir } from '../../test/fixtures/temp-dirs';
import type { ReviewReads } from '../review';
import { createReviewRpc } from './review-rpc';
import { createRpcBatcher } from './rpc-batch';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

let dir: string;
let ledger: SandboxLedger;
let server: Server;
let url = '';
let lean: ReviewReads;
let web3: Connection;
const user = Keypair.generate();

async function listen(s: Server): Promise<string> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  dir = tempDir('swapdesk-review-rpc-');
  ledger = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0 });
  ledger.setAccount(user.publicKey.toBase58(), {
    lamports: 10_000_000_000n,
    owner: '11111111111111111111111111111111',
    data: new Uint8Array(),
    executable: false,
  });
  server = createSandboxServer({
    ledger,
    swapApi: {
      handle: async (_req, res) => {
        res.writeHead(404).end();
      },
    },
  });
  url = await listen(server);
  lean = createReviewRpc(url, createRpcBatcher(fetch));
  web3 = new Connection(url, 'confirmed');
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  ledger.close();
  rmSync(dir, { recursive: true, force: true });
});

const plain = (
  info: { lamports: number; owner: { toBase58(): string }; data: Uint8Array } | null,
) =>
  info && { lamports: info.lamports, owner: info.owner.toBase58(), data: Buffer.from(info.data) };

describe('createReviewRpc against the sandbox', () => {
  it('reads accounts as web3.js does, absent ones as null, and programs without their data', async () => {
    const keys = [user.publicKey, new PublicKey(USDC), Keypair.generate().publicKey];
    const [mine, theirs] = await Promise.all([
      lean.getMultipleAccountsInfo(keys, 'confirmed'),
      web3.getMultipleAccountsInfo(keys, 'confirmed'),
    ]);
    expect(mine.map(plain)).toEqual(theirs.map(plain));
    expect(mine[2]).toBeNull();

    const program = [new PublicKey(ATA_PROGRAM)];
    const slice = { commitment: 'confirmed' as const, dataSlice: { offset: 0, length: 0 } };
    const [bare] = await lean.getMultipleAccountsInfo(program, slice);
    const [whole] = await web3.getMultipleAccountsInfo(program, 'confirmed');
    expect(bare!.data).toHaveLength(0);
    expect(whole!.data.length).toBeGreaterThan(10_000);
    expect([bare!.lamports, bare!.owner.toBase58()]).toEqual([
      whole!.lamports,
      whole!.owner.toBase58(),
    ]);
  });

  it('reads a lookup table and the block height as web3.js does', async () => {
    const key = new PublicKey(CP_SWAP_LOOKUP_TABLE);
    const [mine, theirs] = await Promise.all([
      lean.getAddressLookupTable(key),
      web3.getAddressLookupTable(key),
    ]);
    expect(mine.value!.state.addresses.map(String)).toEqual(
      theirs.value!.state.addresses.map(String),
    );
    expect((await lean.getAddressLookupTable(Keypair.generate().publicKey)).value).toBeNull();
    expect(await lean.getBlockHeight('confirmed')).toBe(await web3.getBlockHeight('confirmed'));
  });

  it('simulates a /swap transaction to the same result as web3.js', async () => {
    const context = createMarketContext(ledger, loadOrSeedMarket(ledger, join(dir, 'swap')));
    const quote = computeQuote(
      context,
      parseQuoteParams(new URLSearchParams(`inputMint=${SOL}&outputMint=${USDC}&amount=100000000`)),
      () => 0,
    );
    const built = buildSwap(
      context,
      parseSwapRequest({ quoteResponse: quote, userPublicKey: user.publicKey.toBase58() }),
    );
    const tx = VersionedTransaction.deserialize(Buffer.from(built.swapTransaction, 'base64'));
    const addresses = tx.message.staticAccountKeys
      .filter((_, i) => tx.message.isAccountWritable(i))
      .map(String);
    const config = {
      sigVerify: false as const,
      replaceRecentBlockhash: false as const,
      commitment: 'confirmed' as const,
      accounts: { encoding: 'base64' as const, addresses },
    };
    const mine = (await lean.simulateTransaction(tx, config)).value;
    const theirs = (await web3.simulateTransaction(tx, { ...config })).value;
    expect(mine.err).toBeNull();
    expect(mine.logs).toEqual(theirs.logs);
    expect(mine.unitsConsumed).toBe(theirs.unitsConsumed);
    expect(mine.accounts).toEqual(
      theirs.accounts?.map((a) => a && { lamports: a.lamports, owner: a.owner, data: a.data }),
    );
  });
});

describe('createReviewRpc against a hostile server', () => {
  let hostile: Server;
  let answer: (call: { id: unknown; method: string }) => unknown;
  let reads: ReviewReads;

  beforeAll(async () => {
    hostile = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        const body = JSON.parse(text) as { id: unknown; method: string };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
      });
    });
    reads = createReviewRpc(await listen(hostile), createRpcBatcher(fetch));
  });

  afterAll(() => new Promise<void>((resolve) => hostile.close(() => resolve())));

  const account = {
    lamports: 1,
    owner: SOL,
    data: ['', 'base64'],
    executable: false,
    rentEpoch: 0,
  };

  it('refuses an answer with fewer accounts than asked (they would read as absent)', async () => {
    answer = (call) => ({
      jsonrpc: '2.0',
      id: call.id,
      result: { context: { slot: 1 }, value: [account] },
    });
    const keys = [Keypair.generate().publicKey, Keypair.generate().publicKey];
    await expect(reads.getMultipleAccountsInfo(keys, 'confirmed')).rejects.toThrow(
      /1 answers for 2 addresses/,
    );
  });

  it("refuses an account of the wrong shape, and says an error answer's words", async () => {
    answer = (call) => ({
      jsonrpc: '2.0',
      id: call.id,
      result: { context: { slot: 1 }, value: [{ ...account, lamports: -5 }] },
    });
    await expect(
      reads.getMultipleAccountsInfo([Keypair.generate().publicKey], 'confirmed'),
    ).rejects.toThrow(/unexpected shape/);

    answer = (call) => ({
      jsonrpc: '2.0',
      id: call.id,
      error: { code: -32002, message: 'Transaction simulation failed: Blockhash not found' },
    });
    const tx = new VersionedTransaction(
      new TransactionMessage({
        payerKey: user.publicKey,
        recentBlockhash: SOL,
        instructions: [],
      }).compileToV0Message(),
    );
    const config = {
      sigVerify: false as const,
      replaceRecentBlockhash: false as const,
      commitment: 'confirmed' as const,
      accounts: { encoding: 'base64' as const, addresses: [] },
    };
    // As web3.js words it, which the review's simulate() reads as a failed run.
    await expect(reads.simulateTransaction(tx, config)).rejects.toThrow(
      'failed to simulate transaction: Transaction simulation failed: Blockhash not found',
    );
  });

  it('refuses an answer that is not JSON-RPC, and a block height that is not a number', async () => {
    answer = () => ({ hello: 'world' });
    await expect(reads.getBlockHeight('confirmed')).rejects.toThrow(/not JSON-RPC/);
    answer = (call) => ({ jsonrpc: '2.0', id: call.id, result: 'tall' });
    await expect(reads.getBlockHeight('confirmed')).rejects.toThrow(/unexpected shape/);
  });
});
