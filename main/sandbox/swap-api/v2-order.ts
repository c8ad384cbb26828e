/**
 * GET /swap/v2/order and POST /swap/v2/execute in the sandbox, as the official OpenAPI and the
 * docs (docs-v2 "Order & Execute") describe them:
 *
 * - /order answers a quote and, with a `taker`, the assembled unsigned transaction. Every route
 *   competes, the market maker's fill included (the only co-signed route): its signature is not
 *   in the transaction /order hands out, because a market maker signs at /execute, after the
 *   person (`router: "jupiterz"`, `maker` its address). A referral fee (`referralAccount` +
 *   `referralFee`, 50..255 bps) is taken in the fee mint chosen by priority (SOL, then
 *   stablecoins, then the input token) and paid into the referral account's associated token
 *   account of that mint, only when that account exists (else the swap goes through without a
 *   fee, as the docs say). With `jupiterFee` (`--jupiter-fee by-pair`, with Jupiter's program),
 *   an order without a referral fee carries Jupiter's own platform fee by pair as on mainnet
 *   (docs-v2 "Order & Execute", Fees: stable-stable 0, SOL-stable 2, everything else 10 bps),
 *   in the same fee mint, stated in `platformFee` and paid by Jupiter's route into the sandbox
 *   operator's token account of that mint (the operator plays Jupiter); the market maker's
 *   fills carry none. A swap the taker cannot fund answers `transaction: ""` with
 *   `errorCode` 1.
 * - /execute takes the signed transaction and the requestId; it lands only the message /order
 *   built (another message: code -3), adds the market maker's signature, sends it to the ledger
 *   and answers Success with the signature and slot once it executed, or Failed with the
 *   published codes (-1000/-2000 did not land, -1003 not fully signed, -1004 expired).
 */
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import type { LedgerView } from '../ledger/ledger-view';
import { NATIVE_MINT, TOKEN_PROGRAM_ID } from '../tokens';
import { SANDBOX_FEE_OPERATOR } from '../../shared/sandbox-operator';
import { MARKET_MAKER_LABEL } from '../venues/types';
import type { SwapApiHandler } from './mount';
import { callV6, type Captured } from './v6-call';
import type { V2RouteBuilder } from './v2-route-build';
import { v2ErrorBody, v2QuoteFields, v6QuoteQuery } from './v2-quote';

type Json = Record<string, unknown>;

const STABLECOINS = new Set([
  'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
]);

/**
 * Jupiter's platform fee by pair (docs-v2 "Order & Execute", Fee breakdown), for the sandbox's
 * tokens: pegged stable-stable 0, SOL-stable 2, everything else 10 bps (the sandbox has no
 * Jupiter tokens, LSTs or day-old tokens).
 */
export function jupiterPairFeeBps(inputMint: string, outputMint: string): number {
  const stable = [inputMint, outputMint].filter((mint) => STABLECOINS.has(mint)).length;
  if (stable === 2) return 0;
  if (stable === 1 && (inputMint === NATIVE_MINT || outputMint === NATIVE_MINT)) return 2;
  return 10;
}

/** The fee mint by the docs' priority: SOL, stablecoins, then (here) the input token. */
export function feeMintOf(inputMint: string, outputMint: string): string {
  const rank = (mint: string) => (mint === NATIVE_MINT ? 0 : STABLECOINS.has(mint) ? 1 : 2);
  return rank(outputMint) < rank(inputMint) ? outputMint : inputMint;
}

interface Order {
  message: Uint8Array;
  /** Market makers' signatures by signer index, added at /execute. */
  cosignatures: Map<number, Uint8Array>;
  router: 'metis' | 'jupiterz';
  taker: string;
  inputMint: string;
  outputMint: string;
  inAmount: string;
  outAmount: string;
}

/** The orders /execute may land, newest last; the oldest are forgotten past this many. */
const MAX_ORDERS = 500;

export interface OrderDesk {
  order(req: IncomingMessage, url: URL): Promise<Captured>;
  execute(body: unknown): Captured;
}

export interface OrderDeskOptions {
  /** Charge Jupiter's platform fee by pair on orders without a referral fee. */
  jupiterFee?: boolean;
}

