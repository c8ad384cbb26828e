/**
 * GET /swap/v2/build answers, parsed from unknown per the official OpenAPI: the quote (checked
 * as any quote), the instructions (compute budget, setup, swap, cleanup, other, tip), the
 * service's lookup-table claims and its blockhash. `cleanupInstruction`, `tipInstruction` and
 * `addressesByLookupTableAddress` are nullable there, and read as null when absent; the
 * instruction lists are read as empty when absent; `swapInstruction` is what a build is for, so
 * an answer without one is refused.
 */
import { z } from 'zod';
import type { Address } from '../../shared/address';
import { addressText, badResponse, readAnswer } from '../bad-response';
import {
  instructionSchema,
  quoteOf,
  routeStepSchema,
  toInstruction,
  type AnswerReader,
} from './answer-parts';
import type { BuildAnswer } from './types';

const buildSchema = z.object({
  routePlan: z.array(routeStepSchema).min(1).max(64),
  computeBudgetInstructions: z.array(instructionSchema).max(16).nullish(),
  setupInstructions: z.array(instructionSchema).max(64).nullish(),
  swapInstruction: instructionSchema,
  cleanupInstruction: instructionSchema.nullish(),
  otherInstructions: z.array(instructionSchema).max(64).nullish(),
  tipInstruction: instructionSchema.nullish(),
  addressesByLookupTableAddress: z.record(z.string(), z.array(addressText).max(256)).nullish(),
  blockhashWithMetadata: z
    .object({
      blockhash: z.array(z.number().int().min(0).max(255)).length(32),
      lastValidBlockHeight: z.number().int().min(0),
      fetchedAt: z
        .object({
          secs_since_epoch: z.number().optional(),
          nanos_since_epoch: z.number().optional(),
        })
        .nullish(),
    })
    .nullish(),
});

/**
 * Validates a /build answer for `params` (ExactIn, the taker's quote).
 * Throws SWAP_API_BAD_RESPONSE naming what broke the schema or the request.
 */
export const parseBuildResponse: AnswerReader<BuildAnswer> = (raw, body, params, receivedAt) => {
  const answer = readAnswer(buildSchema, body);
  const fields = body as Record<string, unknown>;
  const quote = quoteOf(
    raw,
    { ...fields, routePlan: answer.routePlan } as never,
    params,
    receivedAt,
  );
  let tables: Map<Address, Address[]> | null = null;
  if (answer.addressesByLookupTableAddress) {
    tables = new Map();
    for (const [table, addresses] of Object.entries(answer.addressesByLookupTableAddress)) {
      const key = addressText.safeParse(table);
      if (!key.success) badResponse(`lookup table "${table.slice(0, 50)}" is not an address`);
      tables.set(key.data, addresses);
    }
  }
  const meta = answer.blockhashWithMetadata;
  return {
    quote,
    computeBudgetInstructions: (answer.computeBudgetInstructions ?? []).map(toInstruction),
    setupInstructions: (answer.setupInstructions ?? []).map(toInstruction),
    swapInstruction: toInstruction(answer.swapInstruction),
    cleanupInstruction: answer.cleanupInstruction ? toInstruction(answer.cleanupInstruction) : null,
    otherInstructions: (answer.otherInstructions ?? []).map(toInstruction),
    tipInstruction: answer.tipInstruction ? toInstruction(answer.tipInstruction) : null,
    addressesByLookupTableAddress: tables,
    serviceBlockhash: meta
      ? {
          blockhash: Uint8Array.from(meta.blockhash),
          lastValidBlockHeight: meta.lastValidBlockHeight,
        }
      : null,
  };
};
