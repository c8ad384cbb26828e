/**
 * actions.json rules (Solana Actions spec, packages/actions-spec/README.md "Rules -
 * pathPattern", "Rules - apiPath", "Rules - Query Parameters", "Rules - Path Matching"): the
 * spec's own examples, matched as it says.
 */
import { describe, expect, it } from 'vitest';
import { WalletError } from '../../shared/errors';
import { mapActionUrl, matchPath, readActionsJson } from './actions-json';

const page = (path: string) => new URL(`https://my-site.com${path}`);
const mapped = (rules: { pathPattern: string; apiPath: string }[], path: string) =>
  mapActionUrl(rules, page(path))?.href ?? null;

describe('matchPath', () => {
  it("matches the spec's examples: exact, * one segment, ** the rest", () => {
    expect(matchPath('/exact-path', '/exact-path')).toEqual([]);
    expect(matchPath('/exact-path', '/exact-path/more')).toBeNull();
    expect(matchPath('/trade/*', '/trade/123')).toEqual(['123']);
    expect(matchPath('/trade/*', '/trade/abc')).toEqual(['abc']);
    expect(matchPath('/trade/*', '/trade/1/2')).toBeNull();
    expect(matchPath('/category/*/item/**', '/category/123/item/456')).toEqual(['123', '456']);
    expect(matchPath('/category/*/item/**', '/category/abc/item/def/ghi')).toEqual([
      'abc',
      'def/ghi',
    ]);
    expect(matchPath('/api/actions/trade/*/confirm', '/api/actions/trade/123/confirm')).toEqual([
      '123',
    ]);
    expect(matchPath('/a.b', '/aXb')).toBeNull();
  });
});

describe('mapActionUrl', () => {
  it("maps the first matching rule, filling * and ** in order, keeping the page's query", () => {
    const rules = [
      { pathPattern: '/buy', apiPath: '/api/buy' },
      { pathPattern: '/trade/*', apiPath: '/api/actions/trade/*' },
      { pathPattern: '/donate/*', apiPath: 'https://api.example.com/v1/donate/*' },
      { pathPattern: '/swap/**', apiPath: '/api/swap/**' },
      { pathPattern: '/api/actions/**', apiPath: '/api/actions/**' },
    ];
    expect(mapped(rules, '/buy')).toBe('https://my-site.com/api/buy');
    expect(mapped(rules, '/trade/123?amount=2')).toBe(
      'https://my-site.com/api/actions/trade/123?amount=2',
    );
    expect(mapped(rules, '/donate/alice')).toBe('https://api.example.com/v1/donate/alice');
    expect(mapped(rules, '/swap/SOL-USDC/fast')).toBe('https://my-site.com/api/swap/SOL-USDC/fast');
    expect(mapped(rules, '/api/actions/vote/1')).toBe('https://my-site.com/api/actions/vote/1');
    expect(mapped(rules, '/about')).toBeNull();
  });

  it("takes an absolute pathPattern only for the page's own origin", () => {
    const rules = [{ pathPattern: 'https://my-site.com/exact-path', apiPath: '/api/exact-path' }];
    expect(mapped(rules, '/exact-path')).toBe('https://my-site.com/api/exact-path');
    const other = [{ pathPattern: 'https://other.com/exact-path', apiPath: '/api/exact-path' }];
    expect(mapped(other, '/exact-path')).toBeNull();
  });

  it('never maps to a place that is not https', () => {
    expect(mapped([{ pathPattern: '/x', apiPath: 'http://evil.example/x' }], '/x')).toBeNull();
    expect(mapped([{ pathPattern: '/x', apiPath: 'javascript:alert(1)' }], '/x')).toBeNull();
  });
});

describe('readActionsJson', () => {
  it('keeps well-formed rules and skips those the spec does not allow (?, ** not last)', () => {
    expect(
      readActionsJson('my-site.com', {
        rules: [
          { pathPattern: '/a', apiPath: '/api/a' },
          { pathPattern: '/b?', apiPath: '/api/b' },
          { pathPattern: '/c/**/d/*', apiPath: '/api/c' },
          { pathPattern: 1, apiPath: '/api/e' },
          'nonsense',
        ],
      }),
    ).toEqual([{ pathPattern: '/a', apiPath: '/api/a' }]);
  });

  it('refuses a file that is not { rules: [...] }, in words', () => {
    expect(() => readActionsJson('my-site.com', { rule: [] })).toThrow(
      new WalletError(
        'MERCHANT_REFUSED',
        'my-site.com\'s actions.json has no list of "rules", so Swapdesk cannot tell which action this page offers. Ask the site for a solana-action: link.',
      ),
    );
  });
});