export function createOrderDesk(
  inner: SwapApiHandler,
  builder: V2RouteBuilder,
  ledger: LedgerView,
  options: OrderDeskOptions = {},
): OrderDesk {
  const orders = new Map<string, Order>();

  /** The operator's (Jupiter's, here) token account of `mint`, when it exists. */
  function jupiterFeeAccount(mint: string): string | null {
    const ata = getAssociatedTokenAddressSync(
      new PublicKey(mint),
      new PublicKey(SANDBOX_FEE_OPERATOR),
      true,
      new PublicKey(TOKEN_PROGRAM_ID),
    ).toBase58();
    const account = ledger.getAccount(ata);
    return account !== null && account.owner === TOKEN_PROGRAM_ID ? ata : null;
  }

  function referralFeeAccount(referral: string, mint: string): string | null {
    const ata = getAssociatedTokenAddressSync(
      new PublicKey(mint),
      new PublicKey(referral),
      true,
      new PublicKey(TOKEN_PROGRAM_ID),
    ).toBase58();
    const account = ledger.getAccount(ata);
    return account !== null && account.owner === TOKEN_PROGRAM_ID ? ata : null;
  }

  async function order(req: IncomingMessage, url: URL): Promise<Captured> {
    const started = Date.now();
    const q = url.searchParams;
    const requestId = randomUUID();
    const referral = q.get('referralAccount');
    const referralFee = q.get('referralFee');
    if ((referral === null) !== (referralFee === null)) {
      return {
        status: 400,
        body: { requestId, error: 'referralAccount and referralFee go together' },
      };
    }
    const feeBpsAsked = referralFee === null ? 0 : Number(referralFee);
    if (
      referral !== null &&
      !(Number.isInteger(feeBpsAsked) && feeBpsAsked >= 50 && feeBpsAsked <= 255)
    ) {
      return { status: 400, body: { requestId, error: 'referralFee must be 50 to 255' } };
    }
    const inputMint = q.get('inputMint') ?? '';
    const outputMint = q.get('outputMint') ?? '';
    const feeMint = feeMintOf(inputMint, outputMint);
    let feeAccount: string | null = null;
    try {
      feeAccount = referral === null ? null : referralFeeAccount(referral, feeMint);
    } catch {
      return { status: 400, body: { requestId, error: 'referralAccount is not an address' } };
    }
    let feeBps = feeAccount === null ? 0 : feeBpsAsked;
    // No referral fee: Jupiter's own by pair, when charged (and its account of the mint exists).
    const jupiterBps =
      feeAccount === null && options.jupiterFee ? jupiterPairFeeBps(inputMint, outputMint) : 0;
    const jupiterAccount = jupiterBps > 0 ? jupiterFeeAccount(feeMint) : null;
    if (jupiterAccount !== null) {
      feeAccount = jupiterAccount;
      feeBps = jupiterBps;
    }
    let quoted = await callV6(inner, req, '/quote', v6QuoteQuery(q, feeBps));
    const makerFill = (body: unknown) =>
      ((body as Json).routePlan as Json[] | undefined)?.some(
        (step) => (step.swapInfo as Json | undefined)?.label === MARKET_MAKER_LABEL,
      ) === true;
    if (jupiterAccount !== null && quoted.status === 200 && makerFill(quoted.body)) {
      // A market maker's fill is not Jupiter's route: it carries no Jupiter fee here.
      feeAccount = null;
      feeBps = 0;
      quoted = await callV6(inner, req, '/quote', v6QuoteQuery(q, 0));
    }
    if (quoted.status !== 200) return { status: 400, body: v2ErrorBody(quoted.body, requestId) };
    const quote = quoted.body as Json;
    const fee = (quote.platformFee as { amount?: string } | null) ?? null;
    // The amount in the fee mint, as the route takes it: from the input, ⌊in × bps⌋ (the v6
    // quote's own figure is in the output).
    const feeAmount =
      feeMint === inputMint
        ? ((BigInt(String(quote.inAmount)) * BigInt(feeBps)) / 10_000n).toString()
        : (fee?.amount ?? '0');
    const taker = q.get('taker');
    const base: Json = {
      mode: referral !== null || q.has('slippageBps') ? 'manual' : 'ultra',
      ...v2QuoteFields(quote),
      feeBps,
      feeMint,
      platformFee: { amount: feeAmount, feeBps, feeMint },
      ...(referral === null ? {} : { referralAccount: referral }),
      signatureFeeLamports: 5000,
      signatureFeePayer: taker,
      prioritizationFeeLamports: 0,
      prioritizationFeePayer: taker,
      rentFeeLamports: 0,
      rentFeePayer: taker,
      gasless: false,
      requestId,
      taker,
    };
    if (taker === null) {
      return {
        status: 200,
        body: {
          ...base,
          router: 'metis',
          swapType: 'aggregator',
          transaction: null,
          totalTime: Date.now() - started,
        },
      };
    }
    const receiver = q.get('receiver');
    const built = await builder.transaction(req, quote, {
      taker,
      ...(feeAccount === null ? {} : { feeAccount }),
      ...(receiver === null
        ? {}
        : {
            destinationTokenAccount: getAssociatedTokenAddressSync(
              new PublicKey(outputMint),
              new PublicKey(receiver),
              true,
            ).toBase58(),
          }),
    });
    if (built.status !== 200) return { status: 400, body: v2ErrorBody(built.body, requestId) };
    const v6 = built.body as Json;
    const tx = VersionedTransaction.deserialize(
      Buffer.from(v6.swapTransaction as string, 'base64'),
    );
    const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures);
    const cosignatures = new Map<number, Uint8Array>();
    tx.signatures.forEach((signature, index) => {
      if (index > 0 && signature.some((byte) => byte !== 0)) {
        cosignatures.set(index, signature);
        tx.signatures[index] = new Uint8Array(64); // the market maker signs at /execute
      }
    });
    const router = cosignatures.size > 0 ? 'jupiterz' : 'metis';
    const maker = cosignatures.size > 0 ? signers[[...cosignatures.keys()][0]!]!.toBase58() : null;
    const routed: Json = {
      ...base,
      router,
      swapType: router === 'jupiterz' ? 'rfq' : 'aggregator',
      ...(maker === null
        ? {}
        : { maker, quoteId: randomUUID(), expireAt: new Date(Date.now() + 30_000).toISOString() }),
      lastValidBlockHeight: String(v6.lastValidBlockHeight),
    };
    if (v6.simulationError !== undefined && v6.simulationError !== null) {
      return {
        status: 200,
        body: {
          ...routed,
          transaction: '',
          errorCode: 1,
          errorMessage: 'Insufficient funds',
          error: 'Insufficient funds',
          totalTime: Date.now() - started,
        },
      };
    }
    orders.set(requestId, {
      message: tx.message.serialize(),
      cosignatures,
      router,
      taker,
      inputMint,
      outputMint,
      inAmount: String(quote.inAmount),
      outAmount: String(quote.outAmount),
    });
    while (orders.size > MAX_ORDERS) orders.delete(orders.keys().next().value!);
    return {
      status: 200,
      body: {
        ...routed,
        transaction: Buffer.from(tx.serialize()).toString('base64'),
        totalTime: Date.now() - started,
      },
    };
  }

  function tokenBalanceOf(owner: string, mint: string): bigint | null {
    if (mint === NATIVE_MINT) return null;
    const ata = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true);
    return ledger.tokenBalance(ata.toBase58()) ?? 0n;
  }

  function execute(body: unknown): Captured {
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
    for (const [index, signature] of stored.cosignatures) tx.signatures[index] = signature;
    const rfq = stored.router === 'jupiterz';
    const signers = tx.message.staticAccountKeys;
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
      tokenBalanceOf(stored.taker, stored.inputMint),
      tokenBalanceOf(stored.taker, stored.outputMint),
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
      tokenBalanceOf(stored.taker, stored.inputMint),
      tokenBalanceOf(stored.taker, stored.outputMint),
    ];
    const spent =
      before[0] !== null && after[0] !== null ? (before[0] - after[0]).toString() : stored.inAmount;
    const got =
      before[1] !== null && after[1] !== null
        ? (after[1] - before[1]).toString()
        : stored.outAmount;
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

  return { order, execute };
}
