/**
 * The person's **Swap path** per network (`swap-paths.json` beside `settings.json`, issue 22):
 * on a Swap API v2 service, `router` (GET /build, the default) or `meta-aggregator` (GET /order
 * + POST /execute). Kept apart from settings.json so the network settings code never carries
 * it. Written atomically; a damaged file is left alone and the default applies.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { NetworkId, SwapPath } from '../../preload/api-types';
import { settingsJsonFile } from './settings-file-errors';

const pathSchema = z.enum(['router', 'meta-aggregator']);
const fileSchema = z.object({
  version: z.literal(1),
  networks: z.partialRecord(z.enum(['sandbox', 'mainnet', 'custom']), pathSchema),
});

type SwapPathData = z.infer<typeof fileSchema>;

/** The default of every network: the Router (the wallet assembles and sends). */
export const DEFAULT_SWAP_PATH: SwapPath = 'router';

export interface SwapPathStore {
  get(network: NetworkId): Promise<SwapPath>;
  set(network: NetworkId, path: SwapPath): Promise<void>;
}

/**
 * The swap path store inside `dataDir`.
 * @example await createSwapPathStore(dataDir).set('mainnet', 'meta-aggregator');
 */
export function createSwapPathStore(dataDir: string): SwapPathStore {
  const path = join(dataDir, 'swap-paths.json');
  const file = settingsJsonFile<SwapPathData>(
    {
      path,
      schema: fileSchema,
      missing: () => ({ version: 1, networks: {} }),
      damaged: () => ({ version: 1, networks: {} }),
    },
    'its swap path settings',
    'the swap path',
  );
  return {
    async get(network) {
      return (await file.read()).networks[network] ?? DEFAULT_SWAP_PATH;
    },
    async set(network, choice) {
      const data = await file.read();
      await file.write({ ...data, networks: { ...data.networks, [network]: choice } });
    },
  };
}
