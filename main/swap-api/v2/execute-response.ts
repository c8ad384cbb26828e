/**
 * POST /swap/v2/execute answers, parsed from unknown per the official OpenAPI: `status`
 * (Success or Failed), `signature`, `slot` (text), `code` (0 success), the amounts as text. What
 * it reports is a claim: the wallet confirms the signature on its own RPC before it says
 * Confirmed (send/order-executor.ts).
 */
import { z } from 'zod';
import { readAnswer } from '../bad-response';
import { sanitizeServiceText } from '../service-text';
import { optionalAmount, optionalNumber } from './answer-parts';
import type { ExecuteAnswer } from './types';
import { describeExecuteCode } from './v2-errors';

const executeSchema = z.object({
  status: z.enum(['Success', 'Failed']),
  signature: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'not a base58 signature')
    .nullish(),
  slot: z
    .string()
    .regex(/^\d{1,20}$/)
    .nullish(),
  code: optionalNumber,
  error: z.string().max(2_000).nullish(),
  totalInputAmount: optionalAmount,
  totalOutputAmount: optionalAmount,
  inputAmountResult: optionalAmount,
  outputAmountResult: optionalAmount,
});

/** Validates an /execute answer. Throws SWAP_API_BAD_RESPONSE. */
export function parseExecuteResponse(body: unknown): ExecuteAnswer {
  const answer = readAnswer(executeSchema, body);
  const code = answer.code ?? null;
  const failed = answer.status === 'Failed' || (code !== null && code !== 0);
  return {
    status: failed ? 'Failed' : 'Success',
    signature: answer.signature ?? null,
    slot: answer.slot == null ? null : BigInt(answer.slot),
    code,
    error: failed ? describeExecuteCode(code) : null,
    serviceMessage: sanitizeServiceText(answer.error) || null,
    totalInputAmount: answer.totalInputAmount ?? null,
    totalOutputAmount: answer.totalOutputAmount ?? null,
    inputAmountResult: answer.inputAmountResult ?? null,
    outputAmountResult: answer.outputAmountResult ?? null,
  };
}
