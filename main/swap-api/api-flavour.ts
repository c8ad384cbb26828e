/**
 * Which swap API a base URL speaks, and what each one understands. The spec (SWAP-API-SPEC,
 * served by the sandbox at `/v6`), the Metis service (`/swap/v1`, official OpenAPI in
 * test/fixtures/real-world/schema) and today's Swap API v2 (`/swap/v2`: GET /build, GET /order +
 * POST /execute; official OpenAPI beside it) do not take the same options: swap/v1 has no
 * `autoSlippage`/`maxAutoSlippageBps` on /quote and refuses `dexes` together with
 * `excludeDexes`; v2 has no exact-output quote at all, no direct-routes-only, no intermediate
 * token restriction and no legacy transaction (it answers instructions or a v0 transaction).
 * The wallet never sends an option the service would silently ignore while the screen claims it
 * applies, and the screen does not offer it.
 */
export type SwapApiFlavour = 'v6' | 'swap-v1' | 'swap-v2';

/** The hosts of today's service (its keyed and keyless hosts). */
const JUPITER_HOSTS = new Set(['api.jup.ag', 'lite-api.jup.ag']);

/**
 * The flavour of a base URL: a path ending in `/swap/v1` is swap/v1; a path ending in
 * `/swap/v2`, or any other path on today's hosts, is swap/v2 (Jupiter's current API); a path
 * ending in `/v6`, and any other self-hosted service, speaks the spec.
 * @example swapApiFlavour('https://api.jup.ag/swap/v2') // 'swap-v2'
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
  if (path.endsWith('/swap/v1')) return 'swap-v1';
  if (path.endsWith('/swap/v2') || JUPITER_HOSTS.has(url.hostname)) return 'swap-v2';
  return 'v6';
}

/** What the swap screen may offer on a service of this flavour. */
export interface SwapApiCapabilities {
  /** `autoSlippage` with `maxAutoSlippageBps` on /quote. */
  autoSlippage: boolean;
  /** `dexes` and `excludeDexes` in one request. */
  dexesWithExclude: boolean;
  /** An exact-output quote (`swapMode=ExactOut`). */
  exactOut: boolean;
  /** `onlyDirectRoutes` and `restrictIntermediateTokens`. */
  routeShapeOptions: boolean;
  /** `asLegacyTransaction`. */
  legacyTransaction: boolean;
}

export function capabilitiesOf(flavour: SwapApiFlavour): SwapApiCapabilities {
  switch (flavour) {
    case 'v6':
      return {
        autoSlippage: true,
        dexesWithExclude: true,
        exactOut: true,
        routeShapeOptions: true,
        legacyTransaction: true,
      };
    case 'swap-v1':
      return {
        autoSlippage: false,
        dexesWithExclude: false,
        exactOut: true,
        routeShapeOptions: true,
        legacyTransaction: true,
      };
    case 'swap-v2':
      return {
        autoSlippage: false,
        dexesWithExclude: false,
        exactOut: false,
        routeShapeOptions: false,
        legacyTransaction: false,
      };
  }
}
