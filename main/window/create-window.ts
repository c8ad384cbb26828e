/**
 * The app window: locked-down web preferences, a hardened session and web contents, and the
 * built renderer loaded from disk. A dev server URL is used only by an unpackaged app started
 * with ELECTRON_RENDERER_URL (what `electron-vite dev` sets), never by a packaged one.
 */
import { pathToFileURL } from 'node:url';
import type { BrowserWindowConstructorOptions } from 'electron';
import {
  hardenSession,
  hardenWebContents,
  type OpenExternal,
  type SessionLike,
  type WebContentsLike,
} from './harden';

/** Where the renderer comes from. */
export type AppPage = { kind: 'file'; path: string; url: string } | { kind: 'url'; url: string };

/**
 * Picks the page to load: the built index.html, or the dev server when the app is not
 * packaged and ELECTRON_RENDERER_URL names an http(s) URL on this machine.
 */
export function resolveAppPage(options: {
  isPackaged: boolean;
  rendererUrl: string | undefined;
  indexHtmlPath: string;
}): AppPage {
  const { isPackaged, rendererUrl, indexHtmlPath } = options;
  if (!isPackaged && rendererUrl && isLocalDevServer(rendererUrl)) {
    return { kind: 'url', url: rendererUrl };
  }
  return { kind: 'file', path: indexHtmlPath, url: pathToFileURL(indexHtmlPath).href };
}

function isLocalDevServer(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)
    );
  } catch {
    return false;
  }
}

/** The web preferences of the window; exported so tests can compare against them. */
export function secureWebPreferences(
  preloadPath: string,
): BrowserWindowConstructorOptions['webPreferences'] {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

export interface WindowLike {
  webContents: WebContentsLike & { session: SessionLike };
  loadFile(path: string): Promise<void>;
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
}

export interface CreateWindowDeps<W extends WindowLike> {
  /** Electron's BrowserWindow constructor (a fake in tests). */
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => W;
  openExternal: OpenExternal;
  preloadPath: string;
  page: AppPage;
}

/**
 * Creates, hardens and loads the main window. Hardening is in place before the first load.
 *
 * @example
 * const page = resolveAppPage({ isPackaged: app.isPackaged, rendererUrl, indexHtmlPath });
 * const { window } = await createMainWindow({ BrowserWindow, openExternal: shell.openExternal, preloadPath, page });
 */
export async function createMainWindow<W extends WindowLike>(
  deps: CreateWindowDeps<W>,
): Promise<{ window: W }> {
  const window = new deps.BrowserWindow({
    width: 1100,
    height: 760,
    minWidth: 720,
    minHeight: 520,
    show: false,
    title: 'Swapdesk',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(deps.preloadPath),
  });
  hardenSession(window.webContents.session);
  hardenWebContents(window.webContents, deps.page.url, deps.openExternal);
  window.once('ready-to-show', () => window.show());
  if (deps.page.kind === 'file') await window.loadFile(deps.page.path);
  else await window.loadURL(deps.page.url);
  return { window };
}
