/** The Swap API v2 client (client.ts) and the pure helpers review and send use. */
export { createSwapV2Client, type SwapV2Client } from './client';
export { describeExecuteCode, describeOrderError } from './v2-errors';
export type * from './types';
