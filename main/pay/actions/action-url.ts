/**
 * Which Action a pasted or opened text names (issue 34 point 5), read strictly. The Solana
 * Actions spec (solana-developers/solana-actions, packages/actions-spec/README.md "URL
 * Scheme"; solana.com/docs/advanced/actions "Blinks") gives three forms:
 *
 * - `solana-action:<link>`: the link is an absolute https URL, URL-encoded when it has a query
 *   of its own; the wallet URL-decodes it once, and anything that is not https is malformed;
 * - an interstitial (blink) URL, `https://site/?action=<solana-action: URL>`, whose `action`
 *   query parameter holds the Action URL (URL-encoded or not);
 * - a plain website URL, resolved through `actions.json` at the root of its domain
 *   (actions-json.ts).
 *
 * Pure: it says which URL main may call, never calls it. Plain http only to this machine's
 * loopback (the sandbox's merchant), as for Solana Pay transaction requests.
 */
import { WalletError } from '../../shared/errors';
import { MAX_URL_LENGTH } from '../solana-pay-url';
import { callableMerchantUrl, isLoopback } from '../merchant/transaction-request-url';

/** An Action link read: the URL main calls, and whether actions.json must map it first. */
export type ActionTarget =
  | { kind: 'action'; url: URL; via: 'solana-action' | 'interstitial' }
  | { kind: 'website'; url: URL };

const PROTOCOL = /^solana-action:/i;

function malformed(message: string): never {
  throw new WalletError('INVALID_PAYMENT_REQUEST', message);
}

/**
 * True when `text` is for the Actions reader rather than Solana Pay's: a `solana-action:` link
 * or a web address (an interstitial or a site with actions.json).
 */
export function isActionText(text: string): boolean {
  return PROTOCOL.test(text.trim()) || /^https?:\/\//i.test(text.trim());
}

/** The https (or loopback http) URL of a `solana-action:` link, decoded once; or a refusal. */
export function solanaActionUrl(text: string): URL {
  const trimmed = text.trim();
  if (!PROTOCOL.test(trimmed)) {
    malformed('This is not a Solana Action link: it must start with "solana-action:".');
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(trimmed.slice('solana-action:'.length));
  } catch {
    malformed("This action link's address is badly encoded. Copy the link again from its site.");
  }
  if (PROTOCOL.test(decoded)) {
    malformed('This action link holds another action link inside it. Copy the link again.');
  }
  return actionHttpUrl(decoded, "This action link's address");
}

/** `what` must be an absolute https URL (http to loopback), without credentials. */
function actionHttpUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    malformed(`${what} is not a complete web address (https://…). Copy the link again.`);
  }
  if (url.username !== '' || url.password !== '') {
    malformed(
      `${what} carries a user name or password, which action links never do. Do not use it.`,
    );
  }
  if (url.protocol === 'http:' && isLoopback(url)) return url;
  if (url.protocol !== 'https:') {
    malformed(
      `${what} is not https (it is ${url.protocol.replace(':', '')}), and Solana Actions are served over https only. Ask the site for an https link.`,
    );
  }
  return url;
}

/**
 * What `text` names: an Action URL to GET, or a website to resolve through its actions.json.
 * Throws INVALID_PAYMENT_REQUEST with a sentence for anything malformed.
 *
 * @example
 * actionTarget('solana-action:https://actions.alice.com/donate')
 * // { kind: 'action', url: URL('https://actions.alice.com/donate'), via: 'solana-action' }
 * actionTarget('https://dial.to/?action=solana-action:https://actions.alice.com/donate')
 * // { kind: 'action', url: URL('https://actions.alice.com/donate'), via: 'interstitial' }
 */
export function actionTarget(text: string): ActionTarget {
  const trimmed = text.trim();
  if (trimmed === '') malformed('Paste an action link (solana-action:… or an https address).');
  if (trimmed.length > MAX_URL_LENGTH) {
    malformed(
      `This action link is ${trimmed.length} characters long; Swapdesk reads at most ${MAX_URL_LENGTH}.`,
    );
  }
  if (PROTOCOL.test(trimmed)) {
    return { kind: 'action', url: solanaActionUrl(trimmed), via: 'solana-action' };
  }
  const page = actionHttpUrl(trimmed, 'This address');
  const inner = page.searchParams.get('action');
  if (inner !== null) {
    // URLSearchParams decoded it once already; an Action URL inside may be encoded again.
    const value = PROTOCOL.test(inner) ? inner : safeDecode(inner);
    if (!PROTOCOL.test(value)) {
      malformed(
        'This address carries an "action" that is not a Solana Action link (solana-action:…). Copy the link again from its site.',
      );
    }
    return { kind: 'action', url: solanaActionUrl(value), via: 'interstitial' };
  }
  return { kind: 'website', url: page };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A URL an action names (a linked action's href, a next action's callback), resolved against
 * the URL it came from: https (http to loopback) only, or null.
 */
export function actionHrefUrl(href: string, base: URL): URL | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  const callable = callableMerchantUrl(url.href);
  if (callable === null) return null;
  // Plain http is the sandbox's: only from a loopback action to loopback.
  if (callable.protocol === 'http:' && !isLoopback(base)) return null;
  return callable;
}
