/**
 * The steps every route suite of the sandbox's swap API takes the way a wallet or an integrator
 * does: quote, /swap then sign and send, compose a /build (or /swap-instructions) answer into one
 * v0 transaction, sign an /order and hand it to /execute. Each lands on the real sandbox and is
 * read back from its ledger (sandbox-session.ts); the suites differ in what they then assert.
 */
import {
  AddressLookupTableAccount,
  PublicKey,
  TransactionMessage,
  VersionedTransaction,
  type Keypair,
  type TransactionInstruction,
  type VersionedTransactionResponse,
} from '@solana/web3.js';
import { expect } from 'vitest';
import { getJson, postJson, signAndSend, waitFor } from './sandbox-swap-fixtures';
import { instruction, type InstructionJson } from './sandbox-swap-instructions-helpers';
import { readLanded, type SandboxSession } from './sandbox-session';

/** A /quote answer, as far as the route suites read it. */
export type RouteQuote = Record<string, unknown> & {
  inAmount: string;
  outAmount: string;
  platformFee?: { amount: string; feeBps: number } | null;
  routePlan: { swapInfo: Record<string, string>; percent: number }[];
};

/** GET /quote with raw query text, expecting 200. */
export async function quoteOf(swapApiUrl: string, query: string): Promise<RouteQuote> {
  const { status, body } = await getJson(`${swapApiUrl}/quote?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as RouteQuote;
}

/**
 * POST /swap for `q` (dynamic compute unit limit, plus `extra` options), expecting 200 and a
 * clean simulation; signs as the user, sends, confirms and reads the transaction back.
 */
export async function swapAndRead(
  sandbox: SandboxSession,
  q: RouteQuote,
  user: Keypair,
  extra: Record<string, unknown> = {},
): Promise<{ tx: VersionedTransactionResponse; signature: string; limit: number }> {
  const answer = await postJson(`${sandbox.swapApiUrl}/swap`, {
    quoteResponse: q,
    userPublicKey: user.publicKey.toBase58(),
    dynamicComputeUnitLimit: true,
    ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.simulationError).toBeNull();
  const { connection } = sandbox;
  const signature = await signAndSend(connection, answer.body.swapTransaction as string, user);
  const tx = await readLanded(connection, signature);
  return { tx, signature, limit: answer.body.computeUnitLimit as number };
}

/** An answer's instruction groups in the order the docs give: budget, setup, swap, cleanup. */
export function answerGroups(body: Record<string, unknown>): TransactionInstruction[] {
  return [
    ...(body.computeBudgetInstructions as InstructionJson[]).map(instruction),
    ...(body.setupInstructions as InstructionJson[]).map(instruction),
    instruction(body.swapInstruction as InstructionJson),
    ...(body.cleanupInstruction ? [instruction(body.cleanupInstruction as InstructionJson)] : []),
  ];
}

/** The lookup tables a /build answer carries inline (`addressesByLookupTableAddress`). */
export function inlineTables(body: Record<string, unknown>): AddressLookupTableAccount[] {
  const byAddress = (body.addressesByLookupTableAddress as Record<string, string[]> | null) ?? {};
  return Object.entries(byAddress).map(
    ([key, addresses]) =>
      new AddressLookupTableAccount({
        key: new PublicKey(key),
        state: {
          deactivationSlot: BigInt('18446744073709551615'),
          lastExtendedSlot: 0,
          lastExtendedSlotStartIndex: 0,
          addresses: addresses.map((a) => new PublicKey(a)),
        },
      }),
  );
}

/** One v0 transaction of `instructions` paid and signed by the user, sent and confirmed. */
export async function sendAsUser(
  sandbox: SandboxSession,
  user: Keypair,
  instructions: TransactionInstruction[],
  tables: AddressLookupTableAccount[] = [],
): Promise<string> {
  const { connection } = sandbox;
  const { blockhash } = await connection.getLatestBlockhash();
  const tx = new VersionedTransaction(
    new TransactionMessage({
      payerKey: user.publicKey,
      recentBlockhash: blockhash,
      instructions,
    }).compileToV0Message(tables),
  );
  tx.sign([user]);
  const signature = await connection.sendRawTransaction(tx.serialize());
  await waitFor(connection, signature);
  return signature;
}

/** Signs an /order answer's transaction as the taker and POSTs it to /execute with its request id. */
export async function executeOrder(
  sandbox: SandboxSession,
  order: Record<string, unknown>,
  user: Keypair,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const tx = VersionedTransaction.deserialize(Buffer.from(order.transaction as string, 'base64'));
  tx.sign([user]);
  return postJson(`${sandbox.swapApiUrl}/execute`, {
    signedTransaction: Buffer.from(tx.serialize()).toString('base64'),
    requestId: order.requestId,
  });
}
