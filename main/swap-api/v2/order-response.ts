/**
 * GET /swap/v2/order answers, parsed from unknown per the official OpenAPI: the quote (checked
 * as any quote; Jupiter's own platform fee by pair is the answer's `platformFee`, shown to the
 * person), `transaction` (nullable: null without a taker; "" when the router quoted but could
 * not build, with `errorCode` read with `router`), `lastValidBlockHeight` as text, and the
 * payers of the fees (nullable). Which accounts co-sign is read later from the transaction
 * itself and held to these claims by the review (review/guard-awaited.ts).
 */
import { z } from 'zod';
import type { Address } from '../../shared/address';
import { badResponse, base64Bytes, readAnswer } from '../bad-response';
import {
  optionalAddress,
  optionalNumber,
  nullWhereAbsent,
  optionalString,
  quoteOf,
  routeStepSchema,
  type AnswerReader,
} from './answer-parts';
import type { OrderAnswer, V2Router } from './types';
import { describeOrderError } from './v2-errors';
import { sanitizeServiceText } from '../service-text';

const ROUTERS = ['metis', 'jupiterz', 'dflow', 'okx'] as const;

const orderSchema = z.object({
  routePlan: z.array(routeStepSchema).min(1).max(64),
  requestId: z.string().min(1).max(200),
  transaction: z.string().max(8_000).nullish(),
  router: z.string().max(50).nullish(),
  mode: optionalString,
  // Text in the v2 schema; a number in the Ultra answer of 2025 (real-world/swap/ultra-*).
  lastValidBlockHeight: z
    .union([z.string().regex(/^\d{1,15}$/), z.number().int().min(0)])
    .nullish(),
  feeBps: z.number().int().min(0).max(10_000).nullish(),
  feeMint: optionalAddress,
  platformFee: z
    .object({
      amount: z
        .string()
        .regex(/^\d{1,30}$/)
        .nullish(),
      feeBps: z.number().int().min(0).max(10_000).nullish(),
      feeMint: optionalAddress,
    })
    .nullish(),
  referralAccount: optionalAddress,
  gasless: z.boolean().nullish(),
  signatureFeePayer: optionalAddress,
  prioritizationFeePayer: optionalAddress,
  rentFeePayer: optionalAddress,
  maker: optionalAddress,
  quoteId: optionalString,
  expireAt: optionalString,
  taker: optionalAddress,
  inUsdValue: optionalNumber,
  outUsdValue: optionalNumber,
  priceImpact: optionalNumber,
  errorCode: optionalNumber,
  errorMessage: optionalString,
  error: optionalString,
});

const transactionBytes = base64Bytes();

/**
 * Validates an /order answer for `params`. `platformFeeBps` in `params` is ignored: the fee of
 * /order is Jupiter's by pair, so the answer's `platformFee.feeBps` is taken as asked and shown.
 * Throws SWAP_API_BAD_RESPONSE.
 */
export const parseOrderResponse: AnswerReader<OrderAnswer> = (raw, body, params, receivedAt) => {
  const answer = readAnswer(orderSchema, body);
  const fields = body as Record<string, unknown>;
  const fee = fields.platformFee as { feeBps?: unknown } | undefined | null;
  const feeBps = typeof fee?.feeBps === 'number' ? fee.feeBps : 0;
  const quote = quoteOf(
    raw,
    { ...fields, routePlan: answer.routePlan } as never,
    { ...params, platformFeeBps: feeBps },
    receivedAt,
  );
  const router = (ROUTERS as readonly string[]).includes(answer.router ?? '')
    ? (answer.router as V2Router)
    : null;
  let transaction: Uint8Array | null = null;
  let notBuilt: OrderAnswer['notBuilt'] = null;
  if (answer.transaction === '') {
    notBuilt = {
      errorCode: answer.errorCode ?? null,
      reason: describeOrderError(answer.router ?? null, answer.errorCode ?? null),
      serviceMessage: sanitizeServiceText(answer.errorMessage ?? answer.error) || null,
    };
  } else if (typeof answer.transaction === 'string') {
    const bytes = transactionBytes.safeParse(answer.transaction);
    if (!bytes.success) badResponse('transaction: not base64 text');
    transaction = bytes.data;
  }
  return {
    quote,
    requestId: answer.requestId,
    router,
    mode: answer.mode ?? null,
    transaction,
    notBuilt,
    lastValidBlockHeight:
      answer.lastValidBlockHeight == null ? null : Number(answer.lastValidBlockHeight),
    feeBps: answer.feeBps ?? null,
    feeMint: (answer.feeMint ?? null) as Address | null,
    platformFee:
      answer.platformFee == null
        ? null
        : {
            amount: answer.platformFee.amount == null ? null : BigInt(answer.platformFee.amount),
            feeBps: answer.platformFee.feeBps ?? 0,
            feeMint: (answer.platformFee.feeMint ?? null) as Address | null,
          },
    referralAccount: answer.referralAccount ?? null,
    gasless: answer.gasless ?? false,
    ...nullWhereAbsent(answer, [
      'signatureFeePayer',
      'prioritizationFeePayer',
      'rentFeePayer',
      'maker',
      'quoteId',
      'expireAt',
      'taker',
      'inUsdValue',
      'outUsdValue',
      'priceImpact',
    ]),
  };
};
