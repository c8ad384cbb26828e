/**
 * JSON-RPC 2.0 over the ledger: single requests and batches, the validator's error codes.
 */
import type { RpcContext, RpcMethod } from './context';
import * as accounts from './methods-accounts';
import * as cluster from './methods-cluster';
import * as programAccounts from './methods-program-accounts';
import * as transactions from './methods-transactions';
import { paramsOf } from './params';
import {
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  RpcError,
} from './rpc-error';
import { stringifyJson } from './json';
import { errorResponse, readEnvelope, type RpcResponse } from './envelope';

const METHODS: Record<string, RpcMethod> = {
  ...accounts,
  ...programAccounts,
  ...cluster,
  ...transactions,
};

/** Names of the methods served, for documentation and tests. */
export const RPC_METHODS = Object.keys(METHODS).sort();

function handleOne(request: unknown, context: RpcContext): RpcResponse | null {
  const envelope = readEnvelope(request);
  if (!envelope.ok) return envelope.response;
  const { method, params, id: validId, hasId } = envelope;
  let response: RpcResponse;
  const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  if (!handler)
    response = errorResponse(validId, new RpcError(METHOD_NOT_FOUND, 'Method not found'));
  else {
    try {
      response = { jsonrpc: '2.0', id: validId, result: handler(paramsOf(params), context) };
    } catch (error) {
      response = errorResponse(validId, error);
    }
  }
  // A request without an id is a notification: it runs and gets no answer.
  return hasId ? response : null;
}

/** Answers a request body: the JSON text to send back, or null when nothing is to be sent. */
export function handleRpcBody(body: string, context: RpcContext): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return stringifyJson(errorResponse(null, new RpcError(PARSE_ERROR, 'Parse error')));
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0)
      return stringifyJson(errorResponse(null, new RpcError(INVALID_REQUEST, 'Invalid request')));
    const responses = parsed
      .map((request) => handleOne(request, context))
      .filter((r) => r !== null);
    return responses.length > 0 ? stringifyJson(responses) : null;
  }
  const response = handleOne(parsed, context);
  return response ? stringifyJson(response) : null;
}
