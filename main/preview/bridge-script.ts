/**
 * The script the web preview writes into its page (inline, allowed by its hash:
 * static-files.ts; also served at /preview-bridge.js): it builds `window.wallet` in the page,
 * one function per contract method, each a POST to /bridge/<method> with the run's token. It is
 * the preview's stand-in for the preload script and has the same shape as `buildWalletApi` in
 * preload/wallet-api.ts (named methods only, frozen, nothing else).
 *
 * The token arrives in the URL fragment (`#token=...`, never sent to any server and not in the
 * Referer), is moved to sessionStorage so a reload keeps working, and is removed from the
 * address bar before the app's own scripts run (the renderer routes with the fragment).
 *
 * What the first screen needs (EARLY_METHODS: app.start) is asked at once, as the preload does:
 * the page's calls of it take that answer until another method is called (issue 26).
 */
import type { MethodName } from '../../preload/contract';
import { EARLY_METHODS } from '../../preload/wallet-api';
import { BRIDGE_PATH, TOKEN_HEADER } from '../bridge/http-transport';

export const BRIDGE_SCRIPT_PATH = '/preview-bridge.js';
export const TOKEN_STORAGE_KEY = 'swapdesk.previewToken';

/** The JavaScript source of /preview-bridge.js for these methods. */
export function bridgeScriptSource(methods: readonly MethodName[]): string {
  return `// Swapdesk web preview: window.wallet over the loopback bridge. Generated; see main/preview/bridge-script.ts.
(() => {
  'use strict';
  const METHODS = ${JSON.stringify(methods)};
  const KEY = ${JSON.stringify(TOKEN_STORAGE_KEY)};
  const hash = location.hash.replace(/^#/, '');
  const parts = hash.split('&');
  const tokenPart = parts.find((part) => /^token=[0-9a-f]{64}$/.test(part));
  if (tokenPart) sessionStorage.setItem(KEY, tokenPart.slice('token='.length));
  const token = sessionStorage.getItem(KEY);
  const failure = (code, message) => ({ ok: false, error: { code, message } });
  async function call(name, request) {
    if (!token) {
      return failure('UNTRUSTED_SENDER', 'Open the preview with the address it printed when it started: that address carries its access token.');
    }
    let response;
    try {
      response = await fetch(${JSON.stringify(BRIDGE_PATH)} + encodeURIComponent(name), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ${JSON.stringify(TOKEN_HEADER)}: token },
        body: JSON.stringify(request === undefined ? {} : request),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      return failure('BRIDGE_UNAVAILABLE', 'The Swapdesk preview server is not running. Start it again with npm run start:web.');
    }
    try {
      return await response.json();
    } catch {
      return failure('INTERNAL', 'The Swapdesk preview server gave an unreadable answer.');
    }
  }
  const EARLY = ${JSON.stringify(EARLY_METHODS)};
  const early = new Map();
  for (const name of EARLY) if (METHODS.includes(name)) early.set(name, call(name, {}));
  // The token leaves the address bar once the first call is on its way (the page sends no
  // Referer), still before the app's own scripts run.
  if (tokenPart) {
    const rest = parts.filter((part) => part !== tokenPart).join('&');
    history.replaceState(history.state, '', location.pathname + location.search + (rest ? '#' + rest : ''));
  }
  const isEmpty = (request) =>
    request === undefined || request === null || (typeof request === 'object' && Object.keys(request).length === 0);
  const api = {};
  for (const name of METHODS) {
    const dot = name.indexOf('.');
    const ns = name.slice(0, dot);
    const verb = name.slice(dot + 1);
    api[ns] = api[ns] || {};
    api[ns][verb] = (request) => {
      const answer = early.get(name);
      if (answer && isEmpty(request)) return answer;
      if (!EARLY.includes(name)) early.clear();
      return call(name, request === undefined || request === null ? {} : request);
    };
  }
  for (const ns of Object.values(api)) Object.freeze(ns);
  Object.defineProperty(window, 'wallet', { value: Object.freeze(api), enumerable: true });
})();
`;
}
