import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './content-security-policy';
import { createMainWindow, resolveAppPage, type AppPage } from './create-window';

/** BrowserWindow as far as the app uses it: captures options, records loads and handlers. */
function fakeBrowserWindow() {
  const created: Array<{ options: BrowserWindowConstructorOptions; window: FakeWindow }> = [];
  class FakeWindow {
    loads: string[] = [];
    events = new Map<string, () => void>();
    shown = false;
    hardening: string[] = [];
    webContents = {
      session: {
        webRequest: {
          onHeadersReceived: () => this.hardening.push('csp'),
        },
        setPermissionRequestHandler: () => this.hardening.push('permission-request'),
        setPermissionCheckHandler: () => this.hardening.push('permission-check'),
      },
      setWindowOpenHandler: () => this.hardening.push('window-open'),
      on: (name: string) => this.hardening.push(name),
    };
    constructor(options: BrowserWindowConstructorOptions) {
      created.push({ options, window: this });
    }
    async loadFile(path: string) {
      this.loads.push(`file:${path}`);
    }
    async loadURL(url: string) {
      this.loads.push(`url:${url}`);
    }
    once(name: string, listener: () => void) {
      this.events.set(name, listener);
    }
    show() {
      this.shown = true;
    }
  }
  return { FakeWindow, created };
}

const INDEX = '/opt/Swapdesk/out/renderer/index.html';
const filePage: AppPage = resolveAppPage({
  isPackaged: true,
  rendererUrl: undefined,
  indexHtmlPath: INDEX,
});

async function build(page: AppPage = filePage) {
  const { FakeWindow, created } = fakeBrowserWindow();
  const { window } = await createMainWindow({
    BrowserWindow: FakeWindow,
    openExternal: async () => {},
    preloadPath: '/opt/Swapdesk/out/preload/index.cjs',
    page,
  });
  return { window, options: created[0]!.options };
}

describe('createMainWindow', () => {
  it('creates the window with isolated, sandboxed, Node-free web preferences', async () => {
    const { options } = await build();
    expect(options.webPreferences).toMatchObject({
      preload: '/opt/Swapdesk/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    });
    expect(options.show).toBe(false);
  });

  it('hardens session and contents before loading the built page from disk', async () => {
    const { window } = await build();
    expect(window.hardening).toEqual([
      'csp',
      'permission-request',
      'permission-check',
      'window-open',
      'will-navigate',
      'will-redirect',
      'will-attach-webview',
    ]);
    expect(window.loads).toEqual([`file:${INDEX}`]);
    expect(window.shown).toBe(false);
    window.events.get('ready-to-show')!();
    expect(window.shown).toBe(true);
  });

  it('loads a dev server only when unpackaged and ELECTRON_RENDERER_URL is a local URL', async () => {
    const dev = resolveAppPage({
      isPackaged: false,
      rendererUrl: 'http://localhost:5173',
      indexHtmlPath: INDEX,
    });
    expect(dev).toEqual({ kind: 'url', url: 'http://localhost:5173' });
    expect((await build(dev)).window.loads).toEqual(['url:http://localhost:5173']);

    for (const [isPackaged, rendererUrl] of [
      [true, 'http://localhost:5173'], // packaged: never a dev server
      [false, undefined],
      [false, 'https://evil.example/'], // not this machine
      [false, 'file:///tmp/evil.html'],
      [false, 'not a url'],
    ] as const) {
      expect(resolveAppPage({ isPackaged, rendererUrl, indexHtmlPath: INDEX })).toEqual({
        kind: 'file',
        path: INDEX,
        url: 'file:///opt/Swapdesk/out/renderer/index.html',
      });
    }
  });
});

describe('renderer/index.html', () => {
  it('carries a CSP meta tag no looser than the header: script-src and connect-src self', async () => {
    const { readFile } = await import('node:fs/promises');
    const html = await readFile(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
    expect(meta, 'renderer/index.html has no CSP meta tag').not.toBeNull();
    const directives = new Map(
      meta![1]!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(meta![1]).not.toMatch(/unsafe-eval|unsafe-inline/);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
  });
});
