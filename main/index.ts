/**
 * The Electron entry. Deliberately thin: it gets Electron's objects and hands them to modules
 * that are tested without Electron (composition root, registry, IPC transport, window).
 *
 * The sandbox network runs as a child process: Electron's own binary with
 * ELECTRON_RUN_AS_NODE=1 running out/main/sandbox.js, started only while the sandbox is the
 * selected network (main/network/sandbox-lifecycle.ts), always on the port chosen at launch. Not utilityProcess, because the same
 * launcher (main/network/sandbox-process.ts) then serves the app and the web preview, speaks
 * the sandbox's documented stdout ready line, and can pass the sandbox its own V8 flags should
 * its Solana VM need them; a crash of the VM cannot take main down either way.
 */
import { app, BrowserWindow, ipcMain, powerMonitor, shell } from 'electron';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeApp } from './app/compose';
import { APP_DIR_NAME } from './app/data-dirs';
import { appPagePolicy, registerIpcTransport } from './bridge/electron-transport';
import { createRegistry } from './bridge/registry';
import { sandboxNetwork } from './network/presets';
import { appSandboxLaunch } from './network/app-sandbox';
import { startSandboxProcess } from './network/sandbox-process';
import {
  createSandboxLifecycle,
  freeLoopbackPort,
  type SandboxLifecycle,
} from './network/sandbox-lifecycle';
import { createLinkInbox, findSolanaLink } from './links/solana-links';
import { wirePowerLock } from './lock/power-lock';
import { createMainWindow, resolveAppPage } from './window/create-window';

const here = dirname(fileURLToPath(import.meta.url));

// <appData>/Swapdesk, whatever the package name; the web preview uses Swapdesk-preview beside it.
app.setPath('userData', join(app.getPath('appData'), APP_DIR_NAME));
// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;
let sandbox: SandboxLifecycle | null = null;

// solana: payment links. Registered at every start, so a moved or updated app stays the handler;
// in development (`electron .`) the OS must be told which script to run as well.
if (process.defaultApp && process.argv.length >= 2) {
  app.setAsDefaultProtocolClient('solana', process.execPath, [resolve(process.argv[1])]);
} else {
  app.setAsDefaultProtocolClient('solana');
}
const links = createLinkInbox();
// Windows and Linux pass the link on the command line of the first launch...
links.offer(findSolanaLink(process.argv) ?? '');

function bringToFront(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

/** The sandbox's lifecycle, on a port kept for the whole session so its URLs stay valid. */
async function sandboxOn(dataDir: string) {
  const port = await freeLoopbackPort().catch(() => 0);
  const rpcUrl = `http://127.0.0.1:${port === 0 ? 9 : port}`;
  // With Jupiter's program only when `npm start` names it (development: app-sandbox.ts).
  const lifecycle = createSandboxLifecycle(() =>
    startSandboxProcess(
      appSandboxLaunch({
        execPath: process.execPath,
        mainDir: here,
        dataDir,
        port,
        env: process.env,
      }),
    ),
  );
  return { lifecycle, urls: { rpcUrl, swapApiUrl: `${rpcUrl}/v6` } };
}

/** Starts or stops the sandbox for `isSandbox`; a failure leaves the app open, "unavailable". */
function follow(lifecycle: SandboxLifecycle, isSandbox: boolean): Promise<void> {
  return (isSandbox ? lifecycle.ensureRunning() : lifecycle.stop()).catch((error: unknown) => {
    // The screens then show "network unavailable"; accounts still work.
    console.error(`[main] the sandbox network did not start: ${(error as Error).message}`);
  });
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // The sandbox is the default network of a fresh install; its process runs only while it is
  // the selected one (a person on mainnet never starts it).
  const { lifecycle, urls } = await sandboxOn(dataDir);
  sandbox = lifecycle;
  const network = sandboxNetwork(urls);
  const composed = composeApp({
    keychainService: 'swapdesk',
    dataDir,
    network,
    shell: 'electron',
    version: app.getVersion(),
    linkInbox: links,
    openExternal: (url) => shell.openExternal(url),
  });
  const { handlers } = composed;
  // Locked means locked: suspend and screen lock lock the wallet (issue 24).
  wirePowerLock(powerMonitor, () => composed.lock.lock());
  await follow(lifecycle, composed.network().isSandbox);
  // Awaited by settings.setNetwork: the switch answers once the sandbox serves (or stopped).
  composed.onNetworkChange((next) => follow(lifecycle, next.isSandbox));
  const page = resolveAppPage({
    isPackaged: app.isPackaged,
    rendererUrl: process.env.ELECTRON_RENDERER_URL,
    indexHtmlPath: join(here, '..', 'renderer', 'index.html'),
  });
  const registry = createRegistry({ handlers, policy: appPagePolicy(page.url) });
  registerIpcTransport(ipcMain, registry);
  const { window } = await createMainWindow({
    BrowserWindow,
    openExternal: (url) => shell.openExternal(url),
    preloadPath: join(here, '..', 'preload', 'index.cjs'),
    page,
  });
  mainWindow = window;
  window.on('closed', () => {
    mainWindow = null;
  });
}

if (!app.requestSingleInstanceLock()) {
  // Two instances would share the accounts file and start two sandboxes on one state folder.
  app.quit();
} else {
  // ...and of a second launch while Swapdesk runs; macOS sends open-url instead. The Pay screen
  // takes the link (links.takePending) when the window gains focus.
  app.on('second-instance', (_event, argv: string[]) => {
    links.offer(findSolanaLink(argv) ?? '');
    bringToFront();
  });
  app.on('open-url', (event, url: string) => {
    event.preventDefault();
    links.offer(url);
    bringToFront();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (!sandbox?.running()) return;
    // Let the sandbox save its state before Electron exits, then quit for real.
    event.preventDefault();
    void sandbox.stop().finally(() => app.quit());
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error('[main] Swapdesk could not start:', error);
      app.quit();
    });
}
