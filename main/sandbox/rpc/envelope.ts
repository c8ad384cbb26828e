/**
 * The JSON-RPC 2.0 envelope both of the sandbox's endpoints read and write, as a validator
 * does: the HTTP RPC (dispatch.ts) and the PubSub socket (pubsub/pubsub-server.ts). A request
 * must be an object with `jsonrpc: "2.0"`, a string method, and an id that is a string, a
 * number, null or absent (absent: a notification, answered with nothing).
 */
import { INTERNAL_ERROR, INVALID_REQUEST, RpcError } from './rpc-error';

export type Id = string | number | null;

export interface RpcResponse {
  jsonrpc: '2.0';
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** The error answer for `error`: an RpcError's code and message, any other as internal. */
export function errorResponse(id: Id, error: unknown): RpcResponse {
  if (error instanceof RpcError) {
    const data = error.data === undefined ? {} : { data: error.data };
    return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...data } };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    jsonrpc: '2.0',
    id,
    error: { code: INTERNAL_ERROR, message: `Internal error: ${message}` },
  };
}

/** A request read from its envelope, or the answer that refuses it. */
export type Envelope =
  | { ok: true; method: string; params: unknown; id: Id; hasId: boolean }
  | { ok: false; response: RpcResponse };

/** Reads one request's envelope; an invalid one is refused with -32600 "Invalid request". */
export function readEnvelope(request: unknown): Envelope {
  const invalid = (id: Id): Envelope => ({
    ok: false,
    response: errorResponse(id, new RpcError(INVALID_REQUEST, 'Invalid request')),
  });
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return invalid(null);
  }
  const { jsonrpc, method, params, id } = request as Record<string, unknown>;
  const hasId = 'id' in request;
  const validId: Id = typeof id === 'string' || typeof id === 'number' ? id : null;
  if (
    jsonrpc !== '2.0' ||
    typeof method !== 'string' ||
    (hasId && id !== null && validId === null)
  ) {
    return invalid(validId);
  }
  return { ok: true, method, params, id: validId, hasId };
}
