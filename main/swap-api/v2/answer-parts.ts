/**
 * Schema pieces both v2 answers share, per the official OpenAPI (components `Instruction`,
 * `RoutePlanStep`, `SwapInfo`): every field its `required` lists is required here, and nothing
 * it leaves optional is. The quote half of an answer is handed to the /quote parser
 * (quote-response.ts) in the shape it reads, so a v2 quote is held to the same rules as any
 * other: the route chains and spends every token in full, the bound comes from the person's
 * slippage, and the amounts are the ones asked for.
 */
import { z } from 'zod';
import type { Quote, QuoteParams, SwapInstruction } from '../types';
import { addressText, amountText, base64Bytes } from '../bad-response';
import { parseQuoteResponse } from '../quote-response';

/** `Instruction`: programId, accounts (pubkey, isWritable, isSigner) and data, all required. */
export const instructionSchema = z.object({
  programId: addressText,
  accounts: z
    .array(z.object({ pubkey: addressText, isWritable: z.boolean(), isSigner: z.boolean() }))
    .max(256),
  data: base64Bytes(true),
});

/**
 * `RoutePlanStep`: swapInfo, percent and bps required; SwapInfo's six fields required. One
 * exception, from a real answer: the Ultra API's /order of 2025, which /swap/v2/order continues
 * (test/fixtures/real-world/swap/ultra-2025-04-order-aggregator.json), sends `percent` without
 * `bps`; a step is read from `percent` then (the share is the same), never from neither.
 */
export const routeStepSchema = z.object({
  swapInfo: z.object({
    ammKey: z.string(),
    label: z.string().max(200),
    inputMint: z.string(),
    outputMint: z.string(),
    inAmount: z.string(),
    outAmount: z.string(),
  }),
  percent: z.number().min(0).max(100),
  bps: z.number().int().min(0).max(10_000).optional(),
});

export const optionalString = z.string().max(500).nullish();
export const optionalNumber = z.number().finite().nullish();

export function toInstruction(parsed: z.infer<typeof instructionSchema>): SwapInstruction {
  return { programId: parsed.programId, accounts: parsed.accounts, data: parsed.data };
}

/** Kept for amounts the service reports (/execute): u64 decimal text. */
export const optionalAmount = amountText.nullish();
export const optionalAddress = addressText.nullish();

export interface QuoteFields {
  inputMint: unknown;
  outputMint: unknown;
  inAmount: unknown;
  outAmount: unknown;
  otherAmountThreshold: unknown;
  swapMode: unknown;
  slippageBps: unknown;
  priceImpactPct?: unknown;
  /** /order's price impact in percentage points, signed: negative a loss, positive a gain. */
  priceImpact?: unknown;
  routePlan: z.infer<typeof routeStepSchema>[];
  platformFee?: unknown;
  swapUsdValue?: unknown;
}

/**
 * The wallet's price impact (a fraction, positive a cost, as /quote's `priceImpactPct`) from a
 * v2 answer (issue 32): /order's `priceImpact` first, in percentage points with its sign (the
 * official OpenAPI: "-0.1 = -0.1%", a loss; positive, the person's gain), so a gain is shown as
 * a gain; the deprecated `priceImpactPct`, which loses the sign, only when it is all there is
 * (/build's answer, the Ultra answers of 2025).
 */
export function impactFraction(fields: Pick<QuoteFields, 'priceImpact' | 'priceImpactPct'>) {
  if (typeof fields.priceImpact === 'number' && Number.isFinite(fields.priceImpact)) {
    const fraction = -fields.priceImpact / 100;
    return (fraction === 0 ? 0 : fraction).toString();
  }
  return typeof fields.priceImpactPct === 'string' ? fields.priceImpactPct : '0';
}

/**
 * The `keys` of a parsed answer, each null where the service left it out (null or absent): the
 * answer's optional claims as the wallet hands them on.
 * @example nullWhereAbsent({ maker: undefined, taker: 'x' }, ['maker', 'taker']) // { maker: null, taker: 'x' }
 */
export function nullWhereAbsent<T extends object, K extends keyof T>(
  source: T,
  keys: readonly K[],
): { [P in K]-?: NonNullable<T[P]> | null } {
  return Object.fromEntries(keys.map((key) => [key, source[key] ?? null])) as {
    [P in K]-?: NonNullable<T[P]> | null;
  };
}

/**
 * The shape of every v2 answer reader: the answer's text and parsed body, the quote parameters
 * of the request (ExactIn, the taker's quote), and when the answer arrived.
 */
export type AnswerReader<T> = (
  raw: string,
  body: unknown,
  params: QuoteParams,
  receivedAt: number,
) => T;

/**
 * The quote of a v2 answer, checked as a /quote answer would be: `percent` (a number in v2,
 * possibly fractional) goes through only when whole, `bps` always; the price impact as
 * `impactFraction` reads it.
 */
export function quoteOf(raw: string, fields: QuoteFields, params: QuoteParams, now: number): Quote {
  const impact = impactFraction(fields);
  const shaped = {
    inputMint: fields.inputMint,
    outputMint: fields.outputMint,
    inAmount: fields.inAmount,
    outAmount: fields.outAmount,
    otherAmountThreshold: fields.otherAmountThreshold,
    swapMode: fields.swapMode,
    slippageBps: fields.slippageBps,
    priceImpactPct: impact,
    platformFee: fields.platformFee ?? null,
    swapUsdValue: typeof fields.swapUsdValue === 'number' ? String(fields.swapUsdValue) : null,
    routePlan: fields.routePlan.map((step) => ({
      swapInfo: step.swapInfo,
      percent: Number.isInteger(step.percent) ? step.percent : null,
      bps: step.bps ?? (Number.isInteger(step.percent) ? null : Math.round(step.percent * 100)),
    })),
  };
  return parseQuoteResponse(raw, shaped, params, now);
}
