/**
 * Block explorer links of sent transactions. Mainnet opens explorer.solana.com; a custom
 * network opens it with `cluster=custom&customUrl=<its RPC URL>` (the explorer then reads that
 * node) unless that URL carries a query, which often holds the provider's API key; the sandbox
 * has no explorer, since it lives on this computer only.
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
  // Many RPC providers put the API key in the query; that must not travel to a third party.
  if (rpcUrl.includes('?')) return null;
  const query = new URLSearchParams({ cluster: 'custom', customUrl: rpcUrl });
  return `${page}?${query.toString()}`;
}
