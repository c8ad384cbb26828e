import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './content-security-policy';
import { FIRST_SCREEN_SCRIPT } from '../shared/first-screen';
import {
  hardenSession,
  hardenWebContents,
  type NavigationEventLike,
  type SessionLike,
} from './harden';

const APP_URL = 'file:///opt/Swapdesk/out/renderer/index.html';

/** A session as Electron hands it over, recording the handlers set on it. */
function fakeSession() {
  const set: {
    headers?: Parameters<SessionLike['webRequest']['onHeadersReceived']>[0];
    request?: Parameters<SessionLike['setPermissionRequestHandler']>[0];
    check?: Parameters<SessionLike['setPermissionCheckHandler']>[0];
  } = {};
  const session: SessionLike = {
    webRequest: { onHeadersReceived: (listener) => (set.headers = listener) },
    setPermissionRequestHandler: (handler) => (set.request = handler),
    setPermissionCheckHandler: (handler) => (set.check = handler),
  };
  return { session, set };
}

/** Web contents recording their listeners; `emit` plays what Electron does on navigation. */
function fakeContents() {
  const listeners = new Map<string, (event: NavigationEventLike) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  return {
    contents: {
      setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
      on: (name: string, listener: (event: NavigationEventLike) => void) =>
        listeners.set(name, listener),
    },
    open: (url: string) => openHandler!({ url }),
    emit(name: string, url: string): boolean {
      let prevented = false;
      listeners.get(name)!({ url, preventDefault: () => (prevented = true) });
      return prevented;
    },
    has: (name: string) => listeners.has(name),
  };
}

function opener() {
  const opened: string[] = [];
  return { opened, openExternal: async (url: string) => void opened.push(url) };
}

describe('hardenSession', () => {
  it('puts our CSP on every response, replacing one a server sent', () => {
    const { session, set } = fakeSession();
    hardenSession(session);
    let out: Record<string, string | string[]> | undefined;
    set.headers!(
      { responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['1'] } },
      (response) => (out = response.responseHeaders),
    );
    expect(out).toEqual({ 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
    set.headers!({}, (response) => (out = response.responseHeaders));
    expect(out).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  it('denies every permission request and check', () => {
    const { session, set } = fakeSession();
    hardenSession(session);
    for (const permission of [
      'media',
      'notifications',
      'clipboard-read',
      'geolocation',
      'openExternal',
    ]) {
      let granted: boolean | undefined;
      set.request!({}, permission, (answer) => (granted = answer));
      expect(granted, permission).toBe(false);
      expect(set.check!({}, permission, 'file://', {})).toBe(false);
    }
  });
});

describe('CSP', () => {
  it('allows scripts and connections only from the app itself, and one inline script by its hash', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [
        d.split(' ')[0],
        d.split(' ').slice(1).join(' '),
      ]),
    );
    expect(directives.get('default-src')).toBe("'none'");
    // The one inline script: the welcome drawn before React (issue 26), by the sha256 of its
    // exact bytes, computed here independently of the module's own helper.
    const hash = createHash('sha256').update(FIRST_SCREEN_SCRIPT, 'utf8').digest('base64');
    expect(directives.get('script-src')).toBe(`'self' 'sha256-${hash}'`);
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
  });
});

describe('hardenWebContents', () => {
  it('denies every new window; an allow-listed explorer link goes to the system browser', () => {
    const f = fakeContents();
    const o = opener();
    hardenWebContents(f.contents, APP_URL, o.openExternal);
    expect(f.open('https://explorer.solana.com/tx/abc')).toEqual({ action: 'deny' });
    expect(f.open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(f.open('http://solscan.io/')).toEqual({ action: 'deny' });
    expect(o.opened).toEqual(['https://explorer.solana.com/tx/abc']);
  });

  it('blocks navigation and redirects away from the app page, allows the app page itself', () => {
    const f = fakeContents();
    const o = opener();
    hardenWebContents(f.contents, APP_URL, o.openExternal);
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(f.emit(event, `${APP_URL}#/swap`), event).toBe(false);
      expect(f.emit(event, 'https://evil.example/'), event).toBe(true);
      expect(f.emit(event, 'file:///etc/passwd'), event).toBe(true);
      expect(f.emit(event, 'file:///opt/Swapdesk/out/renderer/other.html'), event).toBe(true);
      expect(f.emit(event, 'https://solscan.io/tx/1'), event).toBe(true);
    }
    // The explorer link was not followed in the window but opened outside, once per event.
    expect(o.opened).toEqual(['https://solscan.io/tx/1', 'https://solscan.io/tx/1']);
  });

  it('refuses <webview>', () => {
    const f = fakeContents();
    hardenWebContents(f.contents, APP_URL, opener().openExternal);
    expect(f.emit('will-attach-webview', 'https://solscan.io/')).toBe(true);
  });

  it('does not fail when the system browser cannot open a link', async () => {
    const f = fakeContents();
    hardenWebContents(f.contents, APP_URL, () => Promise.reject(new Error('no browser')));
    expect(f.open('https://solscan.io/')).toEqual({ action: 'deny' });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
