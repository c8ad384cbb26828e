/**
 * POST /swap, POST /swap-instructions and GET /program-id-to-label answers, validated.
 * A set `simulationError` yields `signable: false` with the reason in words.
 */
import { z } from 'zod';
import type { Address } from '../shared/address';
import type { SwapInstructions, SwapTransaction } from './types';
import { addressText, amountText, badResponse, base64Bytes, readAnswer } from './bad-response';
import { describeSimulationFailure } from './simulation-failure';

const lamports = z.union([
  z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .transform((value) => BigInt(value)),
  amountText,
]);

const simulationError = z.unknown().optional();

const swapSchema = z.object({
  swapTransaction: base64Bytes(),
  lastValidBlockHeight: z.number().int().min(0),
  prioritizationFeeLamports: lamports.optional(),
  computeUnitLimit: z.number().int().min(0).optional(),
  prioritizationType: z.unknown().optional(),
  dynamicSlippageReport: z.unknown().optional(),
  simulationError,
});

const instructionSchema = z.object({
  programId: addressText,
  accounts: z
    .array(z.object({ pubkey: addressText, isSigner: z.boolean(), isWritable: z.boolean() }))
    .max(256),
  data: base64Bytes(true),
});

const instructionsSchema = z.object({
  tokenLedgerInstruction: instructionSchema.nullable().optional(),
  computeBudgetInstructions: z.array(instructionSchema).default([]),
  setupInstructions: z.array(instructionSchema).default([]),
  swapInstruction: instructionSchema,
  cleanupInstruction: instructionSchema.nullable().optional(),
  otherInstructions: z.array(instructionSchema).default([]),
  addressLookupTableAddresses: z.array(addressText).default([]),
  prioritizationFeeLamports: lamports.optional(),
  computeUnitLimit: z.number().int().min(0).optional(),
  simulationError,
});

/** Removes secrets (the API key) from text the service sent. */
export type Redact = (text: string) => string;
const keepText: Redact = (text) => text;

function simulation(
  error: unknown,
  redact: Redact,
): Pick<SwapTransaction, 'signable' | 'simulationFailure'> {
  if (error === undefined || error === null) return { signable: true, simulationFailure: null };
  return { signable: false, simulationFailure: describeSimulationFailure(error, redact) };
}

/** Validates a POST /swap answer. Throws SWAP_API_BAD_RESPONSE when it breaks the spec. */
export function parseSwapResponse(body: unknown, redact: Redact = keepText): SwapTransaction {
  const { swapTransaction, simulationError: simError, ...rest } = readAnswer(swapSchema, body);
  const original = (body as { swapTransaction: string }).swapTransaction;
  return {
    transaction: swapTransaction,
    swapTransaction: original,
    lastValidBlockHeight: rest.lastValidBlockHeight,
    ...(rest.prioritizationFeeLamports === undefined
      ? {}
      : { prioritizationFeeLamports: rest.prioritizationFeeLamports }),
    ...(rest.computeUnitLimit === undefined ? {} : { computeUnitLimit: rest.computeUnitLimit }),
    ...(rest.prioritizationType === undefined
      ? {}
      : { prioritizationType: rest.prioritizationType }),
    ...(rest.dynamicSlippageReport === undefined
      ? {}
      : { dynamicSlippageReport: rest.dynamicSlippageReport }),
    ...simulation(simError, redact),
  };
}

/** Validates a POST /swap-instructions answer. Throws SWAP_API_BAD_RESPONSE when malformed. */
export function parseSwapInstructionsResponse(
  body: unknown,
  redact: Redact = keepText,
): SwapInstructions {
  const {
    simulationError: simError,
    prioritizationFeeLamports,
    computeUnitLimit,
    ...parts
  } = readAnswer(instructionsSchema, body);
  return {
    ...parts,
    tokenLedgerInstruction: parts.tokenLedgerInstruction ?? null,
    cleanupInstruction: parts.cleanupInstruction ?? null,
    ...(prioritizationFeeLamports === undefined ? {} : { prioritizationFeeLamports }),
    ...(computeUnitLimit === undefined ? {} : { computeUnitLimit }),
    ...simulation(simError, redact),
  };
}

const labelsSchema = z.record(z.string(), z.string().max(200));

/** Validates a GET /program-id-to-label answer into a map from program id to venue label. */
export function parseProgramLabels(body: unknown): Map<Address, string> {
  const read = readAnswer(labelsSchema, body);
  const labels = new Map<Address, string>();
  for (const [programId, label] of Object.entries(read)) {
    const address = addressText.safeParse(programId);
    if (!address.success) badResponse(`program id "${programId.slice(0, 50)}" is not an address`);
    labels.set(address.data, label);
  }
  return labels;
}
