import { describe, expect, it } from 'vitest';
import { isServiceMessage, MAX_SERVICE_MESSAGE, sanitizeServiceText } from './service-message';

const PHISH = 'Your wallet is compromised. Visit https://jup-support.example to restore it';

describe('sanitizeServiceText', () => {
  it('defangs a link: nothing reads or copies as an address to open', () => {
    expect(sanitizeServiceText(PHISH)).toBe(
      'Your wallet is compromised. Visit hxxps[:]//jup-support[.]example to restore it',
    );
    expect(sanitizeServiceText('go to www.jup-support.example/restore?x=1')).toBe(
      'go to www[.]jup-support[.]example/restore?x=1',
    );
    expect(sanitizeServiceText('mail help@jup-support.example or 10.0.0.1')).toBe(
      'mail help@jup-support[.]example or 10[.]0[.]0[.]1',
    );
    // Dots that only look like dots, and zero-width characters inside a name.
    expect(sanitizeServiceText('jup-support\uff0eexample')).toBe('jup-support[.]example');
    expect(sanitizeServiceText('jup\u200b.support.example')).not.toMatch(/support\.example/);
    expect(sanitizeServiceText('javascript://x.example')).toBe('javascripx[:]//x[.]example');
  });

  it('drops control and bidi characters and collapses whitespace', () => {
    expect(sanitizeServiceText('  Pool\u0000 is\n\tpaused\u001b[31m \u202eesrever\u2066  ')).toBe(
      'Pool is paused [31m esrever',
    );
  });

  it('keeps plain service words as they are (decimals, versions, codes)', () => {
    const words = 'Query parameter amount cannot be parsed: ParseIntError { kind: InvalidDigit }';
    expect(sanitizeServiceText(words)).toBe(words);
    expect(sanitizeServiceText('slippage 0.5% over v1.2')).toBe('slippage 0.5% over v1.2');
  });

  it('caps at 200 characters with an ellipsis, and answers "" for what is not text', () => {
    const long = sanitizeServiceText('x'.repeat(5000));
    expect(long).toBe(`${'x'.repeat(MAX_SERVICE_MESSAGE - 1)}…`);
    expect(sanitizeServiceText({ error: 'x' })).toBe('');
    expect(sanitizeServiceText(undefined)).toBe('');
  });

  it('is idempotent, so the bridge can check what it sends (isServiceMessage)', () => {
    const samples = [
      PHISH,
      `${'a'.repeat(196)}b.cd9 tail`,
      `${'y '.repeat(120)}https://a.example`,
      'x\u202e.y\u0000z',
    ];
    for (let seed = 1; seed < 300; seed += 1) {
      const chars = 'ab.:/ \u202e\u0000h9…ttps';
      let text = '';
      for (let i = 0; i < (seed * 7) % 230; i += 1)
        text += chars[(seed * 31 + i * i) % chars.length];
      samples.push(text);
    }
    for (const sample of samples) {
      const once = sanitizeServiceText(sample);
      expect(sanitizeServiceText(once)).toBe(once);
      if (once !== '') expect(isServiceMessage(once)).toBe(true);
    }
    expect(isServiceMessage(PHISH)).toBe(false);
    expect(isServiceMessage('')).toBe(false);
  });
});
