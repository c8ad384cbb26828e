/**
 * `POST /sandbox/multiplier` (issue 35): changes a Scaled UI Amount mint's multiplier, as an
 * issuer does for a stock split, with Token-2022's own `UpdateMultiplier` signed by the faucet
 * (the multiplier authority of the sandbox's scaled tokens). Body `{"mint","multiplier"}` and an
 * optional `"effectiveTimestamp"` (unix seconds; now when absent, so the change is immediate);
 * answers `{"signature","multiplier","newMultiplier","newMultiplierEffectiveTimestamp"}`.
 * Refusals are 400 with `{"error"}`, like the faucet's.
 */
import { randomBytes } from 'node:crypto';
import { PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import { createUpdateMultiplierDataInstruction, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { scaledConfigOfMint } from '../../shared/scaled-amount';
import type { SandboxLedger } from '../ledger/ledger';
import { MEMO_PROGRAM_ID } from '../tokens';
import { parseRequest, refuse, type HttpAnswer } from './faucet-http';

const USAGE =
  'Use POST with {"mint","multiplier"} and an optional "effectiveTimestamp" (unix seconds)';

/** Answers a multiplier request body (already read, at most a few KiB). */
export function handleMultiplierRequest(ledger: SandboxLedger, body: string): HttpAnswer {
  const parsed = parseRequest(body, `The body must be JSON. ${USAGE}.`);
  if (!('request' in parsed)) return parsed;
  const { mint, multiplier, effectiveTimestamp } = (parsed.request ?? {}) as Record<
    string,
    unknown
  >;
  if (typeof mint !== 'string') return refuse(`mint is missing. ${USAGE}.`);
  const account = ledger.getAccount(mint);
  const config = account ? scaledConfigOfMint(account.data) : null;
  if (!account || account.owner !== TOKEN_2022_PROGRAM_ID.toBase58() || config === null) {
    return refuse(`${mint} is not a Scaled UI Amount mint on the sandbox network.`);
  }
  if (typeof multiplier !== 'number' || !(multiplier > 0) || !Number.isFinite(multiplier)) {
    return refuse('multiplier must be a positive number, e.g. 3 for a 2-for-1 split of 1.5.');
  }
  const when =
    effectiveTimestamp === undefined ? ledger.unixTimestamp() : Number(effectiveTimestamp);
  if (!Number.isSafeInteger(when) || when < 0) {
    return refuse('effectiveTimestamp must be whole unix seconds.');
  }
  const faucet = ledger.faucet;
  const tx = new Transaction({ feePayer: faucet.publicKey, ...ledger.latestBlockhash() });
  tx.add(
    // A nonce, so that two equal requests in one slot are two transactions.
    new TransactionInstruction({
      programId: new PublicKey(MEMO_PROGRAM_ID),
      keys: [],
      data: Buffer.from(`swapdesk sandbox multiplier ${randomBytes(6).toString('hex')}`),
    }),
    createUpdateMultiplierDataInstruction(
      new PublicKey(mint),
      faucet.publicKey,
      multiplier,
      BigInt(when),
      [],
      TOKEN_2022_PROGRAM_ID,
    ),
  );
  tx.sign(faucet);
  const result = ledger.sendTransaction(tx.serialize());
  const err = result.status === 'executed' ? result.record.err : result.err;
  if (result.status !== 'executed' || err !== null) {
    return refuse(`Token-2022 refused the multiplier change: ${JSON.stringify(err)}`);
  }
  const after = scaledConfigOfMint(ledger.getAccount(mint)!.data)!;
  return {
    status: 200,
    body: {
      signature: result.signature,
      multiplier: after.multiplier,
      newMultiplier: after.newMultiplier,
      newMultiplierEffectiveTimestamp: Number(after.newMultiplierEffectiveTimestamp),
    },
  };
}
