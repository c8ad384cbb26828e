/**
 * A test swap server for the Swap API v2: a loopback HTTP proxy in front of the sandbox's
 * /swap/v2 (`--api-shape v2`) that records what the wallet asks and, in a hostile mode, says
 * something the chain or the transaction contradicts:
 *
 * - 'table-claim': /build's `addressesByLookupTableAddress` claims the sandbox's market lookup
 *   table holds a stranger where the table (on chain) holds something else;
 * - 'order-fee': /order's transaction also moves 0.01 SOL of the person's to a stranger, a fee
 *   its answer does not state (`feeBps` 0);
 * - 'order-cosigner': /order's transaction also needs a stranger's signature, and the answer
 *   names that stranger as the market maker who signs at /execute (it pays the person nothing);
 * - 'execute-lies': /execute answers Success with the person's signature without landing it.
 *
 * The preview is pointed at it with `--swap-api-url` (a test-only flag of main/preview/cli.ts).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import bs58 from 'bs58';
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  VersionedTransaction,
} from '@solana/web3.js';
import { CP_SWAP_LOOKUP_TABLE } from '../../main/sandbox/cp-swap/lookup-table';
import { closeTransaction, openTransaction } from '../fixtures/tamper/rebuild';
import { listenOnLoopback } from '../harness/loopback-server';

export type V2Mode = 'honest' | 'table-claim' | 'order-fee' | 'order-cosigner' | 'execute-lies';

/** Who the hostile answers pay or name. */
export const STRANGER = Keypair.generate().publicKey;
export const STOLEN_LAMPORTS = 10_000_000;
/** The table the 'table-claim' answer misdescribes. */
export const CLAIMED_TABLE = CP_SWAP_LOOKUP_TABLE;

export interface V2Proxy {
  /** The swap API base URL to give the preview: http://127.0.0.1:P/swap/v2 */
  url: string;
  mode: V2Mode;
  connect(upstream: { rpcUrl: string }): void;
  /** Every request, as `METHOD /path` (query left out). */
  requests: string[];
  /** The base64 `signedTransaction` of every POST /execute. */
  executed: string[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type Json = Record<string, unknown>;

export async function startV2Proxy(): Promise<V2Proxy> {
  let upstream: { rpcUrl: string; connection: Connection } | null = null;
  const state = { mode: 'honest' as V2Mode };
  const requests: string[] = [];
  const executed: string[] = [];

  async function alterOrder(answer: Json): Promise<Json> {
    const tx = Buffer.from(answer.transaction as string, 'base64');
    const opened = await openTransaction(tx, upstream!.connection);
    const user = opened.payer;
    if (state.mode === 'order-fee') {
      const fee = SystemProgram.transfer({
        fromPubkey: user,
        toPubkey: STRANGER,
        lamports: STOLEN_LAMPORTS,
      });
      opened.instructions.splice(opened.instructions.length - 1, 0, fee);
      return {
        ...answer,
        transaction: Buffer.from(closeTransaction(opened, [])).toString('base64'),
      };
    }
    // The stranger must sign: it "pays" the person one lamport, which no market maker's fill is.
    opened.instructions.push(
      SystemProgram.transfer({ fromPubkey: STRANGER, toPubkey: user, lamports: 1 }),
    );
    return {
      ...answer,
      router: 'jupiterz',
      maker: STRANGER.toBase58(),
      transaction: Buffer.from(closeTransaction(opened, [])).toString('base64'),
    };
  }

  async function alterBuild(answer: Json): Promise<Json> {
    const table = await upstream!.connection.getAddressLookupTable(new PublicKey(CLAIMED_TABLE));
    const held = table.value!.state.addresses.map((key) => key.toBase58());
    return {
      ...answer,
      addressesByLookupTableAddress: {
        ...((answer.addressesByLookupTableAddress as Json | null) ?? {}),
        [CLAIMED_TABLE]: [STRANGER.toBase58(), ...held.slice(1)],
      },
    };
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      try {
        if (!upstream) throw new Error('the v2 proxy is not connected');
        const body = await bodyOf(request);
        const path = (request.url ?? '/').split('?')[0]!;
        requests.push(`${request.method ?? 'GET'} ${path}`);
        if (request.method === 'POST' && path === '/swap/v2/execute') {
          const sent = JSON.parse(body.toString('utf8')) as { signedTransaction: string };
          executed.push(sent.signedTransaction);
          if (state.mode === 'execute-lies') {
            const tx = VersionedTransaction.deserialize(
              Buffer.from(sent.signedTransaction, 'base64'),
            );
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(
              JSON.stringify({
                status: 'Success',
                signature: bs58.encode(tx.signatures[0]!),
                slot: '1',
                code: 0,
                totalInputAmount: '1',
                totalOutputAmount: '1',
                inputAmountResult: '1',
                outputAmountResult: '1',
              }),
            );
            return;
          }
        }
        const answer = await fetch(`${upstream.rpcUrl}${request.url ?? '/'}`, {
          method: request.method ?? 'GET',
          headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
          ...(body.length > 0 ? { body } : {}),
        });
        let text = await answer.text();
        if (answer.ok && path === '/swap/v2/build' && state.mode === 'table-claim') {
          text = JSON.stringify(await alterBuild(JSON.parse(text) as Json));
        }
        const orderMode = state.mode === 'order-fee' || state.mode === 'order-cosigner';
        if (answer.ok && path === '/swap/v2/order' && orderMode) {
          const parsed = JSON.parse(text) as Json;
          if (typeof parsed.transaction === 'string' && parsed.transaction !== '') {
            text = JSON.stringify(await alterOrder(parsed));
          }
        }
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(text);
      } catch (error) {
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: String(error) }));
      }
    })();
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/swap/v2`,
    get mode() {
      return state.mode;
    },
    set mode(mode: V2Mode) {
      state.mode = mode;
    },
    connect({ rpcUrl }) {
      upstream = { rpcUrl, connection: new Connection(rpcUrl, 'confirmed') };
    },
    requests,
    executed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
