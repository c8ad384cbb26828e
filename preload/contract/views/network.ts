/**
 * The network the wallet is on, as app.info, settings and Activity entries name it.
 */

export interface NetworkInfo {
  id: 'sandbox' | 'mainnet' | 'custom';
  label: string;
  rpcUrl: string;
  swapApiUrl: string;
  /**
   * What the swap API at swapApiUrl speaks: the spec (`v6`), the Metis service (`swap-v1`, no
   * auto slippage with a maximum) or today's Swap API v2 (`swap-v2`, ExactIn only). The swap
   * screen offers only what it takes.
   */
  swapApiFlavour: 'v6' | 'swap-v1' | 'swap-v2';
  /**
   * On a v2 service, how swaps are made (Settings, **Swap path**): `router` (GET /build, the
   * wallet assembles and sends; the default) or `meta-aggregator` (GET /order + POST /execute).
   * Absent on other flavours.
   */
  swapPath?: SwapPath;
  isSandbox: boolean;
}

export type SwapPath = 'router' | 'meta-aggregator';

export type NetworkId = NetworkInfo['id'];
