/**
 * A Solana Action end to end in main (issue 34 point 5): the link resolved (action-url.ts,
 * through the site's actions.json when it is a plain page), the GET (action-body.ts), the
 * POST with the person's account and the values of the chosen button's form (checked here
 * again: action-parameters.ts), and the answer's transaction held to the Solana Pay rules and
 * reviewed as a merchant's transaction request is, by the same code (reviewMerchantAnswer:
 * same guard, same refusals). Chained actions (`links.next`) are read the same way. Every
 * request is main's, with the merchants' deadline and size limit (callMerchant).
 *
 * No Actions registry is reachable from here, so every action is unverified, and the review
 * says so in words.
 */
import type { Address } from '../../shared/address';
import { WalletError } from '../../shared/errors';
import { callMerchant } from '../merchant/merchant-http';
import {
  merchantIcon,
  requireAccount,
  reviewMerchantAnswer,
  type MerchantDeps,
  type MerchantInfo,
  type MerchantReview,
} from '../merchant/merchant-review';
import { readActionBody, type ActionBody } from './action-body';
import { fillHref, valueRefusals, type ActionValues } from './action-parameters';
import { actionHrefUrl, actionTarget } from './action-url';
import { mapActionUrl, readActionsJson } from './actions-json';

/** What the review says of every action while no registry vouches for any. */
export const UNVERIFIED_NOTE =
  'This action is unverified: Swapdesk cannot reach a registry of known actions, so nobody vouches for its site. Go by the domain and by what the review says the transaction does.';

/** An action as read by main: the GET's fields, its checked icon, and where it came from. */
export interface ActionRead {
  /** The host of the Action API main called. */
  domain: string;
  /** The URL main called (relative hrefs resolve against it). */
  url: URL;
  /** The website the link named when it was resolved through actions.json, else null. */
  site: string | null;
  body: ActionBody;
  icon: string | null;
  iconNote: string | null;
}

/** A reviewed action: the merchant review, plus the chain's next step, kept in main. */
export interface ActionReview extends MerchantReview {
  next: NextLink | null;
}

/** The spec's `links.next`: a callback to POST once confirmed, or the next action itself. */
export type NextLink = { type: 'post'; url: URL } | { type: 'inline'; action: ActionRead };

function refused(message: string): never {
  throw new WalletError('MERCHANT_REFUSED', message);
}

async function withIcon(
  deps: MerchantDeps,
  url: URL,
  site: string | null,
  body: ActionBody,
): Promise<ActionRead> {
  return { domain: url.host, url, site, body, ...(await merchantIcon(deps, body.iconUrl)) };
}

/**
 * Resolves `text` and makes the action's GET. Throws INVALID_PAYMENT_REQUEST (the link) and
 * MERCHANT_REFUSED (the site's answers, or no rule of its actions.json for the page).
 */
export async function openAction(deps: MerchantDeps, text: string): Promise<ActionRead> {
  const target = actionTarget(text);
  let url = target.url;
  let site: string | null = null;
  if (target.kind === 'website') {
    site = target.url.host;
    const rulesUrl = new URL('/actions.json', target.url.origin);
    const file = await callMerchant(deps.http, rulesUrl, { method: 'GET' }).catch(
      (error: unknown) => {
        const why = error instanceof WalletError ? ` (${error.message})` : '';
        return refused(
          `${site} offers no Solana Action at this address: Swapdesk could not read its actions.json${why}. Paste a solana-action: or solana: link instead.`,
        );
      },
    );
    const rules = readActionsJson(site, file);
    const mapped = mapActionUrl(rules, target.url);
    if (mapped === null) {
      refused(
        `${site}'s actions.json offers no action for ${target.url.pathname}. Ask the site for a solana-action: link.`,
      );
    }
    url = mapped;
  }
  const body = await callMerchant(deps.http, url, { method: 'GET' });
  return withIcon(deps, url, site, readActionBody(url.host, body, url));
}

