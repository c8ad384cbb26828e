/**
 * The two shapes of swap API the end-to-end suites run the wallet against: the spec's v6 (the
 * sandbox's default, at /v6) and today's swap/v1 (the sandbox's `--api-shape v1`, at /swap/v1),
 * so no suite passes only against the wallet's own reading of the API.
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
  { name: 'swap/v1 (today)', previewArgs: ['--api-shape', 'v1'], pathEnd: '/swap/v1' },
];
