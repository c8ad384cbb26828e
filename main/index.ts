/**
 * The Electron entry. Deliberately thin: it gets Electron's objects and hands them to modules
 * that are tested without Electron (composition root, registry, IPC transport, window).
 *
 * The sandbox network runs as a child process: Electron's own binary with
 * ELECTRON_RUN_AS_NODE=1 running out/main/sandbox.js. Not utilityProcess, because the same
 * launcher (main/network/sandbox-process.ts) then serves the app and the web preview, speaks
 * the sandbox's documented stdout ready line, and can pass the sandbox its own V8 flags should
 * its Solana VM need them; a crash of the VM cannot take main down either way.
 */
import { app, BrowserWindow, ipcMain, shell } from 'electron';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeApp } from './app/compose';
import { APP_DIR_NAME } from './app/data-dirs';
import { appPagePolicy, registerIpcTransport } from './bridge/electron-transport';
import { createRegistry } from './bridge/registry';
import { sandboxNetwork } from './network/presets';
import { startSandboxProcess, type SandboxProcess } from './network/sandbox-process';
import { createLinkInbox, findSolanaLink } from './links/solana-links';
import { createMainWindow, resolveAppPage } from './window/create-window';

const here = dirname(fileURLToPath(import.meta.url));

// <appData>/Swapdesk, whatever the package name; the web preview uses Swapdesk-preview beside it.
app.setPath('userData', join(app.getPath('appData'), APP_DIR_NAME));
// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;
let sandbox: SandboxProcess | null = null;

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

async function startSandbox(dataDir: string): Promise<{ rpcUrl: string; swapApiUrl: string }> {
  try {
    sandbox = await startSandboxProcess({
      execPath: process.execPath,
      scriptPath: join(here, 'sandbox.js'),
      stateDir: join(dataDir, 'sandbox'),
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    return sandbox;
  } catch (error) {
    // The app still opens: accounts work, and the screens show "network unavailable". The
    // discard port refuses every connection, so balances.get says the sandbox is unreachable.
    console.error(`[main] the sandbox network did not start: ${(error as Error).message}`);
    return { rpcUrl: 'http://127.0.0.1:9', swapApiUrl: 'http://127.0.0.1:9/v6' };
  }
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Network selection arrives with the settings module; until then the sandbox is the only
  // network, which is also the default of a fresh install.
  const network = sandboxNetwork(await startSandbox(dataDir));
  const { handlers } = composeApp({
    keychainService: 'swapdesk',
    dataDir,
    network,
    shell: 'electron',
    version: app.getVersion(),
    linkInbox: links,
  });
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
    if (!sandbox) return;
    // Let the sandbox save its state before Electron exits, then quit for real.
    event.preventDefault();
    const stopping = sandbox;
    sandbox = null;
    void stopping.stop().finally(() => app.quit());
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error('[main] Swapdesk could not start:', error);
      app.quit();
    });
}
