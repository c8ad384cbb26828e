/**
 * Which swap API a base URL speaks, and what each one understands. The spec (SWAP-API-SPEC,
 * served by the sandbox at `/v6`) and today's service (`/swap/v1`, official OpenAPI in
 * test/fixtures/real-world/schema) take the same paths but not the same options: swap/v1 has
 * no `autoSlippage`/`maxAutoSlippageBps` on /quote (its dynamic slippage is a /swap flag with no
 * maximum, "no longer maintained") and refuses `dexes` together with `excludeDexes`. The wallet
 * never sends an option the service would silently ignore while the screen claims it applies.
 */
export type SwapApiFlavour = 'v6' | 'swap-v1';

/** The hosts of today's service (its keyed and keyless hosts); any path there is swap/v1. */
const SWAP_V1_HOSTS = new Set(['api.jup.ag', 'lite-api.jup.ag']);

/**
 * The flavour of a base URL: a path ending in `/swap/v1` (or today's hosts) is swap/v1; a path
 * ending in `/v6`, and any other self-hosted service, speaks the spec.
 * @example swapApiFlavour('https://api.jup.ag/swap/v1') // 'swap-v1'
 */
export function swapApiFlavour(baseUrl: string): SwapApiFlavour {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'v6';
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith('/v6')) return 'v6';
  if (path.endsWith('/swap/v1') || SWAP_V1_HOSTS.has(url.hostname)) return 'swap-v1';
  return 'v6';
}

/** What the swap screen may offer on a service of this flavour. */
export interface SwapApiCapabilities {
  /** `autoSlippage` with `maxAutoSlippageBps` on /quote. */
  autoSlippage: boolean;
  /** `dexes` and `excludeDexes` in one request. */
  dexesWithExclude: boolean;
}

export function capabilitiesOf(flavour: SwapApiFlavour): SwapApiCapabilities {
  return flavour === 'v6'
    ? { autoSlippage: true, dexesWithExclude: true }
    : { autoSlippage: false, dexesWithExclude: false };
}
