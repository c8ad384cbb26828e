/**
 * Action links (Solana Actions spec, solana-developers/solana-actions,
 * packages/actions-spec/README.md "URL Scheme"; solana.com/docs/advanced/actions "Blinks"):
 * every form the spec shows is read to the Action URL main calls, and malformed ones are
 * refused in words ("If the decoded value is not an absolute HTTPS URL, the wallet must reject
 * it as malformed").
 */
import { describe, expect, it } from 'vitest';
import { WalletError } from '../../shared/errors';
import { actionHrefUrl, actionTarget, isActionText } from './action-url';

function refusal(text: string): string {
  try {
    actionTarget(text);
  } catch (error) {
    expect(error).toBeInstanceOf(WalletError);
    expect((error as WalletError).code).toBe('INVALID_PAYMENT_REQUEST');
    return (error as WalletError).message;
  }
  throw new Error(`${text} was read`);
}

describe('actionTarget', () => {
  it("reads the spec's solana-action: forms, plain and URL-encoded", () => {
    expect(actionTarget('solana-action:https://actions.alice.com/donate')).toEqual({
      kind: 'action',
      via: 'solana-action',
      url: new URL('https://actions.alice.com/donate'),
    });
    // "If the URL contains query parameters, it must be URL-encoded."
    const encoded = actionTarget(
      'solana-action:https%3A%2F%2Factions.alice.com%2Fdonate%3Famount%3D1',
    );
    expect(encoded.url.href).toBe('https://actions.alice.com/donate?amount=1');
  });

  it('reads interstitial (blink) URLs whose ?action= holds the Action URL, encoded or not', () => {
    for (const text of [
      'https://example.domain/?action=solana-action%3Ahttps%3A%2F%2Factions.alice.com%2Fdonate',
      'https://dial.to/?action=solana-action:https://actions.alice.com/donate',
      'https://example.domain/?action=solana-action%253Ahttps%253A%252F%252Factions.alice.com%252Fdonate',
    ]) {
      expect(actionTarget(text)).toEqual({
        kind: 'action',
        via: 'interstitial',
        url: new URL('https://actions.alice.com/donate'),
      });
    }
  });

  it('leaves a plain website URL to its actions.json', () => {
    expect(actionTarget('https://my-site.com/trade/123')).toEqual({
      kind: 'website',
      url: new URL('https://my-site.com/trade/123'),
    });
  });

  it('allows plain http only to this machine (the sandbox)', () => {
    expect(actionTarget('solana-action:http://127.0.0.1:8899/tip').url.host).toBe('127.0.0.1:8899');
    expect(refusal('solana-action:http://actions.alice.com/donate')).toBe(
      "This action link's address is not https (it is http), and Solana Actions are served over https only. Ask the site for an https link.",
    );
  });

  it('refuses malformed links in words', () => {
    expect(refusal('')).toBe('Paste an action link (solana-action:… or an https address).');
    expect(refusal('solana-action:')).toBe(
      "This action link's address is not a complete web address (https://…). Copy the link again.",
    );
    expect(refusal('solana-action:/donate')).toContain('not a complete web address');
    expect(refusal('solana-action:https%3A%2F%2Fbad%ZZ')).toBe(
      "This action link's address is badly encoded. Copy the link again from its site.",
    );
    expect(refusal('solana-action:https://user:pw@actions.alice.com/donate')).toContain(
      'carries a user name or password',
    );
    expect(refusal('solana-action:solana-action:https://actions.alice.com/donate')).toContain(
      'holds another action link inside it',
    );
    expect(refusal('solana-action:javascript:alert(1)')).toContain(
      'is not https (it is javascript)',
    );
    expect(refusal('https://dial.to/?action=https://actions.alice.com/donate')).toBe(
      'This address carries an "action" that is not a Solana Action link (solana-action:…). Copy the link again from its site.',
    );
    expect(refusal('ftp://actions.alice.com/donate')).toContain('is not https (it is ftp)');
    expect(refusal(`solana-action:https://a.example/${'x'.repeat(3000)}`)).toMatch(
      /^This action link is \d+ characters long; Swapdesk reads at most \d+\.$/,
    );
  });

  it('tells action text from Solana Pay text', () => {
    expect(isActionText('solana-action:https://a.example')).toBe(true);
    expect(isActionText('https://a.example/tip')).toBe(true);
    expect(isActionText('solana:https://a.example/pay')).toBe(false);
  });
});

describe('actionHrefUrl', () => {
  const base = new URL('https://actions.alice.com/donate');
  it('resolves relative hrefs and keeps https', () => {
    expect(actionHrefUrl('/donate/1', base)?.href).toBe('https://actions.alice.com/donate/1');
    expect(actionHrefUrl('https://other.example/x', base)?.href).toBe('https://other.example/x');
  });
  it('refuses anything else, and loopback http from a public action', () => {
    expect(actionHrefUrl('javascript:alert(1)', base)).toBeNull();
    expect(actionHrefUrl('http://127.0.0.1:8899/x', base)).toBeNull();
    expect(actionHrefUrl('/x', new URL('http://127.0.0.1:8899/tip'))?.href).toBe(
      'http://127.0.0.1:8899/x',
    );
  });
});
