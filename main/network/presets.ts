/**
 * The networks Swapdesk knows. The sandbox is the default of a fresh install; its URLs are
 * only known once its process has started (it may listen on any free port), so its preset is
 * built from the sandbox's ready line.
 */
import type { NetworkInfo } from '../../preload/api-types';
import { swapApiFlavour } from '../swap-api/api-flavour';

/** The sandbox network at the URLs its process announced. */
export function sandboxNetwork(urls: { rpcUrl: string; swapApiUrl: string }): NetworkInfo {
  return {
    id: 'sandbox',
    label: 'Sandbox (local test network, no real funds)',
    rpcUrl: urls.rpcUrl,
    swapApiUrl: urls.swapApiUrl,
    swapApiFlavour: swapApiFlavour(urls.swapApiUrl),
    isSandbox: true,
  };
}

/**
 * Solana mainnet with the public RPC endpoint and today's swap API (Swap API v2, issue 22; the
 * Metis swap/v1 is "no longer actively maintained"; a person may still set it, or a v6 host).
 */
export const MAINNET: NetworkInfo = {
  id: 'mainnet',
  label: 'Solana mainnet',
  rpcUrl: 'https://api.mainnet-beta.solana.com',
  swapApiUrl: 'https://api.jup.ag/swap/v2',
  swapApiFlavour: 'swap-v2',
  isSandbox: false,
};

/** Default URLs of the mainnet preset; the settings may override either. */
export const MAINNET_DEFAULTS = { rpcUrl: MAINNET.rpcUrl, swapApiUrl: MAINNET.swapApiUrl } as const;

/** Mainnet with the person's RPC and swap API URLs (defaults where not set). */
export function mainnetNetwork(urls: { rpcUrl?: string; swapApiUrl?: string } = {}): NetworkInfo {
  return {
    ...MAINNET,
    rpcUrl: urls.rpcUrl ?? MAINNET.rpcUrl,
    swapApiUrl: urls.swapApiUrl ?? MAINNET.swapApiUrl,
    swapApiFlavour: swapApiFlavour(urls.swapApiUrl ?? MAINNET.swapApiUrl),
  };
}

/** A custom network: any RPC endpoint and any swap service with the v6 API shape. */
export function customNetwork(urls: { rpcUrl: string; swapApiUrl: string }): NetworkInfo {
  return {
    id: 'custom',
    label: 'Custom network',
    rpcUrl: urls.rpcUrl,
    swapApiUrl: urls.swapApiUrl,
    swapApiFlavour: swapApiFlavour(urls.swapApiUrl),
    isSandbox: false,
  };
}
