/**
 * The shapes of swap API the end-to-end suites run the wallet against: the spec's v6 (the
 * sandbox's default, at /v6), the Metis swap/v1 (`--api-shape v1`, at /swap/v1) and today's Swap
 * API v2 (`--api-shape v2`, at /swap/v2; swaps through /build, the default Swap path), so no
 * suite passes only against the wallet's own reading of the API.
 */
export interface ApiShape {
  /** As shown in the suite's name. */
  name: string;
  /** The web preview's options that select it. */
  previewArgs: string[];
  /** How the preview's swap API URL ends. */
  pathEnd: string;
}

export const API_SHAPES: readonly ApiShape[] = [
  { name: 'v6 (spec)', previewArgs: [], pathEnd: '/v6' },
  { name: 'swap/v1 (Metis)', previewArgs: ['--api-shape', 'v1'], pathEnd: '/swap/v1' },
];

/** Today's Swap API v2 (ExactIn only). */
export const SWAP_V2_SHAPE: ApiShape = {
  name: 'swap/v2 (today)',
  previewArgs: ['--api-shape', 'v2'],
  pathEnd: '/swap/v2',
};

/**
 * Every shape, v2 included, for the suites that need no exact-output quote (swaps). Payments
 * pay an exact amount, which v2 does not quote: the pay suite runs on API_SHAPES until exact
 * payments on an ExactIn-only service land (issue 22 point 3, branch v2pay).
 */
export const ALL_API_SHAPES: readonly ApiShape[] = [...API_SHAPES, SWAP_V2_SHAPE];
