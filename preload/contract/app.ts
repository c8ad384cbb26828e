/**
 * The app itself: its version, the shell it runs in and the network every screen is on.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { method } from './schemas';

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

export interface AppInfo {
  version: string;
  network: NetworkInfo;
  /** Where the app runs: the Electron window or the web preview. */
  shell: 'electron' | 'web-preview';
}

export type NetworkId = NetworkInfo['id'];

export const appMethods = {
  'app.info': method<AppInfo>()(z.object({}).strict()),
} as const;
