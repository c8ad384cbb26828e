/**
 * The Action exchange's own refusals, before any transaction is read (Solana Actions spec,
 * packages/actions-spec/README.md "actions.json", "POST Response", "Action Chaining"): a page
 * its actions.json does not map, a POST answer that is not a transaction, and a chained
 * callback at another origin ("If the callback url is not the same origin as the initial POST
 * request, no callback request should be made"). A fake fetch plays the site; the transaction
 * path itself is the merchants' and is tested over real HTTP (test/integration/action-*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { MerchantDeps } from '../merchant/merchant-review';
import { followNext, openAction, reviewAction } from './action-review';

const ACCOUNT = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const ACTION = {
  icon: 'https://shop.example/icon.png',
  title: 'Shop',
  description: 'Tip',
  label: 'Tip',
};

/** Deps whose fetch answers `routes` (method + URL) with JSON, and records what was called. */
function depsOf(routes: Record<string, unknown>) {
  const called: string[] = [];
  const fetch = (async (input: URL | string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    called.push(key);
    if (!(key in routes)) return new Response('{"message":"no"}', { status: 404 });
    return new Response(JSON.stringify(routes[key]), { status: 200 });
  }) as typeof globalThis.fetch;
  const deps = {
    http: { fetch },
    icon: async () => null,
    currentAccount: async () => ACCOUNT,
  } as unknown as MerchantDeps;
  return { deps, called };
}

describe('openAction', () => {
  it('resolves a page through actions.json, then GETs the mapped action', async () => {
    const { deps, called } = depsOf({
      'GET https://shop.example/actions.json': {
        rules: [{ pathPattern: '/tip', apiPath: '/api/tip' }],
      },
      'GET https://shop.example/api/tip?x=1': ACTION,
    });
    const action = await openAction(deps, 'https://shop.example/tip?x=1');
    expect(action).toMatchObject({ domain: 'shop.example', site: 'shop.example' });
    expect(action.iconNote).toContain('never an SVG');
    expect(called).toEqual([
      'GET https://shop.example/actions.json',
      'GET https://shop.example/api/tip?x=1',
    ]);
  });

  it('refuses a page its actions.json offers no action for, in words', async () => {
    const { deps } = depsOf({ 'GET https://shop.example/actions.json': { rules: [] } });
    await expect(openAction(deps, 'https://shop.example/about')).rejects.toThrow(
      "shop.example's actions.json offers no action for /about. Ask the site for a solana-action: link.",
    );
  });
});

describe('reviewAction', () => {
  async function reviewed(answer: unknown) {
    const { deps } = depsOf({
      'GET https://shop.example/api/tip': ACTION,
      'POST https://shop.example/api/tip': answer,
    });
    const action = await openAction(deps, 'solana-action:https://shop.example/api/tip');
    return reviewAction(deps, action, 0, {});
  }

  it('refuses a chained callback at another origin before anything is signed', async () => {
    await expect(
      reviewed({
        transaction: 'AA==',
        links: { next: { type: 'post', href: 'https://evil.example/next' } },
      }),
    ).rejects.toThrow(
      'shop.example asks to be told of your transaction at another site, which Solana Actions forbid. Nothing was signed; do not use this action.',
    );
  });

  it('refuses a next step that is neither a callback nor an action', async () => {
    await expect(
      reviewed({ transaction: 'AA==', links: { next: { type: 'jump' } } }),
    ).rejects.toThrow("shop.example's next step is neither a callback nor an action.");
  });

  it('refuses a POST answer of a kind it does not do (a message to sign)', async () => {
    await expect(reviewed({ type: 'message', data: 'sign me' })).rejects.toThrow(
      'shop.example answered with a kind of action Swapdesk does not do (not a transaction). Nothing was signed.',
    );
  });

  it('refuses a disabled action without posting', async () => {
    const { deps, called } = depsOf({
      'GET https://shop.example/api/tip': { ...ACTION, disabled: true },
    });
    const action = await openAction(deps, 'solana-action:https://shop.example/api/tip');
    await expect(reviewAction(deps, action, 0, {})).rejects.toThrow(
      'shop.example has turned this action off. Nothing was signed.',
    );
    expect(called.filter((c) => c.startsWith('POST'))).toEqual([]);
  });
});

describe('followNext', () => {
  it('posts {account, signature} to the callback and reads the completed action it answers', async () => {
    const bodies: unknown[] = [];
    const fetch = (async (_input: URL | string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ ...ACTION, type: 'completed', label: 'Tipped' }));
    }) as typeof globalThis.fetch;
    const deps = { http: { fetch }, icon: async () => null } as unknown as MerchantDeps;
    const next = await followNext(
      deps,
      { type: 'post', url: new URL('https://shop.example/api/tip/next') },
      ACCOUNT as never,
      'sig',
    );
    expect(bodies).toEqual([{ account: ACCOUNT, signature: 'sig' }]);
    expect(next.body).toMatchObject({ type: 'completed', label: 'Tipped', links: [] });
  });
});
