/**
 * GET /quote answers, validated against the request and against what both official schemas
 * allow (SWAP-API-SPEC 2.1; the generated client's swagger and the swap/v1 OpenAPI in
 * test/fixtures/real-world/schema): since 2025 `label`, `feeAmount`, `feeMint`, `platformFee`,
 * `contextSlot` and `timeTaken` may be absent, `percent` and `bps` may be null, and the fee
 * fields may be null. What matters for safety stays checked: amounts are decimal integer
 * strings, the route chains from the input mint to the output mint and spends every token in
 * full, ExactOut delivers exactly the requested amount, and the slippage bound points the right
 * way. The slippage bound the wallet uses is its own (slippage-bound.ts), and a service bound
 * looser than it is refused. Unknown fields are allowed; the raw text is kept for POST /swap.
 */
import { z } from 'zod';
import type { QuoteParams, Quote, RouteHop } from './types';
import { addressText, amountText, badResponse, readAnswer } from './bad-response';
import { isLooserThan, walletBound } from './slippage-bound';

const bps = z.number().int().min(0).max(10_000);

/** Optional in the schemas, and nullable where they say so: both read as null here. */
const absent = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value): z.output<T> | null => value ?? null);

const hopSchema = z.object({
  swapInfo: z.object({
    ammKey: addressText,
    label: absent(z.string().max(200)),
    inputMint: addressText,
    outputMint: addressText,
    inAmount: amountText,
    outAmount: amountText,
    // Deprecated and dropped by the service in 2025-11 (nullable in the swap/v1 schema).
    feeAmount: absent(amountText),
    feeMint: absent(addressText),
  }),
  percent: absent(z.number().int().min(0).max(100)),
  bps: absent(bps),
});

/** `platformFee`: absent, null, or an object whose fields the schemas leave optional. */
const platformFeeSchema = absent(
  z.object({ amount: absent(amountText), feeBps: absent(bps) }),
).transform((fee, ctx): { amount: bigint; feeBps: number } | null => {
  if (fee === null) return null;
  if (fee.feeBps === null) {
    // An amount with no rate can't be checked against the fee the wallet asked for.
    if (fee.amount !== null && fee.amount > 0n) {
      ctx.addIssue({ code: 'custom', message: 'a fee amount without its rate' });
      return z.NEVER;
    }
    return null;
  }
  return { amount: fee.amount ?? 0n, feeBps: fee.feeBps };
});

const quoteSchema = z.object({
  inputMint: addressText,
  inAmount: amountText,
  outputMint: addressText,
  outAmount: amountText,
  otherAmountThreshold: amountText,
  swapMode: z.enum(['ExactIn', 'ExactOut']),
  slippageBps: bps,
  platformFee: platformFeeSchema,
  priceImpactPct: z.string().regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, 'not numeric text'),
  routePlan: z.array(hopSchema).min(1).max(64),
  contextSlot: absent(z.number().int().min(0)),
  timeTaken: absent(z.number().min(0)),
  // Not in either official schema: shown when readable, never a reason to refuse a quote.
  computedAutoSlippage: absent(bps).catch(null),
  swapUsdValue: absent(z.string().max(64)).catch(null),
});

type ParsedQuote = z.infer<typeof quoteSchema>;
type ParsedHop = ParsedQuote['routePlan'][number];

/** The whole of a token, in the basis points a route step's share is counted in. */
const WHOLE_BPS = 10_000;

/**
 * A step's share of the token it spends, in basis points: `bps` where the service sends it
 * (finer), else `percent`. Both may be null in today's schemas; a step that says neither is
 * taken as the whole only when it is the one step spending its token (a plain chain), since
 * nothing else could be meant.
 */
function stepShares(quote: ParsedQuote): number[] {
  const spenders = new Map<string, number>();
  for (const hop of quote.routePlan) {
    const mint = hop.swapInfo.inputMint;
    spenders.set(mint, (spenders.get(mint) ?? 0) + 1);
  }
  return quote.routePlan.map((hop: ParsedHop, index) => {
    const step = `route step ${index + 1}`;
    const { percent, bps: stepBps } = hop;
    if (percent !== null && stepBps !== null && Math.abs(percent * 100 - stepBps) >= 100) {
      badResponse(`${step} gives two different shares (${percent}% and ${stepBps} bps)`);
    }
    if (stepBps !== null) return stepBps;
    if (percent !== null) return percent * 100;
    if (spenders.get(hop.swapInfo.inputMint) === 1) return WHOLE_BPS;
    return badResponse(`${step} splits a token without saying what share it routes`);
  });
}

