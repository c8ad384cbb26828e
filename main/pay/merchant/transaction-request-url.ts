/**
 * Solana Pay transaction requests (SPEC.md "Specification: Transaction Request", "Link"):
 * `solana:<link>`, where the link is an absolute https URL, URL-encoded when it has a query of
 * its own. Pure: this only says which kind of request a `solana:` text is and, for a
 * transaction request, which URL main may call. Plain http is allowed to this machine's
 * loopback only (the sandbox's merchant); anything else that is not https is refused as the
 * spec says ("the wallet must reject it as malformed"), in words.
 */
import { WalletError } from '../../shared/errors';
import { solanaLinkText } from '../solana-pay-url';
import { hasCredentials, urlOrNull } from '../../shared/url-text';

/** The two kinds of Solana Pay request (SPEC.md). */
export type PaymentLinkKind = 'transfer' | 'transaction';

/** Hosts that are this machine: the only ones plain http may reach (the sandbox). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function malformed(message: string): never {
  throw new WalletError('INVALID_PAYMENT_REQUEST', message);
}

/**
 * Which kind of Solana Pay request `text` is. SPEC.md tells them apart by the pathname: a
 * transfer request's is a base58 recipient, a transaction request's is an https URL (plain or
 * encoded, so it holds ':' or '%'). Anything else is left to the transfer parser's refusals.
 *
 * @example paymentLinkKind('solana:https://shop.example/pay') // 'transaction'
 */
export function paymentLinkKind(text: string): PaymentLinkKind {
  const trimmed = text.trim();
  if (!/^solana:/i.test(trimmed)) return 'transfer';
  const path = trimmed.slice('solana:'.length).split('?')[0] ?? '';
  return /[:%]/.test(path) ? 'transaction' : 'transfer';
}

/** True for an http URL whose host is this machine's loopback. */
export function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * The URL main may call for a URL a merchant named (the link, a redirect hop): https anywhere,
 * http only to loopback, never with credentials in it. Null otherwise.
 */
export function callableMerchantUrl(text: string): URL | null {
  const url = urlOrNull(text);
  if (url === null || hasCredentials(url)) return null;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopback(url)) return url;
  return null;
}

/**
 * The merchant's URL of a transaction request. The link is URL-decoded once (SPEC.md "Link":
 * "the wallet must URL-decode the value. This has no effect if the value isn't URL-encoded"),
 * so a query of the merchant's own survives. Throws INVALID_PAYMENT_REQUEST with a sentence
 * for a link too long, not decodable, not absolute, not https (http only to loopback), or with
 * credentials in it.
 *
 * @example
 * transactionRequestUrl('solana:https%3A%2F%2Fexample.com%2Fsolana-pay%3Forder%3D12345').href
 * // 'https://example.com/solana-pay?order=12345'
 */
export function transactionRequestUrl(text: string): URL {
  const trimmed = solanaLinkText(text);
  const raw = trimmed.slice('solana:'.length);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    malformed(
      "This payment link's merchant address is badly encoded. Copy the link again from the merchant.",
    );
  }
  let url: URL;
  try {
    url = new URL(decoded);
  } catch {
    malformed(
      "This payment link's merchant address is not a complete web address (https://…). Copy the link again from the merchant.",
    );
  }
  if (url.username !== '' || url.password !== '') {
    malformed(
      "This payment link's merchant address carries a user name or password, which Solana Pay links never do. Do not pay through it.",
    );
  }
  if (url.protocol === 'http:' && isLoopback(url)) return url;
  if (url.protocol !== 'https:') {
    malformed(
      `This payment link's merchant address is not https (it is ${url.protocol.replace(':', '')}), so the merchant could not be checked; Solana Pay only allows https. Ask the merchant for an https link.`,
    );
  }
  return url;
}
