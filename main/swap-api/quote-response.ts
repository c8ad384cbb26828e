/**
 * GET /quote answers, validated against the spec (SWAP-API-SPEC 2.1) and against the request:
 * amounts are decimal integer strings, the route chains from the input mint to the output mint,
 * ExactOut delivers exactly the requested amount, and the slippage bound points the right way.
 * Unknown fields are allowed; the raw text is kept for POST /swap.
 */
import { z } from 'zod';
import type { QuoteParams, Quote, RouteHop } from './types';
import { addressText, amountText, badResponse, describeIssue } from './bad-response';

const bps = z.number().int().min(0).max(10_000);

const hopSchema = z.object({
  swapInfo: z.object({
    ammKey: addressText,
    label: z.string().max(200),
    inputMint: addressText,
    outputMint: addressText,
    inAmount: amountText,
    outAmount: amountText,
    feeAmount: amountText,
    feeMint: addressText,
  }),
  percent: z.number().int().min(0).max(100),
  bps: bps.optional(),
});

const quoteSchema = z.object({
  inputMint: addressText,
  inAmount: amountText,
  outputMint: addressText,
  outAmount: amountText,
  otherAmountThreshold: amountText,
  swapMode: z.enum(['ExactIn', 'ExactOut']),
  slippageBps: bps,
  platformFee: z.object({ amount: amountText, feeBps: bps }).nullable(),
  priceImpactPct: z.string().regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, 'not numeric text'),
  routePlan: z.array(hopSchema).min(1).max(64),
  contextSlot: z.number().int().min(0),
  timeTaken: z.number().min(0),
  computedAutoSlippage: bps.optional(),
  swapUsdValue: z.string().max(64).optional(),
});

type ParsedQuote = z.infer<typeof quoteSchema>;

/**
 * The route must carry the input token to the output token (SWAP-API-SPEC 2.1 rule 2). A plain
 * multi-hop route is a chain of steps at 100%; a split sends shares of one token through
 * several steps, their percents adding up to 100. So: each step spends a token the person pays
 * or an earlier step produced; every token spent is spent in full (100%); every token produced
 * other than the output is spent later; nothing is produced after its spending began, and the
 * input token is never produced again (no cycles).
 */
function checkRouteChains(quote: ParsedQuote): void {
  const spent = new Map<string, number>();
  const produced = new Set<string>([quote.inputMint]);
  for (const [index, hop] of quote.routePlan.entries()) {
    const step = `route step ${index + 1}`;
    const { inputMint, outputMint } = hop.swapInfo;
    if (inputMint === outputMint) badResponse(`${step} swaps a token for itself`);
    if (!produced.has(inputMint)) badResponse(`${step} spends a token no earlier step produced`);
    if (outputMint === quote.inputMint || spent.has(outputMint)) {
      badResponse(`${step} produces a token the route already spends`);
    }
    if (inputMint === quote.outputMint) badResponse(`${step} spends the token you receive`);
    const total = (spent.get(inputMint) ?? 0) + hop.percent;
    if (total > 100) badResponse(`${step} routes more than 100% of a token`);
    spent.set(inputMint, total);
    produced.add(outputMint);
  }
  if (!produced.has(quote.outputMint))
    badResponse('the route does not end at the token you receive');
  for (const mint of produced) {
    if (mint !== quote.outputMint && spent.get(mint) !== 100) {
      badResponse('the route does not pass on all of a token it holds');
    }
  }
}

function checkAgainstRequest(quote: ParsedQuote, params: QuoteParams): void {
  const mode = params.swapMode ?? 'ExactIn';
  if (quote.inputMint !== params.inputMint) badResponse('it quotes a different token to pay');
  if (quote.outputMint !== params.outputMint) badResponse('it quotes a different token to receive');
  if (quote.swapMode !== mode) badResponse(`it answers ${quote.swapMode} to an ${mode} request`);
  if (mode === 'ExactOut') {
    if (quote.outAmount !== params.amount) {
      badResponse('the exact output amount differs from the amount asked for');
    }
    if (quote.otherAmountThreshold < quote.inAmount) {
      badResponse('the maximum spent is below the quoted input');
    }
  } else {
    if (quote.inAmount !== params.amount)
      badResponse('the input amount differs from the amount asked for');
    if (quote.otherAmountThreshold > quote.outAmount) {
      badResponse('the minimum received is above the quoted output');
    }
  }
  if (
    !params.autoSlippage &&
    params.slippageBps !== undefined &&
    quote.slippageBps !== params.slippageBps
  ) {
    badResponse('it applied a different slippage than asked for');
  }
  if (
    params.autoSlippage &&
    params.maxAutoSlippageBps !== undefined &&
    quote.slippageBps > params.maxAutoSlippageBps
  ) {
    badResponse('its automatic slippage is above the maximum asked for');
  }
  // A fee the wallet did not ask for, or a different one, is money taken from the person.
  const askedFee = params.platformFeeBps ?? 0;
  const chargedFee = quote.platformFee?.feeBps ?? 0;
  if (chargedFee !== askedFee && !(askedFee > 0 && quote.platformFee === null)) {
    badResponse(`it charges a platform fee of ${chargedFee} bps instead of ${askedFee} bps`);
  }
}

/**
 * Validates a GET /quote answer and returns it with bigint amounts and the raw text.
 * Throws SWAP_API_BAD_RESPONSE on anything that breaks the spec or the request.
 */
export function parseQuoteResponse(
  raw: string,
  body: unknown,
  params: QuoteParams,
  receivedAt: number,
): Quote {
  const result = quoteSchema.safeParse(body);
  if (!result.success) badResponse(describeIssue(result.error));
  const quote = result.data;
  checkRouteChains(quote);
  checkAgainstRequest(quote, params);
  const routePlan: RouteHop[] = quote.routePlan.map((hop) => ({
    ...hop.swapInfo,
    percent: hop.percent,
    ...(hop.bps === undefined ? {} : { bps: hop.bps }),
  }));
  return {
    inputMint: quote.inputMint,
    outputMint: quote.outputMint,
    inAmount: quote.inAmount,
    outAmount: quote.outAmount,
    otherAmountThreshold: quote.otherAmountThreshold,
    swapMode: quote.swapMode,
    slippageBps: quote.slippageBps,
    platformFee: quote.platformFee,
    priceImpactPct: quote.priceImpactPct,
    routePlan,
    contextSlot: quote.contextSlot,
    timeTaken: quote.timeTaken,
    ...(quote.computedAutoSlippage === undefined
      ? {}
      : { computedAutoSlippage: quote.computedAutoSlippage }),
    ...(quote.swapUsdValue === undefined ? {} : { swapUsdValue: quote.swapUsdValue }),
    receivedAt,
    raw,
  };
}
