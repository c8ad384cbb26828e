/**
 * Real POST /swap-instructions and /swap answers read by the wallet's parsers.
 *
 * - swap-instructions/ilkamo-jupiter-go-swapInstructionsWithoutJito.json: a real answer kept as
 *   test data by ilkamo/jupiter-go (`jupiter/testdata` @ 8ce6de6, 2025-03), with today's extras
 *   (blockhashWithMetadata, addressesByLookupTableAddress, prioritizationType, simulationSlot);
 * - swap/_fields-only-docs-build-swap-example.json: the fields of jup-ag/docs
 *   `swap/v1/build-swap-transaction.mdx`, whose transaction the docs truncate; the test puts a
 *   real one in its place (the Ultra order's, from swap/ultra-2025-04-order-aggregator.json).
 */
import { describe, expect, it } from 'vitest';
import { parseSwapInstructionsResponse, parseSwapResponse } from './swap-response';
import { completeRealWorldFiles, realWorldJson } from '../../test/fixtures/real-world';

describe('real swap answers', () => {
  it('reads the real /swap-instructions answer: every instruction, tables and compute figure', () => {
    const answer = realWorldJson(
      'swap-instructions/ilkamo-jupiter-go-swapInstructionsWithoutJito.json',
    );
    const parsed = parseSwapInstructionsResponse(answer);
    expect(parsed.signable).toBe(true);
    expect(parsed.swapInstruction.programId).toBe('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4');
    expect(parsed.computeBudgetInstructions).toHaveLength(2);
    expect(parsed.setupInstructions.length).toBeGreaterThan(0);
    expect(parsed.cleanupInstruction?.programId).toBe(
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    );
    expect(parsed.addressLookupTableAddresses).toHaveLength(3);
    expect(parsed.computeUnitLimit).toBe(335_433);
    expect(parsed.prioritizationFeeLamports).toBe(999n);
  });

  it('reads the documented /swap answer fields, with a real transaction in place of the cut one', () => {
    const fields = realWorldJson<Record<string, unknown>>(
      'swap/_fields-only-docs-build-swap-example.json',
    );
    const { transaction } = realWorldJson<{ transaction: string }>(
      'swap/ultra-2025-04-order-aggregator.json',
    );
    const { _note: _ignored, ...rest } = fields;
    const parsed = parseSwapResponse({ ...rest, swapTransaction: transaction });
    expect(parsed.signable).toBe(true);
    expect(parsed.lastValidBlockHeight).toBe(rest.lastValidBlockHeight);
    expect(parsed.transaction.length).toBeGreaterThan(500);
  });
});

// Every complete answer test/fixtures/real-world holds, whatever its files: each must be read whole.
type Json = Record<string, unknown>;
const instructionAnswers = completeRealWorldFiles('swap-instructions');
// The swap folder also holds Ultra orders (`transaction`); /swap answers carry `swapTransaction`.
const swapAnswers = completeRealWorldFiles('swap').filter(
  (name) => typeof realWorldJson(`swap/${name}`).swapTransaction === 'string',
);
const failed = (answer: Json) =>
  answer.simulationError !== undefined && answer.simulationError !== null;

describe('every real swap answer in test/fixtures/real-world', () => {
  it('holds a /swap-instructions answer to check', () => {
    expect(instructionAnswers.length).toBeGreaterThan(0);
  });

  it.each(instructionAnswers)('%s: every instruction and table read', (name) => {
    const answer = realWorldJson<Json>(`swap-instructions/${name}`);
    const parsed = parseSwapInstructionsResponse(answer);
    const { programId, data } = answer.swapInstruction as { programId: string; data: string };
    expect(parsed.swapInstruction.programId).toBe(programId);
    expect(Buffer.from(parsed.swapInstruction.data).toString('base64')).toBe(data);
    for (const list of ['computeBudgetInstructions', 'setupInstructions', 'otherInstructions']) {
      expect(parsed[list as 'setupInstructions'], list).toHaveLength(
        ((answer[list] as unknown[] | undefined) ?? []).length,
      );
    }
    expect(parsed.addressLookupTableAddresses).toEqual(answer.addressLookupTableAddresses ?? []);
    expect(parsed.signable).toBe(!failed(answer));
  });

  it.each(swapAnswers)('%s: the transaction and its expiry read', (name) => {
    const answer = realWorldJson<Json>(`swap/${name}`);
    const parsed = parseSwapResponse(answer);
    expect(Buffer.from(parsed.transaction).toString('base64')).toBe(answer.swapTransaction);
    expect(parsed.lastValidBlockHeight).toBe(answer.lastValidBlockHeight);
    expect(parsed.signable).toBe(!failed(answer));
  });
});
