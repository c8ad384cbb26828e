/**
 * POST /swap/v2/execute in the sandbox (v2-order.ts makes the orders): it lands only the
 * message /order built (another message: code -3), adds the co-signers' signatures (the market
 * maker of a fill, a gasless order's payer), sends it to the ledger and answers Success with the
 * signature (the first: the fee payer's) and slot once it executed, or Failed with the
 * published codes (-1000/-2000 did not land, -1003/-2002 not fully signed, -1004 expired).
 */
import { type Keypair, VersionedTransaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import type { LedgerView } from '../ledger/ledger-view';
import { NATIVE_MINT, TOKEN_PROGRAM_ID } from '../tokens';
import { associatedTokenAddress } from '../../tokens/associated-token';
import type { Captured } from './v6-call';

type Json = Record<string, unknown>;

/** An order /execute may land. */
export interface Order {
  message: Uint8Array;
  /** Who signs at /execute, after the person: the market maker, the gas payer. */
  cosigners: Keypair[];
  router: 'metis' | 'jupiterz';
  taker: string;
  inputMint: string;
  outputMint: string;
  inAmount: string;
  outAmount: string;
}

function tokenBalanceOf(ledger: LedgerView, owner: string, mint: string): bigint | null {
  if (mint === NATIVE_MINT) return null;
  // The associated account under the mint's own program: a Token-2022 mint's (TFEE, PYUSD) is
  // another address than SPL Token's, which would always read 0.
  const program = ledger.getAccount(mint)?.owner ?? TOKEN_PROGRAM_ID;
  return ledger.tokenBalance(associatedTokenAddress(mint, owner, program)) ?? 0n;
}

export function executeOrder(
  orders: Map<string, Order>,
  ledger: LedgerView,
  body: unknown,
): Captured {
  const { signedTransaction, requestId } = (body ?? {}) as Json;
  if (typeof signedTransaction !== 'string' || typeof requestId !== 'string') {
    return {
      status: 400,
      body: { error: 'signedTransaction and requestId are required', code: -2 },
    };
  }
  const stored = orders.get(requestId);
  if (stored === undefined)
    return { status: 400, body: { error: 'Missing cached order', code: -1 } };
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(Buffer.from(signedTransaction, 'base64'));
  } catch {
    return { status: 400, body: { error: 'Invalid signed transaction', code: -2 } };
  }
  const message = tx.message.serialize();
  if (Buffer.compare(Buffer.from(message), Buffer.from(stored.message)) !== 0) {
    return { status: 400, body: { error: 'Invalid message bytes', code: -3 } };
  }
  const signers = tx.message.staticAccountKeys;
  for (const cosigner of stored.cosigners) {
    const index = signers.findIndex((key) => key.equals(cosigner.publicKey));
    if (index >= 0) tx.signatures[index] = nacl.sign.detached(message, cosigner.secretKey);
  }
  const rfq = stored.router === 'jupiterz';
  const fullySigned = tx.signatures.every((signature, index) =>
    nacl.sign.detached.verify(message, signature, signers[index]!.toBytes()),
  );
  if (!fullySigned) {
    return {
      status: 200,
      body: {
        status: 'Failed',
        code: rfq ? -2002 : -1003,
        error: 'Transaction not fully signed',
      },
    };
  }
  const before = [
    tokenBalanceOf(ledger, stored.taker, stored.inputMint),
    tokenBalanceOf(ledger, stored.taker, stored.outputMint),
  ];
  const sent = ledger.sendTransaction(tx.serialize());
  if (sent.status === 'rejected') {
    const expired = String(sent.err).includes('BlockhashNotFound');
    return {
      status: 200,
      body: {
        status: 'Failed',
        signature: sent.signature,
        code: expired ? -1004 : rfq ? -2000 : -1000,
        error: `Transaction was not accepted: ${String(sent.err)}`,
      },
    };
  }
  if (sent.record.err !== null) {
    return {
      status: 200,
      body: {
        status: 'Failed',
        signature: sent.signature,
        code: rfq ? -2000 : -1000,
        error: `Transaction failed: ${JSON.stringify(sent.record.err)}`,
      },
    };
  }
  orders.delete(requestId);
  const after = [
    tokenBalanceOf(ledger, stored.taker, stored.inputMint),
    tokenBalanceOf(ledger, stored.taker, stored.outputMint),
  ];
  const spent =
    before[0] !== null && after[0] !== null ? (before[0] - after[0]).toString() : stored.inAmount;
  const got =
    before[1] !== null && after[1] !== null ? (after[1] - before[1]).toString() : stored.outAmount;
  return {
    status: 200,
    body: {
      status: 'Success',
      signature: sent.signature,
      slot: String(ledger.currentSlot()),
      code: 0,
      totalInputAmount: spent,
      totalOutputAmount: got,
      inputAmountResult: spent,
      outputAmountResult: got,
      swapEvents: [
        {
          inputMint: stored.inputMint,
          inputAmount: spent,
          outputMint: stored.outputMint,
          outputAmount: got,
        },
      ],
    },
  };
}
