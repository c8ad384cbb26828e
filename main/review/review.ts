/**
 * Turns an unsigned /swap transaction into a review report. (Being built: the signature is
 * final, the body lands in the next commits.)
 */
import { WalletError } from '../shared/errors';
import type { ReviewInput, ReviewReport } from './types';

/**
 * Decodes, resolves lookup tables, simulates and guards `input.transaction` against the
 * accepted quote. Never throws for a bad transaction: the report refuses it with reasons.
 * Throws NETWORK_UNAVAILABLE when the RPC cannot be reached.
 */
export async function reviewTransaction(input: ReviewInput): Promise<ReviewReport> {
  void input;
  throw new WalletError('INTERNAL', 'The transaction review is not available yet.');
}
