/**
 * Block explorer links of sent transactions. Mainnet opens explorer.solana.com; a custom
 * network opens it with `cluster=custom&customUrl=<its RPC URL>` (the explorer then reads that
 * node); the sandbox has no explorer, since it lives on this computer only.
 */
import type { NetworkId } from '../../preload/api-types';

const EXPLORER = 'https://explorer.solana.com/tx/';

/**
 * The explorer page of `signature`, or null on the sandbox.
 *
 * @example explorerUrl('mainnet', sig, rpcUrl) // 'https://explorer.solana.com/tx/<sig>'
 */
export function explorerUrl(network: NetworkId, signature: string, rpcUrl: string): string | null {
  if (network === 'sandbox') return null;
  const page = `${EXPLORER}${encodeURIComponent(signature)}`;
  if (network === 'mainnet') return page;
  const query = new URLSearchParams({ cluster: 'custom', customUrl: rpcUrl });
  return `${page}?${query.toString()}`;
}
