/** JSON in and out over node:http, with the spec's error body. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SwapApiError } from './api-error';

const MAX_BODY_BYTES = 256 * 1024;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Answers `{ errorCode, error }`; anything but a SwapApiError becomes a generic 500. */
export function sendError(res: ServerResponse, error: unknown): void {
  const apiError =
    error instanceof SwapApiError
      ? error
      : new SwapApiError(
          'INTERNAL_ERROR',
          'The sandbox swap API failed unexpectedly; see its log.',
        );
  if (!(error instanceof SwapApiError)) console.error('[swap-api]', error);
  sendJson(res, apiError.status, apiError.body());
}

/** Reads a JSON body of at most 256 KiB. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      throw new SwapApiError('PAYLOAD_TOO_LARGE', 'The request body is larger than 256 KiB.');
    }
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SwapApiError('INVALID_REQUEST_BODY', 'The request body is not JSON.');
  }
}
