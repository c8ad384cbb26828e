/**
 * POST /swap's body (and /swap-instructions'), parsed from `unknown` with zod. Every field of
 * the spec's table is accepted; useSharedAccounts and useTokenLedger act only when the sandbox
 * runs Jupiter's program (jupiter/), skipUserAccountsRpcCalls is accepted and has no effect.
 */
import bs58 from 'bs58';
import { z } from 'zod';
import { SwapApiError } from './api-error';
import { MAX_PLATFORM_FEE_BPS } from './quote-params';

// A base58 text is the one writing of the bytes it decodes to (its leading 1s are its leading
// zero bytes): decoding to 32 bytes is what `new PublicKey(text).toBase58() === text` checked.
const address = z
  .string()
  .refine(
    (text) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text) && bs58.decode(text).length === 32,
    'not a base58 address',
  );

const amountText = z.string().regex(/^(0|[1-9]\d*)$/, 'not a decimal integer string');

const swapInfo = z.object({
  ammKey: address,
  label: z.string().optional(),
  inputMint: address,
  outputMint: address,
  inAmount: amountText,
  outAmount: amountText,
  feeAmount: amountText.optional(),
  feeMint: z.string().optional(),
});

/** The quote as the client echoes it (the official client drops fields it does not model). */
export const quoteResponseSchema = z.object({
  inputMint: address,
  inAmount: amountText,
  outputMint: address,
  outAmount: amountText,
  otherAmountThreshold: amountText,
  swapMode: z.enum(['ExactIn', 'ExactOut']),
  slippageBps: z.number().int().min(0).max(10_000),
  platformFee: z
    .object({
      amount: amountText.optional(),
      feeBps: z.number().int().min(0).max(MAX_PLATFORM_FEE_BPS).optional(),
    })
    .nullable()
    .optional(),
  priceImpactPct: z.string().optional(),
  routePlan: z
    .array(
      z.object({
        swapInfo,
        percent: z.number().int().min(1).max(100),
        bps: z.number().int().optional(),
      }),
    )
    .min(1),
  contextSlot: z.number().optional(),
  timeTaken: z.number().optional(),
});

export type QuoteResponseInput = z.infer<typeof quoteResponseSchema>;

const priorityLevel = z.enum(['medium', 'high', 'veryHigh']);

export const prioritizationFeeSchema = z.union([
  z.number().int().min(0),
  z.literal('auto'),
  z.object({
    priorityLevelWithMaxLamports: z.object({
      priorityLevel,
      maxLamports: z.number().int().min(0),
    }),
  }),
  z.object({ jitoTipLamports: z.number().int().min(0) }),
  // The official client sends `{}` for a bare number (its serialiser drops it); any other
  // unknown key is refused rather than silently ignored.
  z.strictObject({
    priorityLevelWithMaxLamports: z
      .object({ priorityLevel, maxLamports: z.number().int().min(0) })
      .optional(),
    jitoTipLamports: z.number().int().min(0).optional(),
  }),
]);

export type PrioritizationFee = z.infer<typeof prioritizationFeeSchema>;

const swapRequestSchema = z.object({
  quoteResponse: z.unknown(),
  userPublicKey: address,
  wrapAndUnwrapSol: z.boolean().optional(),
  useSharedAccounts: z.boolean().optional(),
  feeAccount: address.optional(),
  trackingAccount: address.optional(),
  prioritizationFeeLamports: prioritizationFeeSchema.optional(),
  computeUnitPriceMicroLamports: z.number().int().min(0).optional(),
  asLegacyTransaction: z.boolean().optional(),
  useTokenLedger: z.boolean().optional(),
  destinationTokenAccount: address.optional(),
  dynamicComputeUnitLimit: z.boolean().optional(),
  skipUserAccountsRpcCalls: z.boolean().optional(),
  /**
   * The sandbox's own field, sent by its v2 endpoints (v2-route-build.ts): 'V2' builds Jupiter's
   * V2 route forms when the program is loaded. The v6 and v1 shapes answer the V1 forms.
   */
  instructionVersion: z.enum(['V1', 'V2']).optional(),
});

export interface SwapRequest {
  quote: QuoteResponseInput;
  userPublicKey: string;
  wrapAndUnwrapSol: boolean;
  feeAccount: string | null;
  trackingAccount: string | null;
  prioritizationFeeLamports: PrioritizationFee | null;
  computeUnitPriceMicroLamports: number | null;
  asLegacyTransaction: boolean;
  destinationTokenAccount: string | null;
  dynamicComputeUnitLimit: boolean;
  /** Null when not given (Jupiter's API then picks; the sandbox without Jupiter ignores both). */
  useSharedAccounts: boolean | null;
  useTokenLedger: boolean;
  instructionVersion: 'V1' | 'V2';
}

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}

/** Validates a POST /swap body; throws SwapApiError. */
export function parseSwapRequest(body: unknown): SwapRequest {
  const parsed = swapRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw new SwapApiError(
      'INVALID_REQUEST_BODY',
      `The swap request is not valid: ${describe(parsed.error)}.`,
    );
  }
  const value = parsed.data;
  if (value.quoteResponse === undefined) {
    throw new SwapApiError(
      'INVALID_REQUEST_BODY',
      'quoteResponse is required: send the quote from GET /quote.',
    );
  }
  const quote = quoteResponseSchema.safeParse(value.quoteResponse);
  if (!quote.success) {
    throw new SwapApiError(
      'INVALID_QUOTE_RESPONSE',
      `quoteResponse is not a quote of this API: ${describe(quote.error)}. Send it as GET /quote returned it.`,
    );
  }
  if (
    value.prioritizationFeeLamports !== undefined &&
    value.computeUnitPriceMicroLamports !== undefined
  ) {
    throw new SwapApiError(
      'INVALID_COMPUTE_UNIT_PRICE_AND_PRIORITIZATION_FEE',
      'Give either prioritizationFeeLamports or computeUnitPriceMicroLamports, not both.',
    );
  }
  return {
    quote: quote.data,
    userPublicKey: value.userPublicKey,
    wrapAndUnwrapSol: value.wrapAndUnwrapSol ?? true,
    feeAccount: value.feeAccount ?? null,
    trackingAccount: value.trackingAccount ?? null,
    prioritizationFeeLamports: value.prioritizationFeeLamports ?? null,
    computeUnitPriceMicroLamports: value.computeUnitPriceMicroLamports ?? null,
    asLegacyTransaction: value.asLegacyTransaction ?? false,
    destinationTokenAccount: value.destinationTokenAccount ?? null,
    dynamicComputeUnitLimit: value.dynamicComputeUnitLimit ?? false,
    useSharedAccounts: value.useSharedAccounts ?? null,
    useTokenLedger: value.useTokenLedger ?? false,
    instructionVersion: value.instructionVersion ?? 'V1',
  };
}
