/**
 * An Action's GET answer (`ActionGetResponse`), or a chained `NextAction`, read strictly
 * (Solana Actions spec, packages/actions-spec/README.md "GET Response Body", index.d.ts
 * `Action`, `LinkedAction`, `ActionParameter`, `ActionParameterSelectable`). The answer is a
 * stranger's: every text is cleaned and cut, every href resolved and held to the same https
 * rule as the Action URL, and anything beyond the spec's shape (or beyond what a form needs:
 * 10 buttons, 10 fields, 50 options) is refused in words or left out, never guessed at.
 */
import { WalletError } from '../../shared/errors';
import { merchantWords } from '../merchant/merchant-http';
import { actionHrefUrl } from './action-url';
import { readParameter, type ActionParameter } from './action-parameters';

/** A button of the action: what it says, where it posts, the form it asks for. */
export interface LinkedAction {
  label: string;
  /** The href as the action wrote it (it may hold `{name}` placeholders), cleaned. */
  href: string;
  parameters: ActionParameter[];
  /** Null when Swapdesk can do it; else why not, in words (the button is shown disabled). */
  unsupported: string | null;
}

/** An action as shown: the spec's fields, read and checked. */
export interface ActionBody {
  /** `completed` ends a chain (spec "Action Chaining"): shown, nothing more to do. */
  type: 'action' | 'completed';
  iconUrl: string;
  title: string;
  description: string;
  label: string;
  disabled: boolean;
  /** The action's non-fatal `error.message`, cleaned; null when none. */
  error: string | null;
  links: LinkedAction[];
}

export const MAX_LINKED_ACTIONS = 10;

function refused(domain: string, what: string): never {
  throw new WalletError(
    'MERCHANT_REFUSED',
    `${domain} did not answer with a Solana Action: ${what}. Nothing was signed; ask the site for another link.`,
  );
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** A linked action of `links.actions`, or null when it is not even that shape. */
function readLinked(raw: unknown, base: URL): LinkedAction | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const entry = raw as Record<string, unknown>;
  const label = merchantWords(entry.label);
  if (label === null || typeof entry.href !== 'string' || entry.href.length > 2048) return null;
  const href = entry.href;
  const rawParameters = entry.parameters ?? [];
  if (!Array.isArray(rawParameters)) return null;
  const parameters: ActionParameter[] = [];
  let unsupported: string | null = null;
  if (rawParameters.length > 10) unsupported = 'It asks for more than 10 fields.';
  for (const item of rawParameters.slice(0, 10)) {
    const parameter = readParameter(item);
    if (typeof parameter === 'string') unsupported ??= parameter;
    else if (parameters.some((p) => p.name === parameter.name)) {
      unsupported ??= `It asks for "${parameter.name}" twice.`;
    } else parameters.push(parameter);
  }
  const type = entry.type ?? 'transaction';
  if (type !== 'transaction') {
    unsupported = `It asks for a kind of action Swapdesk does not do (${merchantWords(type) ?? 'unknown'}); Swapdesk signs only transactions it has reviewed.`;
  }
  for (const [, name] of href.matchAll(PLACEHOLDER)) {
    if (!parameters.some((p) => p.name === name)) {
      unsupported ??= `Its address needs a value "${merchantWords(name) ?? ''}" that it gives no field for.`;
    }
  }
  // The href must resolve to a place main may call, placeholders filled with anything.
  if (actionHrefUrl(href.replace(PLACEHOLDER, 'x'), base) === null) {
    unsupported ??= 'It posts to a place that is not an https address.';
  }
  return { label, href, parameters, unsupported };
}

/**
 * The action of a GET answer or a NextAction, from `base` (the URL it came from, for relative
 * hrefs). Throws MERCHANT_REFUSED in words when a required field (icon, title, description,
 * label) is missing or the type is not `action` (or, for a next action, `completed`).
 */
export function readActionBody(
  domain: string,
  body: Record<string, unknown>,
  base: URL,
  allowCompleted = false,
): ActionBody {
  const type = body.type ?? 'action';
  if (type !== 'action' && !(allowCompleted && type === 'completed')) {
    refused(domain, `its type is "${merchantWords(type) ?? 'not text'}", not "action"`);
  }
  const title = merchantWords(body.title);
  const description = merchantWords(body.description);
  const label = merchantWords(body.label);
  if (typeof body.icon !== 'string' || body.icon.length > 2048) refused(domain, 'it has no icon');
  if (title === null) refused(domain, 'it has no title');
  if (description === null) refused(domain, 'it has no description');
  if (label === null) refused(domain, 'it has no label');
  if (body.disabled !== undefined && typeof body.disabled !== 'boolean') {
    refused(domain, '"disabled" is not true or false');
  }
  const error =
    typeof body.error === 'object' && body.error !== null
      ? merchantWords((body.error as Record<string, unknown>).message)
      : null;
  let links: LinkedAction[];
  const rawLinks = (body.links as Record<string, unknown> | undefined)?.actions;
  if (type === 'completed') links = [];
  else if (rawLinks === undefined) {
    // The spec: no links.actions means one button with the root label, posting to the GET URL.
    links = [{ label, href: base.href, parameters: [], unsupported: null }];
  } else {
    if (!Array.isArray(rawLinks)) refused(domain, '"links.actions" is not a list');
    links = rawLinks
      .slice(0, MAX_LINKED_ACTIONS)
      .map((raw) => readLinked(raw, base))
      .filter((link): link is LinkedAction => link !== null);
  }
  return {
    type: type as ActionBody['type'],
    iconUrl: body.icon,
    title,
    description,
    label,
    disabled: body.disabled === true,
    error,
    links,
  };
}
