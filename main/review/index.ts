/** The review module: see review.ts. */
export { reviewTransaction } from './review';
export type * from './types';
