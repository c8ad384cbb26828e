/**
 * The rule for RPC and swap service URLs a person types into Settings: https, except on this
 * computer (loopback), where a self-hosted node or swap service often speaks plain http. No
 * credentials in the URL (they would show on every screen that names the network), no
 * fragment, and a real host.
 */
import { WalletError } from '../shared/errors';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/** True for localhost, [::1] and 127.0.0.0/8. */
export function isLoopbackHost(hostname: string): boolean {
  if (LOOPBACK_HOSTS.has(hostname.toLowerCase())) return true;
  return /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Checks a service URL and answers it normalised (no trailing slash). Throws INVALID_URL
 * naming the field and what to change.
 *
 * @param what how Settings labels the field, e.g. 'The RPC URL'.
 * @example checkServiceUrl('https://api.jup.ag/swap/v1/', 'The swap API URL') // 'https://api.jup.ag/swap/v1'
 */
export function checkServiceUrl(text: string, what: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new WalletError(
      'INVALID_URL',
      `${what} is not a web address. Enter it in full, like https://api.mainnet-beta.solana.com.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WalletError('INVALID_URL', `${what} must start with https://.`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new WalletError(
      'INVALID_URL',
      `${what} must use https:// (plain http is allowed only for a service on this computer, like http://127.0.0.1:8899).`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new WalletError(
      'INVALID_URL',
      `${what} must not contain a user name or password. Store a swap API key under "API key" instead.`,
    );
  }
  if (url.hash !== '') {
    throw new WalletError('INVALID_URL', `${what} must not end with a #fragment.`);
  }
  return url.href.replace(/\/+$/, '');
}