/** The `links.next` of a POST answer, read strictly: a same-origin callback, or an action. */
async function nextOf(deps: MerchantDeps, posted: URL, value: unknown): Promise<NextLink | null> {
  const next = (value as Record<string, unknown> | undefined)?.next;
  if (next === undefined) return null;
  const link = (next ?? {}) as Record<string, unknown>;
  const domain = posted.host;
  if (link.type === 'post' && typeof link.href === 'string') {
    const url = actionHrefUrl(link.href, posted);
    // The spec: a callback of another origin is never called.
    if (url === null || url.origin !== posted.origin) {
      refused(
        `${domain} asks to be told of your transaction at another site, which Solana Actions forbid. Nothing was signed; do not use this action.`,
      );
    }
    return { type: 'post', url };
  }
  if (link.type === 'inline' && typeof link.action === 'object' && link.action !== null) {
    const body = readActionBody(domain, link.action as Record<string, unknown>, posted, true);
    return { type: 'inline', action: await withIcon(deps, posted, null, body) };
  }
  return refused(
    `${domain}'s next step is neither a callback nor an action. Nothing was signed; ask the site.`,
  );
}

/**
 * The POST of the action's button `linkIndex` with the person's account and `values`, and the
 * review of its transaction. Throws NO_ACCOUNT, INVALID_PAYMENT_REQUEST (values that do not
 * fit the form, in words), MERCHANT_REFUSED and NETWORK_UNAVAILABLE; nothing is signed here.
 */
export async function reviewAction(
  deps: MerchantDeps,
  action: ActionRead,
  linkIndex: number,
  values: ActionValues,
): Promise<ActionReview> {
  const account = await requireAccount(deps, 'Create or import an account before using an action.');
  const link = action.body.links[linkIndex];
  if (action.body.type === 'completed' || link === undefined) {
    throw new WalletError('INVALID_PAYMENT_REQUEST', 'This action offers no such button.');
  }
  if (action.body.disabled) {
    refused(`${action.domain} has turned this action off. Nothing was signed.`);
  }
  if (link.unsupported !== null) {
    throw new WalletError(
      'INVALID_PAYMENT_REQUEST',
      `Swapdesk cannot do "${link.label}". ${link.unsupported}`,
    );
  }
  const misfits = valueRefusals(link.parameters, values);
  if (misfits.length > 0) {
    throw new WalletError(
      'INVALID_PAYMENT_REQUEST',
      `${misfits.join(' ')} Nothing was sent to ${action.domain}; correct the form and try again.`,
    );
  }
  const url = actionHrefUrl(fillHref(link.href, values), action.url);
  if (url === null)
    refused(`"${link.label}" posts to a place that is not https. Nothing was sent.`);
  // Values the href has no place for travel in `data` (index.d.ts ActionPostRequest).
  const rest = Object.fromEntries(
    Object.entries(values).filter(([name]) => !link.href.includes(`{${name}}`)),
  );
  const body = await callMerchant(deps.http, url, {
    method: 'POST',
    body: { account, ...(Object.keys(rest).length > 0 ? { data: rest } : {}) },
  });
  if (body.type !== undefined && body.type !== 'transaction') {
    refused(
      `${url.host} answered with a kind of action Swapdesk does not do (not a transaction). Nothing was signed.`,
    );
  }
  const next = await nextOf(deps, url, body.links);
  // The button's label is what the person read: the claims check holds it to the transaction.
  const merchant: MerchantInfo = {
    domain: url.host,
    label: link.label,
    icon: action.icon,
    iconNote: action.iconNote,
  };
  const { redirect: _ignored, ...answer } = body;
  const reviewed = await reviewMerchantAnswer(deps, { url, merchant, body: answer, account });
  return { ...reviewed, next };
}

/**
 * The next action of a confirmed transaction: the inline one, or the callback's answer to
 * `{ account, signature }` (spec "Action Chaining"). Throws MERCHANT_REFUSED.
 */
export async function followNext(
  deps: MerchantDeps,
  next: NextLink,
  account: Address,
  signature: string,
): Promise<ActionRead> {
  if (next.type === 'inline') return next.action;
  const body = await callMerchant(deps.http, next.url, {
    method: 'POST',
    body: { account, signature },
  });
  return withIcon(deps, next.url, null, readActionBody(next.url.host, body, next.url, true));
}
