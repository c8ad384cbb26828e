/**
 * The faucet's HTTP endpoints beside JSON-RPC: `POST /sandbox/faucet` with
 * `{"owner","mint","amount"}` (amount in base units, a decimal string) answers `{"signature"}`;
 * `GET /sandbox/tokens` lists the token set. Refusals are 400 with `{"error": "..."}`.
 */
import { PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import type { SandboxLedger } from '../ledger/ledger';
import { SANDBOX_TOKENS } from '../tokens';
import { FaucetError, fundToken } from './faucet';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** A 400 with the refusal `error`, as every sandbox POST endpoint answers one. */
export function refuse(error: string): HttpAnswer {
  return { status: 400, body: { error } };
}

/** The body parsed as JSON, or the 400 that answers a body that is none, in the words `refusal`. */
export function parseRequest(body: string, refusal: string): { request: unknown } | HttpAnswer {
  try {
    return { request: JSON.parse(body) };
  } catch {
    return refuse(refusal);
  }
}

function address(value: unknown, field: string): PublicKey | string {
  if (typeof value !== 'string') return `${field} must be a base58 address string`;
  try {
    if (bs58.decode(value).length !== 32) return `${field} must be a 32-byte base58 address`;
  } catch {
    return `${field} is not valid base58`;
  }
  return new PublicKey(value);
}

/** Answers a faucet request body (already read, at most a few KiB). */
export function handleFaucetRequest(ledger: SandboxLedger, body: string): HttpAnswer {
  const parsed = parseRequest(body, 'The body must be JSON: {"owner","mint","amount"}');
  if (!('request' in parsed)) return parsed;
  const request = parsed.request;
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return refuse('The body must be a JSON object: {"owner","mint","amount"}');
  }
  const { owner, mint, amount } = request as Record<string, unknown>;
  const ownerKey = address(owner, 'owner');
  if (typeof ownerKey === 'string') return refuse(ownerKey);
  const mintKey = address(mint, 'mint');
  if (typeof mintKey === 'string') return refuse(mintKey);
  if (typeof amount !== 'string' || !/^[0-9]{1,20}$/.test(amount)) {
    return refuse('amount must be a decimal string of base units, e.g. "1000000"');
  }
  try {
    const { signature } = fundToken(ledger, {
      owner: ownerKey,
      mint: mintKey,
      amount: BigInt(amount),
    });
    return { status: 200, body: { signature } };
  } catch (error) {
    if (error instanceof FaucetError) return refuse(error.message);
    throw error;
  }
}

/** The token set, as `GET /sandbox/tokens` serves it. */
export function tokenList(): HttpAnswer {
  return { status: 200, body: SANDBOX_TOKENS };
}
