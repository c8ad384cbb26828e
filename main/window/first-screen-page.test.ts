import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_SCRIPT } from '../shared/first-screen';
import { WELCOME_CHOICES, WELCOME_TITLE } from '../shared/welcome-words';
import { CONTENT_SECURITY_POLICY } from './content-security-policy';
import { addFirstScreen } from './first-screen-page';

/** The page as the repository holds it, before the renderer's build. */
const SOURCE = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');

function scriptSrc(policy: string): string | undefined {
  return policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
}

describe('the page with its early welcome (issue 26)', () => {
  const page = addFirstScreen(SOURCE);

  it('carries one inline script, the one whose sha256 the meta tag and the header allow', () => {
    const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([FIRST_SCREEN_SCRIPT]);
    const hash = `'sha256-${createHash('sha256').update(inline[0]!, 'utf8').digest('base64')}'`;
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(page)![1]!;
    expect(scriptSrc(meta)).toBe(`script-src 'self' ${hash}`);
    expect(scriptSrc(CONTENT_SECURITY_POLICY)).toBe(`script-src 'self' ${hash}`);
    expect(meta).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('holds the welcome inert (a template) after an empty #root, so nothing shows before main answers', () => {
    expect(page).toMatch(/<div id="root"><\/div>\s*<template id="first-screen">/);
    const template = /<template id="first-screen">([\s\S]*?)<\/template>/.exec(page)![1]!;
    expect(template).toContain(`<h1 id="first-screen-title" tabindex="-1">${WELCOME_TITLE}</h1>`);
    expect([...template.matchAll(/<button [^>]*>([^<]+)<\/button>/g)].map((m) => m[1])).toEqual(
      WELCOME_CHOICES.map((c) => c.label),
    );
    // The script runs after the template is parsed (it reads it).
    expect(page.indexOf('<script>')).toBeGreaterThan(page.indexOf('</template>'));
  });

  it('refuses a page it cannot write into', () => {
    expect(() => addFirstScreen(SOURCE.replace('<div id="root"></div>', ''))).toThrow(/#root|root/);
    expect(() => addFirstScreen(SOURCE.replace(/<meta\s+http-equiv[\s\S]*?\/>/, ''))).toThrow(
      /Content-Security-Policy/,
    );
  });
});
