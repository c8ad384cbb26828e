import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firstStylesheetHref, inlinable, inlineFirstStylesheet } from './inline-stylesheet';

// As Vite writes the page: the CSP meta tag, the module script, its preloads, the style sheet.
const PAGE =
  `<head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'" />` +
  '<script type="module" crossorigin src="./assets/a.js"></script><link rel="modulepreload" crossorigin href="./assets/r.js">' +
  '<link rel="stylesheet" crossorigin href="./assets/a.css"><link rel="stylesheet" href="./assets/b.css"></head><body></body>';

describe('the preview page’s first style sheet inline', () => {
  it('finds the first style sheet, not a module preload', () => {
    expect(firstStylesheetHref(PAGE)).toBe('./assets/a.css');
    expect(firstStylesheetHref('<head><link rel="modulepreload" href="r.js"></head>')).toBeNull();
  });

  it('writes the sheet in place of its link, allowed by its hash alone in the meta policy', () => {
    const css = '.a{color:red}.b{background:url(data:image/png;base64,AA==)}';
    const result = inlineFirstStylesheet(PAGE, css);
    const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect(result?.hash).toBe(hash);
    expect(result?.html).toContain(`script-src 'self'; style-src 'self' ${hash}"`);
    expect(result?.html).toContain(
      `<style>${css}</style><link rel="stylesheet" href="./assets/b.css">`,
    );
    expect(result?.html).not.toContain('a.css');
  });

  it('keeps a sheet that would read otherwise inline as a link', () => {
    // A relative url() would resolve against the page, not the sheet's folder.
    expect(inlinable('@font-face{src:url(./font.woff2)}')).toBe(false);
    expect(inlinable("a{background:url('../img/x.png')}")).toBe(false);
    // Text that ends the <style> element early.
    expect(inlinable('a::after{content:"</style><script>"}')).toBe(false);
    expect(inlineFirstStylesheet(PAGE, 'a{background:url(x.png)}')).toBeNull();
    expect(inlineFirstStylesheet('<head></head>', 'a{}')).toBeNull();
    expect(inlinable('a{color:red}b{background:url("#gradient")}')).toBe(true);
  });
});