/**
 * The route must carry the input token to the output token (SWAP-API-SPEC 2.1 rule 2). A plain
 * multi-hop route is a chain of steps at 100%; a split sends shares of one token through
 * several steps, their shares adding up to the whole. So: each step spends a token the person
 * pays or an earlier step produced; every token spent is spent in full; every token produced
 * other than the output is spent later; nothing is produced after its spending began, and the
 * input token is never produced again (no cycles).
 */
function checkRouteChains(quote: ParsedQuote, shares: readonly number[]): void {
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
    const total = (spent.get(inputMint) ?? 0) + (shares[index] ?? 0);
    if (total > WHOLE_BPS) badResponse(`${step} routes more than 100% of a token`);
    spent.set(inputMint, total);
    produced.add(outputMint);
  }
  if (!produced.has(quote.outputMint))
    badResponse('the route does not end at the token you receive');
  for (const mint of produced) {
    if (mint !== quote.outputMint && spent.get(mint) !== WHOLE_BPS) {
      badResponse('the route does not pass on all of a token it holds');
    }
  }
}

/** The service's default slippage when none is sent (SWAP-API-SPEC 4.1). */
const DEFAULT_SLIPPAGE_BPS = 50;
/** The service's default ceiling for automatic slippage (API-NOTES). */
const DEFAULT_MAX_AUTO_SLIPPAGE_BPS = 400;

const percentOf = (bps: number) => `${(bps / 100).toFixed(2)}%`;

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
  if (!params.autoSlippage) {
    const asked = params.slippageBps ?? DEFAULT_SLIPPAGE_BPS;
    if (quote.slippageBps !== asked) {
      badResponse(
        `it applied a slippage of ${percentOf(quote.slippageBps)} instead of the ${percentOf(asked)} you chose`,
      );
    }
  } else if (quote.slippageBps > (params.maxAutoSlippageBps ?? DEFAULT_MAX_AUTO_SLIPPAGE_BPS)) {
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
 * The bound every screen and the guard use: never looser than the wallet's own
 * (slippage-bound.ts), computed from the quote's amount and the slippage in force (checked
 * above against what the person chose). A service bound looser than that is refused: it would
 * let the transaction take more, or give less, than the person agreed to. A tighter one (the
 * service rounding the other way, by one base unit in its published answers) is what the
 * transaction itself enforces, so the person is held to it too and sees the figure it sent.
 */
function ownBound(quote: ParsedQuote): bigint {
  const bound = walletBound(quote);
  if (isLooserThan(quote.swapMode, quote.otherAmountThreshold, bound)) {
    const which =
      quote.swapMode === 'ExactIn'
        ? `its minimum received (${quote.otherAmountThreshold} base units) is below the ${bound} that a slippage of ${percentOf(quote.slippageBps)} allows`
        : `its maximum spent (${quote.otherAmountThreshold} base units) is above the ${bound} that a slippage of ${percentOf(quote.slippageBps)} allows`;
    badResponse(`${which}: the service's bound does not match the chosen slippage`);
  }
  return quote.otherAmountThreshold;
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
  const quote = readAnswer(quoteSchema, body);
  const shares = stepShares(quote);
  checkRouteChains(quote, shares);
  checkAgainstRequest(quote, params);
  const bound = ownBound(quote);
  const routePlan: RouteHop[] = quote.routePlan.map((hop, index) => ({
    ...hop.swapInfo,
    shareBps: shares[index] ?? WHOLE_BPS,
  }));
  return {
    inputMint: quote.inputMint,
    outputMint: quote.outputMint,
    inAmount: quote.inAmount,
    outAmount: quote.outAmount,
    otherAmountThreshold: bound,
    swapMode: quote.swapMode,
    slippageBps: quote.slippageBps,
    platformFee: quote.platformFee,
    priceImpactPct: quote.priceImpactPct,
    routePlan,
    contextSlot: quote.contextSlot,
    timeTaken: quote.timeTaken,
    computedAutoSlippage: quote.computedAutoSlippage,
    swapUsdValue: quote.swapUsdValue,
    receivedAt,
    raw,
  };
}
