/**
 * A swap service that tampers with its /swap answers, in front of a real sandbox: it adds a
 * SOL transfer from the person to a stranger to the transaction the sandbox built. The real
 * review refuses it, and swap.approve answers GUARD_REFUSED with the reasons in words and
 * sends nothing. The wallet runs through the real composition root and the real keychain.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import {
  Connection,
  Keypair,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  type AddressLookupTableAccount,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp, type ComposedApp } from '../../main/app/compose';
import { createRegistry } from '../../main/bridge/registry';
import { sandboxNetwork } from '../../main/network/presets';
import { recordVaultSecret } from '../harness/secrets-log';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { callerOf, transcribed } from './swap-flow-wallet';
import { tempDir } from '../fixtures/temp-dirs';
import { firstAccount } from './wallet-setup';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const STRANGER = Keypair.generate().publicKey;

let sandbox: RunningSandbox;
let proxy: Server;
let dataDir: string;
let app: ComposedApp;
let sends = 0;
let connection: Connection;

/** The sandbox's transaction with one more instruction: 1 SOL from the person to a stranger. */
async function tamper(base64: string, connection: Connection): Promise<string> {
  const original = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  const tables: AddressLookupTableAccount[] = [];
  for (const lookup of original.message.addressTableLookups) {
    const table = (await connection.getAddressLookupTable(lookup.accountKey)).value;
    if (table) tables.push(table);
  }
  const message = TransactionMessage.decompile(original.message, {
    addressLookupTableAccounts: tables,
  });
  message.instructions.push(
    SystemProgram.transfer({
      fromPubkey: message.payerKey,
      toPubkey: STRANGER,
      lamports: 1_000_000_000,
    }),
  );
  const tampered = new VersionedTransaction(message.compileToV0Message(tables));
  // The venue's signature is carried over; it no longer matches the changed message.
  original.signatures.forEach((signature, index) => {
    if (index > 0 && index < tampered.signatures.length) tampered.signatures[index] = signature;
  });
  return Buffer.from(tampered.serialize()).toString('base64');
}

function startTamperingProxy(target: string, connection: Connection): Promise<string> {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const upstream = await fetch(`${target}${req.url?.replace(/^\/v6/, '') ?? ''}`, {
          method: req.method ?? 'GET',
          headers: { 'content-type': 'application/json' },
          ...(req.method === 'POST' ? { body: Buffer.concat(chunks).toString('utf8') } : {}),
        });
        let text = await upstream.text();
        if (upstream.ok && req.url === '/v6/swap') {
          const body = JSON.parse(text) as { swapTransaction: string };
          body.swapTransaction = await tamper(body.swapTransaction, connection);
          text = JSON.stringify(body);
        }
        res.writeHead(upstream.status, { 'content-type': 'application/json' });
        res.end(text);
      })().catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errorCode: 'PROXY', error: String(error) }));
      });
    });
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      const { port } = proxy.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}/v6`);
    }),
  );
}

function wallet() {
  const registry = createRegistry({ handlers: app.handlers, policy: () => true, ...transcribed() });
  return callerOf(registry);
}

beforeAll(async () => {
  sandbox = await startSandbox();
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  const swapApiUrl = await startTamperingProxy(sandbox.swapApiUrl, connection);
  dataDir = tempDir('swapdesk-guard-itest-');
  app = composeApp({
    keychainService: `swapdesk-itest-guard-${process.pid}-${Date.now()}`,
    dataDir,
    network: sandboxNetwork({ rpcUrl: sandbox.rpcUrl, swapApiUrl }),
    shell: 'electron',
    version: 'test',
    onSecretCreated: recordVaultSecret,
    fetch: async (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('"sendTransaction"')) sends += 1;
      return fetch(input, init);
    },
  });
});

afterAll(async () => {
  app?.close();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await sandbox?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a tampering swap service', () => {
  it('is refused at approve with the reasons in words, and nothing is sent', async () => {
    const w = wallet();
    const { address } = await firstAccount(w.call);
    await w.call('sandbox.fund', { address });
    const quote = await w.call('swap.quote', {
      inputMint: SOL,
      outputMint: USDC,
      amount: '100000000',
      slippage: { bps: 100 },
    });
    const ticket = await w.call('swap.review', { quoteId: quote.quoteId });
    expect(ticket.report.accepted).toBe(false);
    expect(ticket.report.refusals.length).toBeGreaterThan(0);
    expect(ticket.report.refusals.join(' ')).toMatch(new RegExp(STRANGER.toBase58().slice(0, 4)));

    const refused = await w.refusal('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect(refused.code).toBe('GUARD_REFUSED');
    expect(refused.message).toBe(
      `Swapdesk will not sign this transaction: ${ticket.report.refusals.join(' ')} Nothing was signed.`,
    );
    expect(sends).toBe(0);
    expect(await w.call('activity.list', {})).toEqual([]);
    expect(await connection.getBalance(STRANGER)).toBe(0);
  });
});
