/**
 * Runs the sandbox's v6 handler inside another shape's handler (swap/v1, v2) and keeps its
 * answer, so a shape only reshapes what goes in and out.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { SwapApiHandler } from './mount';

/** A captured answer of the wrapped v6 handler. */
export interface Captured {
  status: number;
  body: unknown;
}

/**
 * Runs the v6 handler on a request whose body is `body` (then a POST) or the original request,
 * and keeps its answer.
 */
export async function callV6(
  inner: SwapApiHandler,
  req: IncomingMessage,
  path: string,
  url: URL,
  body?: unknown,
): Promise<Captured> {
  const request =
    body === undefined
      ? req
      : (Object.assign(Readable.from([Buffer.from(JSON.stringify(body))]), {
          // A body is a POST for the v6 handler, whatever the outer request was (v2's GETs).
          method: 'POST',
          headers: req.headers,
        }) as unknown as IncomingMessage);
  let status = 500;
  let text = '';
  const response = {
    headersSent: false,
    writeHead(code: number) {
      status = code;
      return response;
    },
    end(chunk?: string) {
      text = chunk ?? '';
      return response;
    },
  } as unknown as ServerResponse;
  await inner.handle(request, response, path, url);
  return { status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}
