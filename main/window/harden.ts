/**
 * Hardening of the window's session and web contents. Electron's objects are passed in; the
 * interfaces below are the small part of them this file uses, so unit tests hand in fakes that
 * record the handlers and then call them like Electron would.
 */
import { CONTENT_SECURITY_POLICY } from './content-security-policy';
import { isAllowedExternalUrl } from './external-links';
import { pageOf } from '../shared/url-text';

type HeaderMap = Record<string, string | string[]>;

export interface SessionLike {
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { responseHeaders?: HeaderMap },
        callback: (response: { responseHeaders?: HeaderMap }) => void,
      ) => void,
    ): void;
  };
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
    ) => void,
  ): void;
  setPermissionCheckHandler(handler: (...args: unknown[]) => boolean): void;
}

export interface NavigationEventLike {
  url: string;
  preventDefault(): void;
}

export interface WebContentsLike {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(
    event: 'will-navigate' | 'will-redirect' | 'will-attach-webview',
    listener: (event: NavigationEventLike) => void,
  ): unknown;
}

export type OpenExternal = (url: string) => Promise<void>;

/**
 * Sets the CSP header on every response of the session and denies every permission request
 * and check (camera, notifications, clipboard-read, geolocation, ...: the wallet needs none).
 */
export function hardenSession(session: SessionLike): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers: HeaderMap = { ...(details.responseHeaders ?? {}) };
    // Drop any policy a server sent (any casing) so ours is the one that applies.
    for (const name of Object.keys(headers)) {
      if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    }
    headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders: headers });
  });
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Opens an allow-listed explorer link in the system browser; drops anything else. */
function openIfAllowed(url: string, openExternal: OpenExternal): void {
  if (!isAllowedExternalUrl(url)) return;
  openExternal(url).catch(() => {
    // No browser to open is not the wallet's failure; nothing to report to the page.
  });
}

/**
 * Denies new windows, blocks navigation and redirects away from the app's own page and
 * refuses <webview>. Links to allow-listed block explorers go to the system browser instead.
 */
export function hardenWebContents(
  contents: WebContentsLike,
  appUrl: string,
  openExternal: OpenExternal,
): void {
  const appPage = pageOf(appUrl);
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url, openExternal);
    return { action: 'deny' };
  });
  const guard = (event: NavigationEventLike): void => {
    if (appPage !== null && pageOf(event.url) === appPage) return;
    event.preventDefault();
    openIfAllowed(event.url, openExternal);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
