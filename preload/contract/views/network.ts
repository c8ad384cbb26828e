/**
 * The network the wallet is on, as app.info, settings and Activity entries name it.
 */

export interface NetworkInfo {
  id: 'sandbox' | 'mainnet' | 'custom';
  label: string;
  rpcUrl: string;
  swapApiUrl: string;
  /**
   * What the swap API at swapApiUrl speaks: the spec (`v6`) or today's service (`swap-v1`,
   * which has no auto slippage with a maximum). The swap screen offers only what it takes.
   */
  swapApiFlavour: 'v6' | 'swap-v1';
  isSandbox: boolean;
}

export type NetworkId = NetworkInfo['id'];
