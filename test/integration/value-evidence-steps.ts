/**
 * The steps the value-evidence suites share (issue 32, point 4: no value resting on the
 * service's word), on the hostile on-chain session (hostile-onchain-session.ts): a Price API
 * lie, a SOL swap quoted and reviewed, the sandbox oracle's feed condition, and the check that
 * approving without acknowledgement is refused with nothing sent.
 */
import { expect } from 'vitest';
import { type Json } from '../harness/hostile-swap-service';
import { sandbox, wallet } from './hostile-onchain-session';
import { SOL } from './swap-flow-wallet';
import { approveRefused } from './approve-refused';

/** A Price API answer that says `mint` is worth `usdPrice` (the service's own lie). */
export const lieAbout =
  (mint: string, usdPrice: number) =>
  (answer: Json): Json => {
    const entry = answer[mint] as Json | undefined;
    return entry ? { ...answer, [mint]: { ...entry, usdPrice } } : answer;
  };

/** Quotes and reviews `amount` lamports of SOL into `outputMint` at 1% slippage. */
export async function reviewSol(outputMint: string, amount: bigint) {
  const quote = await wallet.call('swap.quote', {
    inputMint: SOL,
    outputMint,
    amount: amount.toString(),
    slippage: { bps: 100 },
  });
  return wallet.call('swap.review', { quoteId: quote.quoteId });
}

/** Sets the sandbox oracle's feed of `mint` live, or stale by `staleSeconds`. */
export async function setFeed(mint: string, condition: 'live' | 'stale', staleSeconds?: number) {
  const answer = await fetch(new URL('/sandbox/oracle', sandbox.rpcUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mint, condition, ...(staleSeconds ? { staleSeconds } : {}) }),
  });
  expect(answer.status).toBe(200);
}

/** Approve without acknowledging must refuse with RISK_NOT_ACKNOWLEDGED, nothing sent. */
export async function needsAcknowledgement(ticket: {
  ticketId: string;
  transactionBase64: string;
}) {
  const sends = wallet.sends();
  await approveRefused(wallet, 'swap.approve', ticket, 'RISK_NOT_ACKNOWLEDGED', sends);
}
