import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from './external-links';

describe('isAllowedExternalUrl', () => {
  it('allows https pages of the listed block explorers', () => {
    for (const url of [
      'https://explorer.solana.com/tx/5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      'https://explorer.solana.com/address/4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T?cluster=devnet',
      'https://solscan.io/account/4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
      'https://solana.fm/tx/abc',
      'HTTPS://EXPLORER.SOLANA.COM/tx/abc',
    ]) {
      expect(isAllowedExternalUrl(url), url).toBe(true);
    }
  });

  it('refuses everything else, including look-alikes and parser tricks', () => {
    for (const url of [
      'http://explorer.solana.com/tx/abc', // not https
      'https://explorer.solana.com@evil.example/tx', // userinfo: the host is evil.example
      'https://evil.example@explorer.solana.com/tx', // credentials in a link
      'https://user:pass@solscan.io/', // credentials in a link
      'https://explorer.solana.com.evil.example/', // suffix look-alike
      'https://evilsolscan.io/', // prefix look-alike
      'https://api.solscan.io/', // subdomain not listed
      'https://solscan.io.:443/', // trailing dot
      'https://solscan.io:8443/', // other port
      'https://xn--solscn-2ua.io/', // punycode look-alike
      'https://ѕolscan.io/', // Cyrillic s
      'https://explorer.solana.com\\@evil.example/', // backslash confusion
      ' https://solscan.io/', // leading space
      'https://solscan.io/\n', // control character
      'javascript:alert(1)//https://solscan.io/',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'solscan.io/tx/abc', // no scheme
      '//solscan.io/tx/abc', // scheme-relative
      `https://solscan.io/${'a'.repeat(3000)}`, // absurdly long
      '',
      'not a url',
      null,
      42,
    ]) {
      expect(isAllowedExternalUrl(url), String(url)).toBe(false);
    }
  });
});
