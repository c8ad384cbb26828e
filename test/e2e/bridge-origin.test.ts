/**
 * The preview's bridge answers its own page and nobody else: a page on another origin, even
 * one that somehow knows the token, cannot call it, while the preview page can, also after a
 * reload (the token moves from the URL fragment to sessionStorage).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../preload/contract';
import { launchBrowser, type PageGlobals } from '../harness/browser';
import { startPreview, type RunningPreview } from '../harness/preview';

let preview: RunningPreview;
let browser: Browser;
let other: Server;
let otherOrigin: string;

beforeAll(async () => {
  preview = await startPreview();
  browser = await launchBrowser();
  other = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>another site</title><p>another site</p>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (other ? other.close(() => resolve()) : resolve()));
  await preview?.stop();
});

async function previewPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(preview.url);
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).wallet !== undefined);
  return page;
}

describe('web preview bridge in Chromium', () => {
  it('lets the preview page call window.wallet.app.info()', async () => {
    const page = await previewPage();
    const info = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).wallet!.app.info({}),
    );
    expect(info).toMatchObject({
      ok: true,
      value: {
        shell: 'web-preview',
        network: { id: 'sandbox', isSandbox: true, rpcUrl: preview.rpcUrl },
      },
    });
    await page.close();
  });

  it('exposes exactly the contract methods, frozen', async () => {
    const page = await previewPage();
    const shape = await page.evaluate(() => {
      const wallet = (globalThis as unknown as PageGlobals).wallet as unknown as Record<
        string,
        Record<string, unknown>
      >;
      const names = Object.entries(wallet).flatMap(([ns, verbs]) =>
        Object.keys(verbs).map((verb) => `${ns}.${verb}`),
      );
      return {
        names,
        frozen: Object.isFrozen(wallet) && Object.values(wallet).every(Object.isFrozen),
      };
    });
    expect(shape.names.sort()).toEqual([...METHOD_NAMES].sort());
    expect(shape.frozen).toBe(true);
    await page.close();
  });

  it('keeps working after a reload, with the token gone from the address bar', async () => {
    const page = await previewPage();
    expect(page.url()).not.toContain('token=');
    await page.reload();
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).wallet !== undefined);
    const info = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).wallet!.app.info({}),
    );
    expect(info.ok).toBe(true);
    await page.close();
  });

  it('refuses a page on another origin, even one that knows the token', async () => {
    const page = await browser.newPage();
    await page.goto(`${otherOrigin}/`);
    const attempts = await page.evaluate(
      async ({ origin, token }) => {
        const outcome = async (run: () => Promise<Response>): Promise<string> => {
          try {
            const response = await run();
            return `answered ${response.type} ${response.status}`;
          } catch (error) {
            return `failed: ${(error as Error).name}`;
          }
        };
        return {
          // What a script would do: JSON with the token header (needs a CORS preflight).
          cors: await outcome(() =>
            fetch(`${origin}/bridge/accounts.create`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-swapdesk-token': token },
              body: '{}',
            }),
          ),
          // A "simple" request that skips the preflight; its answer is unreadable anyway.
          simple: await outcome(() =>
            fetch(`${origin}/bridge/accounts.create`, {
              method: 'POST',
              mode: 'no-cors',
              body: '{}',
            }),
          ),
        };
      },
      { origin: preview.origin, token: preview.token },
    );
    expect(attempts.cors).toBe('failed: TypeError');
    expect(attempts.simple).toBe('answered opaque 0');
    await page.close();

    // Neither attempt created an account: the preview page still sees none.
    const own = await previewPage();
    const state = await own.evaluate(() =>
      (globalThis as unknown as PageGlobals).wallet!.accounts.list({}),
    );
    expect(state).toEqual({ ok: true, value: { accounts: [], current: null } });
    await own.close();
  });

  it('answers UNTRUSTED_SENDER to a page of its own origin that has no token', async () => {
    const page = await browser.newPage();
    await page.goto(`${preview.origin}/`);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).wallet !== undefined);
    const result = await page.evaluate(() =>
      fetch('/bridge/app.info', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-swapdesk-token': 'guess' },
        body: '{}',
      }).then(async (response) => ({ status: response.status, body: await response.json() })),
    );
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
    await page.close();
  });
});
