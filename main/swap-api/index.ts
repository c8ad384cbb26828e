/** The swap API client: see client.ts. Pure helpers are re-exported for review and pay. */
export { createSwapApiClient, type SwapApiClient, type SwapApiClientOptions } from './client';
export type { FetchLike, ResponseLike, Wait } from './http-transport';
export { realWait } from './wait';
export { SwapApiError } from './swap-api-error';
export {
  describeSwapError,
  isKnownServiceErrorCode,
  KNOWN_SERVICE_ERROR_CODES,
} from './swap-errors';
export { decodeSwapProgramError, type ProgramErrorInfo } from './program-errors';
export { describeSimulationFailure } from './simulation-failure';
export { sanitizeServiceText } from './service-text';
export type * from './types';
