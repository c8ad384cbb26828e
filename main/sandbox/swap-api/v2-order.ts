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
 *   fee, as the docs say). With `jupiterFee` (`--jupiter-fee by-pair`, with Jupiter's program),
 *   an order without a referral fee carries Jupiter's own platform fee by pair as on mainnet,
 *   exactly the published table (fees/jupiter-fee-table.ts: pegged pairs and buying Jupiter's
 *   tokens 0, SOL-stable 2, LST-stable 5, everything else 10 bps, a token under a day old 50,
 *   by the first-pool date the sandbox's Tokens API publishes: market-data/first-pools.ts), in
 *   the same fee mint,
 *   stated in `platformFee` and paid by Jupiter's route into the token account of that mint of
 *   Jupiter's program authority 12, as the real Ultra order pays it (jupiter/program.ts
 *   JUPITER_FEE_AUTHORITY; Token-2022 fee tokens under their own program); the market maker's
 *   fills carry none, and such an order is quoted without CLMM (its legs are the sandbox's own
 *   instructions, never Jupiter's) or, with no other route, carries none. A swap the taker cannot fund answers `transaction: ""` with the
 *   docs' `errorCode` of what is missing: 1 the input token, 2 (aggregator) the SOL for the
 *   network costs.
 * - /execute (v2-execute.ts) lands only the message /order built, with the co-signers'
 *   signatures added.
 */
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import type { LedgerView } from '../ledger/ledger-view';
import { TOKEN_PROGRAM_ID } from '../tokens';
import { jupiterFeeMint, jupiterPairFee } from '../../fees/jupiter-fee-table';
import { firstPoolTimeOf } from '../market-data/first-pools';
import { associatedTokenAddress } from '../../tokens/associated-token';
import { JUPITER_FEE_AUTHORITY } from '../jupiter/program';
import { MARKET_MAKER_LABEL } from '../venues/types';
import type { SwapApiHandler } from './mount';
import { GASLESS_BELOW_LAMPORTS } from '../../shared/gasless';
import { fundPayer, orderFailure, paidBy, sandboxGasPayer, takerHolds } from './order-payer';
import { callV6, type Captured } from './v6-call';
import { executeOrder, type Order } from './v2-execute';
import type { V2RouteBuilder } from './v2-route-build';
import { v2ErrorBody, v2QuoteFields, v6QuoteQuery } from './v2-quote';

type Json = Record<string, unknown>;

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
  marketMaker: Keypair,
  options: OrderDeskOptions = {},
): OrderDesk {
  const orders = new Map<string, Order>();
  const gasPayer = sandboxGasPayer();
  fundPayer(ledger, gasPayer.publicKey);
  fundPayer(ledger, marketMaker.publicKey);

  /**
   * `owner`'s token account of `mint` (the referral account's, or Jupiter's fee authority's),
   * under the mint's own token program (a Token-2022 fee token's included), when it exists.
   * Throws when `owner` is not an address.
   */
  function feeTokenAccount(owner: string, mint: string): string | null {
    const program = ledger.getAccount(mint)?.owner ?? TOKEN_PROGRAM_ID;
    const ata = associatedTokenAddress(mint, owner, program);
    const account = ledger.getAccount(ata);
    return account !== null && account.owner === program ? ata : null;
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
    const feeMint = jupiterFeeMint(inputMint, outputMint);
    let feeAccount: string | null = null;
    try {
      feeAccount = referral === null ? null : feeTokenAccount(referral, feeMint);
    } catch {
      return { status: 400, body: { requestId, error: 'referralAccount is not an address' } };
    }
    let feeBps = feeAccount === null ? 0 : feeBpsAsked;
    // No referral fee: Jupiter's own by pair, when charged (and its account of the mint exists),
    // a token's age being the first-pool date the sandbox's Tokens API publishes.
    const firstPoolAt = (mint: string) => {
      const at = firstPoolTimeOf(mint);
      return at === null ? null : new Date(at);
    };
    const jupiterBps =
      feeAccount === null && options.jupiterFee
        ? jupiterPairFee(inputMint, outputMint, { firstPoolAt }).bps
        : 0;
    const jupiterAccount = jupiterBps > 0 ? feeTokenAccount(JUPITER_FEE_AUTHORITY, feeMint) : null;
    if (jupiterAccount !== null) {
      feeAccount = jupiterAccount;
      feeBps = jupiterBps;
    }
    // `excludeRouters=jupiterz` leaves the market maker out (the only router here besides Metis).
    const routers = {
      withoutMarketMaker: (q.get('excludeRouters') ?? '').split(',').includes('jupiterz'),
    };
    let quoted = await callV6(inner, req, '/quote', v6QuoteQuery(q, feeBps, routers));
    const stepLabelled = (body: unknown, label: string) =>
      ((body as Json).routePlan as Json[] | undefined)?.some(
        (step) => (step.swapInfo as Json | undefined)?.label === label,
      ) === true;
    const makerFill = (body: unknown) => stepLabelled(body, MARKET_MAKER_LABEL);
    if (jupiterAccount !== null && quoted.status === 200 && makerFill(quoted.body)) {
      // A market maker's fill is not Jupiter's route: it carries no Jupiter fee here.
      feeAccount = null;
      feeBps = 0;
      quoted = await callV6(inner, req, '/quote', v6QuoteQuery(q, 0, routers));
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
    // The docs' manual-mode parameters; any of them turns automatic gasless off.
    const manualParams = ['slippageBps', 'priorityFeeLamports', 'excludeRouters'];
    const mode = referral !== null || manualParams.some((name) => q.has(name)) ? 'manual' : 'ultra';
    const base: Json = {
      mode,
      ...v2QuoteFields(quote),
      // As /order answers today: in percentage points, signed (negative a cost), issue 32.
      priceImpact: -Number(quote.priceImpactPct ?? 0) * 100 || 0,
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
            destinationTokenAccount: associatedTokenAddress(outputMint, receiver, TOKEN_PROGRAM_ID),
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
    // A taker under 0.01 SOL asking plainly: the docs' "Automatic gasless".
    const eligible = mode === 'ultra' && takerLamports < GASLESS_BELOW_LAMPORTS;
    const gasless = router === 'metis' && eligible;
    const sponsor = router === 'jupiterz' ? marketMaker : gasless ? gasPayer : null;
    // The gas payer funds such a taker's new accounts on a market maker's fill too (issue 32).
    const rebuilt =
      sponsor === null
        ? tx
        : paidBy(tx, sponsor.publicKey, ledger, {
            taker: takerKey,
            rentPayer: eligible ? gasPayer.publicKey : null,
          });
    // A transaction that would not fit with another payer stays the taker's to pay.
    const sent = rebuilt ?? tx;
    const payer = rebuilt === null || sponsor === null ? null : sponsor;
    const signs = (key: Keypair) =>
      sent.message.staticAccountKeys
        .slice(0, sent.message.header.numRequiredSignatures)
        .some((signer) => signer.equals(key.publicKey));
    const rentPayer = payer !== null && eligible && signs(gasPayer) ? gasPayer : null;
    const cosigners = router === 'jupiterz' ? [marketMaker] : [];
    if (payer !== null && payer !== marketMaker) cosigners.push(payer);
    if (rentPayer !== null && !cosigners.includes(rentPayer)) cosigners.push(rentPayer);
    const feePayer = payer?.publicKey.toBase58() ?? taker;
    const routed: Json = {
      ...base,
      router,
      swapType: router === 'jupiterz' ? 'rfq' : 'aggregator',
      signatureFeePayer: feePayer,
      prioritizationFeePayer: feePayer,
      rentFeePayer: rentPayer?.publicKey.toBase58() ?? taker,
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
      // What is missing, as the docs' codes say it: the input token, or the SOL for the fee.
      const inputShort = takerHolds(ledger, taker, inputMint) < BigInt(String(quote.inAmount));
      const failure = orderFailure(router, inputShort);
      return {
        status: 200,
        body: {
          ...routed,
          transaction: '',
          ...failure,
          error: failure.errorMessage,
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

  return { order, execute: (body: unknown) => executeOrder(orders, ledger, body) };
}
