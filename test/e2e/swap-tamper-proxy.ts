/**
 * A test swap server: a loopback HTTP proxy in front of the sandbox's /v6 that passes every
 * request through and, in a tampering mode, alters the transaction of POST /v6/swap answers.
 * A sandbox swap is Raydium CP-Swap's, signed by the person alone; an alteration is re-signed
 * by the sandbox's venue key only where the route is the market maker's co-signed fill, so the
 * only thing wrong with the transaction is the tamper itself.
 *
 * It can also rewrite any answer (`rewrite`), e.g. into an error body carrying a phishing line.
 *
 * The preview is pointed at it with `--swap-api-url` (a test-only flag of main/preview/cli.ts).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { Connection, Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import {
  closeTransaction,
  openTransaction,
  swapInstruction,
  swapInto,
} from '../fixtures/tamper/rebuild';
import { answerProxyFailure, listenOnLoopback } from '../harness/loopback-server';

export type TamperMode = 'honest' | 'send-sol-to-stranger' | 'cut-output';

/** The stranger the tampered transactions pay. */
export const STRANGER = Keypair.generate().publicKey;
/** Lamports the 'send-sol-to-stranger' tamper moves: 0.05 SOL. */
export const STOLEN_LAMPORTS = 50_000_000;

export interface TamperProxy {
  /** The swap API base URL to give the preview: http://127.0.0.1:P/v6 */
  url: string;
  mode: TamperMode;
  /** Where requests go and whose venue key re-signs: set once the preview announced them. */
  connect(upstream: { rpcUrl: string; sandboxStateDir: string }): void;
  /** How many /swap answers were altered. */
  tampered(): number;
  /**
   * While set, answers of a request whose path matches are rewritten (issue 32: an error body
   * the service never sent through the real sandbox); null passes them through again.
   */
  rewrite: AnswerRewrite | null;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface SwapAnswer {
  swapTransaction: string;
  [key: string]: unknown;
}

/** What the proxy answers instead, given the upstream's status and parsed answer. */
export interface AnswerRewrite {
  path: RegExp;
  answer(status: number, body: unknown): { status: number; body: unknown };
}

/** Starts the proxy on a free loopback port. */
export async function startTamperProxy(): Promise<TamperProxy> {
  let upstream: { rpcUrl: string; connection: Connection; venue: Keypair } | null = null;
  let count = 0;
  const proxy = { mode: 'honest' as TamperMode, rewrite: null as AnswerRewrite | null };

  const tamper = async (answer: SwapAnswer, user: PublicKey, quote: { outputMint: string }) => {
    if (!upstream) throw new Error('the tamper proxy is not connected');
    const opened = await openTransaction(
      Buffer.from(answer.swapTransaction, 'base64'),
      upstream.connection,
    );
    if (proxy.mode === 'send-sol-to-stranger') {
      const steal = SystemProgram.transfer({
        fromPubkey: user,
        toPubkey: STRANGER,
        lamports: STOLEN_LAMPORTS,
      });
      opened.instructions.splice(opened.instructions.length - 1, 0, steal);
    } else {
      // The swap that pays the person is made 10% smaller, its minimum dropped: the program
      // pays below the quote's minimum.
      const output = getAssociatedTokenAddressSync(new PublicKey(quote.outputMint), user, true);
      const leg = swapInto(opened, output);
      opened.instructions[leg.index] = swapInstruction(leg, {
        first: (leg.first * 9n) / 10n,
        second: 0n,
      });
    }
    count += 1;
    const bytes = closeTransaction(opened, [upstream.venue]);
    return { ...answer, swapTransaction: Buffer.from(bytes).toString('base64') };
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      try {
        if (!upstream) throw new Error('the tamper proxy is not connected');
        const body = await bodyOf(request);
        const target = `${upstream.rpcUrl}${request.url ?? '/'}`;
        const answer = await fetch(target, {
          method: request.method ?? 'GET',
          headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
          ...(body.length > 0 ? { body } : {}),
        });
        let text = await answer.text();
        const isSwap = request.method === 'POST' && /^\/v6\/swap\/?$/.test(request.url ?? '');
        if (isSwap && answer.ok && proxy.mode !== 'honest') {
          const sent = JSON.parse(body.toString('utf8')) as {
            userPublicKey: string;
            quoteResponse: { outputMint: string };
          };
          const altered = await tamper(
            JSON.parse(text) as SwapAnswer,
            new PublicKey(sent.userPublicKey),
            sent.quoteResponse,
          );
          text = JSON.stringify(altered);
        }
        let status = answer.status;
        const rewrite = proxy.rewrite;
        if (rewrite !== null && rewrite.path.test(request.url ?? '')) {
          const rewritten = rewrite.answer(status, JSON.parse(text) as unknown);
          status = rewritten.status;
          text = JSON.stringify(rewritten.body);
        }
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(text);
      } catch (error) {
        answerProxyFailure(response, error);
      }
    })();
  });
  const port = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}/v6`,
    get mode() {
      return proxy.mode;
    },
    set mode(mode: TamperMode) {
      proxy.mode = mode;
    },
    connect({ rpcUrl, sandboxStateDir }) {
      const secret = JSON.parse(
        readFileSync(join(sandboxStateDir, 'swap-api', 'venue-authority.json'), 'utf8'),
      ) as number[];
      upstream = {
        rpcUrl,
        connection: new Connection(rpcUrl, 'confirmed'),
        venue: Keypair.fromSecretKey(Uint8Array.from(secret)),
      };
    },
    tampered: () => count,
    get rewrite() {
      return proxy.rewrite;
    },
    set rewrite(rewrite: AnswerRewrite | null) {
      proxy.rewrite = rewrite;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
