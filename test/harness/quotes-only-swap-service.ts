/**
 * A stand-in for a self-hosted or third-party v6 swap service (issue 18): it answers quotes and
 * swaps, forwarding /v6/quote, /v6/swap, /v6/swap-instructions and /v6/program-id-to-label to
 * the real sandbox, and nothing else: the Tokens API (/tokens/v2/*, /v6/tokens), the Price API
 * (/price/v3) and logos answer 404, as a host without a token directory does.
 *
 * The preview is pointed at it with `--swap-api-url` (a test-only flag of main/preview/cli.ts);
 * it learns where the sandbox is with `connect`, once the preview announced it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { answerProxyFailure, listenOnLoopback } from './loopback-server';

export interface QuotesOnlyService {
  /** The swap API base URL to give the preview: http://127.0.0.1:P/v6 */
  url: string;
  /** Where forwarded requests go: the sandbox's RPC origin (it serves /v6 itself). */
  connect(upstream: { rpcUrl: string }): void;
  /** Paths asked that were answered 404 (the directory and price requests). */
  refused(): string[];
  /** Paths forwarded to the sandbox. */
  forwarded(): string[];
  close(): Promise<void>;
}

const FORWARDED = /^\/v6\/(quote|swap|swap-instructions|program-id-to-label)(\/|\?|$)/;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the stand-in on a free loopback port. */
export async function startQuotesOnlyService(): Promise<QuotesOnlyService> {
  let upstream: string | null = null;
  const refused: string[] = [];
  const forwarded: string[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = request.url ?? '/';
      try {
        if (!FORWARDED.test(path)) {
          refused.push(path);
          response.writeHead(404, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: 'Not found' }));
          return;
        }
        if (!upstream) throw new Error('the quotes-only service is not connected');
        forwarded.push(path);
        const body = await bodyOf(request);
        const answer = await fetch(`${upstream}${path}`, {
          method: request.method ?? 'GET',
          headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
          ...(body.length > 0 ? { body } : {}),
        });
        response.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
        });
        response.end(Buffer.from(await answer.arrayBuffer()));
      } catch (error) {
        answerProxyFailure(response, error);
      }
    })();
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/v6`,
    connect({ rpcUrl }) {
      upstream = new URL(rpcUrl).origin;
    },
    refused: () => [...refused],
    forwarded: () => [...forwarded],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
