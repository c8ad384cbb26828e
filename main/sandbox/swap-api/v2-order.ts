/**
 * GET /swap/v2/order and POST /swap/v2/execute in the sandbox, as the official OpenAPI and the
 * docs (docs-v2 "Order & Execute") describe them:
 *
 * - /order answers a quote and, with a `taker`, the assembled unsigned transaction. Every route
 *   competes, the market maker's fill included (the only co-signed route): its signature is not
 *   in the transaction /order hands out, because a market maker signs at /execute, after the
 *   person (`router: "jupiterz"`, `maker` its address), and it pays the network fee, as on
 *   mainnet. A taker under 0.01 SOL asking with no optional parameter gets a gasless order,
 *   paid by the sandbox's gas payer (order-payer.ts). A referral fee (`referralAccount` +
 *   `referralFee`, 50..255 bps) is taken in the fee mint chosen by priority (SOL, then
 *   stablecoins, then the input token) and paid into the referral account's associated token
 *   account of that mint, only when that account exists (else the swap goes through without a
 *   fee, as the docs say). A swap the taker cannot fund answers `transaction: ""` with
 *   `errorCode` 1.
 * - /execute takes the signed transaction and the requestId; it lands only the message /order
 *   built (another message: code -3), adds the market maker's and the gas payer's signatures, sends it to the ledger
 *   and answers Success with the signature and slot once it executed, or Failed with the
 *   published codes (-1000/-2000 did not land, -1003 not fully signed, -1004 expired).
 */
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import type { LedgerView } from '../ledger/ledger-view';
import { NATIVE_MINT, TOKEN_PROGRAM_ID } from '../tokens';
import type { SwapApiHandler } from './mount';
import { fundPayer, GASLESS_BELOW_LAMPORTS, paidBy, sandboxGasPayer } from './order-payer';
import { callV6, type Captured } from './v6-call';
import type { V2RouteBuilder } from './v2-route-build';
import { v2ErrorBody, v2QuoteFields, v6QuoteQuery } from './v2-quote';

type Json = Record<string, unknown>;

const STABLECOINS = new Set([
  'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
]);

/** The fee mint by the docs' priority: SOL, stablecoins, then (here) the input token. */
export function feeMintOf(inputMint: string, outputMint: string): string {
  const rank = (mint: string) => (mint === NATIVE_MINT ? 0 : STABLECOINS.has(mint) ? 1 : 2);
  return rank(outputMint) < rank(inputMint) ? outputMint : inputMint;
}

interface Order {
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

/** The orders /execute may land, newest last; the oldest are forgotten past this many. */
const MAX_ORDERS = 500;

export interface OrderDesk {
  order(req: IncomingMessage, url: URL): Promise<Captured>;
  execute(body: unknown): Captured;
}

export function createOrderDesk(
  inner: SwapApiHandler,
  builder: V2RouteBuilder,
  ledger: LedgerView,
  marketMaker: Keypair,
): OrderDesk {
  const orders = new Map<string, Order>();
  const gasPayer = sandboxGasPayer();
  fundPayer(ledger, gasPayer.publicKey);
  fundPayer(ledger, marketMaker.publicKey);

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
    const feeBps = feeAccount === null ? 0 : feeBpsAsked;
    const quoted = await callV6(inner, req, '/quote', v6QuoteQuery(q, feeBps));
    if (quoted.status !== 200) return { status: 400, body: v2ErrorBody(quoted.body, requestId) };
    const quote = quoted.body as Json;
    const fee = (quote.platformFee as { amount?: string } | null) ?? null;
    const taker = q.get('taker');
    const mode = referral !== null || q.has('slippageBps') ? 'manual' : 'ultra';
    const base: Json = {
      mode,
      ...v2QuoteFields(quote),
      feeBps,
      feeMint,
      platformFee: { amount: fee?.amount ?? '0', feeBps, feeMint },
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
    // The market maker pre-signs its fill on /swap; on /order it signs at /execute instead.
    const makerIndex = signers.findIndex((key) => key.equals(marketMaker.publicKey));
    const router = makerIndex > 0 ? 'jupiterz' : 'metis';
    const takerKey = new PublicKey(taker);
    const takerLamports = ledger.getAccount(taker)?.lamports ?? 0n;
    const gasless =
      router === 'metis' && mode === 'ultra' && takerLamports < GASLESS_BELOW_LAMPORTS;
    const sponsor = router === 'jupiterz' ? marketMaker : gasless ? gasPayer : null;
    const rebuilt =
      sponsor === null
        ? tx
        : paidBy(tx, sponsor.publicKey, ledger, { taker: takerKey, rent: gasless });
    // A transaction that would not fit with another payer stays the taker's to pay.
    const sent = rebuilt ?? tx;
    const payer = rebuilt === null || sponsor === null ? null : sponsor;
    const cosigners = router === 'jupiterz' ? [marketMaker] : [];
    if (payer !== null && payer !== marketMaker) cosigners.push(payer);
    const feePayer = payer?.publicKey.toBase58() ?? taker;
    const routed: Json = {
      ...base,
      router,
      swapType: router === 'jupiterz' ? 'rfq' : 'aggregator',
      signatureFeePayer: feePayer,
      prioritizationFeePayer: feePayer,
      rentFeePayer: payer === gasPayer ? feePayer : taker,
      gasless: feePayer !== taker,
      ...(router === 'jupiterz'
        ? {
            maker: marketMaker.publicKey.toBase58(),
            quoteId: randomUUID(),
            expireAt: new Date(Date.now() + 30_000).toISOString(),
          }
        : {}),
      lastValidBlockHeight: String(v6.lastValidBlockHeight),
    };
    // The taker-paid build was simulated by /swap; another payer's is simulated here.
    const simulationError =
      sent === tx ? (v6.simulationError ?? null) : ledger.simulate(sent.serialize()).err;
    if (simulationError !== undefined && simulationError !== null) {
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
    if (sent === tx && makerIndex > 0) tx.signatures[makerIndex] = new Uint8Array(64);
    orders.set(requestId, {
      message: sent.message.serialize(),
      cosigners,
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
        transaction: Buffer.from(sent.serialize()).toString('base64'),
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
