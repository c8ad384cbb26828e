/**
 * Settings, **Swap path** (issue 22): on a network whose swap service is the Swap API v2, how
 * swaps are made: `router` (GET /build; the wallet assembles, signs and sends; the default) or
 * `meta-aggregator` (GET /order + POST /execute: every router competes, market makers
 * included, and the service lands the signed transaction). Kept per network.
 */
import { z } from 'zod';
import { method } from './schemas';
import type { NetworkId, SwapPath } from './views';

export interface SwapPathView {
  /** The network the choice is for: the current one. */
  network: NetworkId;
  /** True when the current network's swap service speaks v2 (otherwise there is no choice). */
  offered: boolean;
  path: SwapPath;
}

export const swapPathMethods = {
  'swapPath.get': method<SwapPathView>()(z.object({}).strict()),
  'swapPath.set': method<SwapPathView>()(
    z.object({ path: z.enum(['router', 'meta-aggregator']) }).strict(),
  ),
} as const;
