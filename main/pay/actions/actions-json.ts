/**
 * `actions.json` (Solana Actions spec, packages/actions-spec/README.md "actions.json",
 * "Rules"): a site's list of `{ pathPattern, apiPath }` rules mapping its own pages to the
 * Action API that serves them. `*` matches one path segment, `**` zero or more characters
 * including `/` and must be the last operator; `?` is unsupported; the page's query is kept
 * and appended to the mapped URL ("Rules - Query Parameters"). Read strictly: a file that is
 * not that shape is refused in words, and a rule that breaks the spec's own syntax is skipped
 * (so one bad rule cannot send the wallet somewhere its author did not mean).
 */
import { WalletError } from '../../shared/errors';
import { actionHrefUrl } from './action-url';

/** One rule of actions.json. */
export interface ActionRule {
  pathPattern: string;
  apiPath: string;
}

/** The most rules read: a site needs a handful; more is someone's mistake or a trap. */
export const MAX_ACTION_RULES = 100;

function refused(domain: string, what: string): never {
  throw new WalletError(
    'MERCHANT_REFUSED',
    `${domain}'s actions.json ${what}, so Swapdesk cannot tell which action this page offers. Ask the site for a solana-action: link.`,
  );
}

/** A pattern follows the spec's syntax: no `?`, `**` only once and last. */
function wellFormed(pattern: string): boolean {
  if (pattern.includes('?') || pattern.length > 512) return false;
  const at = pattern.indexOf('**');
  return at === -1 || (at === pattern.lastIndexOf('**') && !pattern.slice(at + 2).includes('*'));
}

/** The rules of an actions.json body; refuses a body that is not `{ rules: [...] }`. */
export function readActionsJson(domain: string, body: Record<string, unknown>): ActionRule[] {
  const rules = body.rules;
  if (!Array.isArray(rules)) refused(domain, 'has no list of "rules"');
  if (rules.length > MAX_ACTION_RULES) refused(domain, `has more than ${MAX_ACTION_RULES} rules`);
  const read: ActionRule[] = [];
  for (const rule of rules as unknown[]) {
    if (typeof rule !== 'object' || rule === null) continue;
    const { pathPattern, apiPath } = rule as Record<string, unknown>;
    if (typeof pathPattern !== 'string' || typeof apiPath !== 'string') continue;
    if (!wellFormed(pathPattern) || !wellFormed(apiPath)) continue;
    read.push({ pathPattern, apiPath });
  }
  return read;
}

const escape = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');

/** The captures of `pattern` (a path) on `path`, in order; null when it does not match. */
export function matchPath(pattern: string, path: string): string[] | null {
  const parts = pattern.split(/(\*\*|\*)/);
  const source = parts
    .map((part) => (part === '**' ? '(.*)' : part === '*' ? '([^/]+)' : escape(part)))
    .join('');
  const match = new RegExp(`^${source}$`).exec(path);
  return match === null ? null : match.slice(1);
}

/** `apiPath` with its `*` and `**` filled by the captures, in order. */
function fill(apiPath: string, captures: string[]): string {
  let index = 0;
  return apiPath.replace(/\*\*|\*/g, () => captures[index++] ?? '');
}

/**
 * The Action API URL the first matching rule maps `page` to, with the page's query appended;
 * null when no rule matches. A pattern may be relative (this site's paths) or absolute (then
 * its origin must be the page's).
 *
 * @example
 * mapActionUrl([{ pathPattern: '/trade/*', apiPath: '/api/actions/trade/*' }],
 *   new URL('https://site.example/trade/123?x=1'))?.href
 * // 'https://site.example/api/actions/trade/123?x=1'
 */
export function mapActionUrl(rules: readonly ActionRule[], page: URL): URL | null {
  for (const rule of rules) {
    let pattern = rule.pathPattern;
    if (/^https?:\/\//i.test(pattern)) {
      let absolute: URL;
      try {
        absolute = new URL(pattern.replace(/\*/g, '_'));
      } catch {
        continue;
      }
      if (absolute.origin !== page.origin) continue;
      const slash = pattern.indexOf('/', pattern.indexOf('//') + 2);
      pattern = slash === -1 ? '/' : pattern.slice(slash);
    }
    const captures = matchPath(pattern, page.pathname);
    if (captures === null) continue;
    const target = actionHrefUrl(fill(rule.apiPath, captures), page);
    if (target === null) continue;
    for (const [key, value] of page.searchParams) target.searchParams.append(key, value);
    return target;
  }
  return null;
}
