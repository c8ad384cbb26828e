import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../window/content-security-policy';
import { createStaticFiles, injectBridgeScript, preloadLinks } from './static-files';
import { tempDir } from '../../test/fixtures/temp-dirs';

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = tempDir('swapdesk-static-');
  mkdirSync(join(dir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'renderer', 'index.html'),
    `<!doctype html><html><head><meta charset="UTF-8" /><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'" /><script type="module" src="./assets/app.js"></script></head><body></body></html>`,
  );
  writeFileSync(join(dir, 'renderer', 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(dir, 'outside.txt'), 'SECRET-OUTSIDE');
  const serve = createStaticFiles(join(dir, 'renderer'), '/* bridge */');
  server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request: the path is sent as written, not normalized like fetch would. */
function get(
  path: string,
  method = 'GET',
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('preview static files', () => {
  it('serves index.html with the bridge script inline before the app script, allowed by its hash alone', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    // The app's CSP, with one exception: this exact script (sha256 of '/* bridge */').
    const hash = `'sha256-${createHash('sha256').update('/* bridge */').digest('base64')}'`;
    expect(page.headers['content-security-policy']).toBe(
      CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${hash}`),
    );
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Its first script asked for as the response arrives, before the page is parsed.
    expect(page.headers['link']).toBe('<./assets/app.js>; rel=modulepreload');
    // The meta tag's policy (the page's own, also enforced) allows it the same way.
    expect(page.body).toContain(`script-src 'self' ${hash}; style-src 'self'`);
    expect(page.body).toContain('<script>/* bridge */</script>');
    // Other responses keep the app's policy as it is.
    expect((await get('/assets/app.js')).headers['content-security-policy']).toBe(
      CONTENT_SECURITY_POLICY,
    );
  });

  it('serves assets and the bridge script with their types', async () => {
    const js = await get('/assets/app.js');
    expect(js.body).toBe('console.log("app")');
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    const bridge = await get('/preview-bridge.js');
    expect(bridge.body).toBe('/* bridge */');
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/../outside.txt',
      '/assets/../../outside.txt',
      '/..%2foutside.txt',
      '/%2e%2e/outside.txt',
      '/assets/..%2F..%2Foutside.txt',
      '/..\\outside.txt',
      '/%00/../outside.txt',
    ]) {
      const response = await get(path);
      expect(response.body, path).not.toContain('SECRET-OUTSIDE');
    }
  });

  it('answers app routes with the page, unknown files with 404, writes with 405', async () => {
    expect((await get('/swap')).body).toContain('<script>/* bridge */</script>');
    expect((await get('/nope.js')).status).toBe(404);
    expect((await get('/', 'POST')).status).toBe(405);
    expect((await get('/', 'HEAD')).body).toBe('');
  });
});

describe('injectBridgeScript', () => {
  it('puts the script after the app’s script tags and ahead of the style sheet, or at the end of head', () => {
    const tag = '<script>run()</script>';
    expect(injectBridgeScript('<head><title>x</title></head>', 'run()')).toMatch(
      /<title>x<\/title><script>run\(\)<\/script>\s*<\/head>/,
    );
    expect(injectBridgeScript('<p>no head</p>', 'run()').startsWith(tag)).toBe(true);
    // As Vite writes the page: the module script, its preloads, then the style sheet.
    const page = injectBridgeScript(
      '<head><link rel="icon" href="data:,"><script type="module" src="a.js"></script><link rel="modulepreload" href="b.js"><link rel="stylesheet" href="a.css"></head>',
      'run()',
    );
    expect(page.indexOf(tag)).toBeGreaterThan(page.indexOf('rel="modulepreload"'));
    expect(page.indexOf(tag)).toBeLessThan(page.indexOf('rel="stylesheet"'));
  });

  it('refuses a script that would end its own tag, and a policy with no script-src to extend', () => {
    expect(() => injectBridgeScript('<head></head>', 'a("</script>")')).toThrow();
    expect(() =>
      injectBridgeScript(
        `<head><meta http-equiv="Content-Security-Policy" content="default-src 'self'"></head>`,
        'run()',
      ),
    ).toThrow();
  });
});

describe('preloadLinks', () => {
  it('names the first script, its module preloads and the style sheet, as the page names them', () => {
    expect(
      preloadLinks(
        '<head><link rel="icon" href="data:,"><script type="module" crossorigin src="./assets/a.js"></script><link rel="modulepreload" crossorigin href="./assets/r.js"><link rel="stylesheet" crossorigin href="./assets/a.css"></head><body><script src="/other.js"></script></body>',
      ),
    ).toBe(
      '<./assets/a.js>; rel=modulepreload, <./assets/r.js>; rel=modulepreload, <./assets/a.css>; rel=preload; as=style; crossorigin=anonymous',
    );
    expect(preloadLinks('<head></head>')).toBe('');
  });
});
