/**
 * `POST /sandbox/pause` `{"mint","paused"}` (issue 35): pauses or resumes a pausable sandbox
 * mint (PAUS) with Token-2022's own Pause/Resume instructions, signed by the faucet key (the
 * mint's pause authority), so the wallet sees a real paused mint: the program refuses every
 * transfer, mint and burn of it until it is resumed. Answers `{"signature","paused"}`;
 * refusals are 400 `{"error"}`.
 */
import {
  createPauseInstruction,
  createResumeInstruction,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { PublicKey, Transaction } from '@solana/web3.js';
import type { SandboxLedger } from '../ledger/ledger';
import { findSandboxToken } from '../tokens';
import { parseRequest, refuse, type HttpAnswer } from './faucet-http';

/** Answers a pause request body (already read, at most a few KiB). */
export function handlePauseRequest(ledger: SandboxLedger, body: string): HttpAnswer {
  const parsed = parseRequest(body, 'The body must be JSON: {"mint","paused"}');
  if (!('request' in parsed)) return parsed;
  const { mint, paused } = (parsed.request ?? {}) as Record<string, unknown>;
  if (typeof paused !== 'boolean') return refuse('paused must be true or false');
  const token = typeof mint === 'string' ? findSandboxToken(mint) : undefined;
  if (!token?.traits?.pausable) {
    return refuse('mint must be a pausable sandbox token (PAUS in GET /sandbox/tokens)');
  }
  const faucet = ledger.faucet;
  const key = new PublicKey(token.mint);
  const instruction = paused
    ? createPauseInstruction(key, faucet.publicKey, [], TOKEN_2022_PROGRAM_ID)
    : createResumeInstruction(key, faucet.publicKey, [], TOKEN_2022_PROGRAM_ID);
  const tx = new Transaction({ feePayer: faucet.publicKey, ...ledger.latestBlockhash() });
  tx.add(instruction);
  tx.sign(faucet);
  const result = ledger.sendTransaction(tx.serialize());
  if (result.status !== 'executed' || result.record.err !== null) {
    const err = result.status === 'executed' ? result.record.err : result.err;
    return { status: 500, body: { error: `The pause transaction failed: ${JSON.stringify(err)}` } };
  }
  return { status: 200, body: { signature: result.signature, paused } };
}
