#!/usr/bin/env node
// `npm start` (after `node scripts/setup.mjs app`): build, then open the Electron window, or,
// on a machine without the Electron binary, the web preview.
//
//   node scripts/start.mjs [--web] [--port P] [--data DIR]   (--port/--data go to the preview)
//
// --web skips Electron and runs the web preview; its stdout is then exactly the preview's
// (one JSON ready line, for scripts and tests) and this script's own messages go to stderr.
//
// The web preview needs an OS keychain (a Secret Service on Linux). On a headless machine with
// no D-Bus session it runs inside `dbus-run-session` with its own gnome-keyring daemon whose
// keyring file lives in the preview's data folder, so accounts made there survive a restart.
// That keyring is unlocked with a fixed local password: acceptable because the preview runs on
// the sandbox network only and its keys never hold anything of value, and a password stored
// beside the keyring (the alternative for an unattended unlock) would protect nothing more.
// The Electron app never does this: it uses the person's own keychain.
//
// SWAPDESK_START_SKIP_BUILD=1 skips the build (used by the test of this script).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { electronEnv, withJupiterProgram } from './jupiter-fixture.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webOnly = process.argv.includes('--web');
// The sandbox runs Jupiter's program when the checkout has its test fixture (jupiter-fixture.mjs).
const args = withJupiterProgram(process.argv.slice(2).filter((arg) => arg !== '--web'));
const PREVIEW_KEYRING_PASSWORD = 'swapdesk-preview-sandbox-only';

function say(message) {
  if (webOnly) console.error(`[start] ${message}`);
  else console.log(`[start] ${message}`);
}

function build() {
  if (process.env.SWAPDESK_START_SKIP_BUILD) return;
  say('building (electron-vite build)');
  // With --web, stdout is reserved for the preview's ready line: the build logs to stderr.
  const result = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', webOnly ? 2 : 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    say('the build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

/**
 * Runs a child with our SIGINT/SIGTERM passed on to `target()` (a pid; the child itself by
 * default); resolves with the child's exit code. This process waits for the child to finish
 * cleaning up (the preview stops its sandbox) instead of dying first.
 */
function runForwardingSignals(child, target = () => child.pid) {
  const forward = (signal) => () => {
    try {
      process.kill(target(), signal);
    } catch {
      // Already gone.
    }
  };
  const onInt = forward('SIGINT');
  const onTerm = forward('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return new Promise((resolvePromise) => {
    child.on('exit', (code, signal) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

async function startElectron() {
  say('opening the Swapdesk window (Electron)');
  // The app starts its sandbox itself; it reads the program's path from a variable.
  const env = electronEnv(args, process.env);
  const child = spawn('npx', ['electron', '.'], { cwd: root, stdio: 'inherit', env });
  process.exit(await runForwardingSignals(child));
}

/** The preview's default data folder; the same rule as main/app/data-dirs.ts. */
function previewDataDir() {
  if (process.platform === 'win32') {
    return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Swapdesk-preview');
  }
  if (process.platform === 'darwin') {
    return join(homedir(), 'Library', 'Application Support', 'Swapdesk-preview');
  }
  const config = process.env.XDG_CONFIG_HOME || join(process.env.HOME || homedir(), '.config');
  return join(config, 'Swapdesk-preview');
}

function optionValue(name) {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function shellQuote(text) {
  return `'${String(text).replace(/'/g, "'\\''")}'`;
}

async function startPreview() {
  // A runtime folder this script makes for the preview's D-Bus session is removed when it stops.
  let runtimeDir = null;
  const dataDir = resolve(optionValue('--data') ?? previewDataDir());
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const previewArgs = [join(root, 'out', 'main', 'preview.js'), ...args];
  if (optionValue('--data') === undefined) previewArgs.push('--data', dataDir);

  let command = process.execPath;
  let commandArgs = previewArgs;
  const env = { ...process.env };
  const needsKeyring = process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS;
  if (needsKeyring) {
    const keyringHome = join(dataDir, 'keyring');
    mkdirSync(keyringHome, { recursive: true, mode: 0o700 });
    if (!env.XDG_RUNTIME_DIR || !existsSync(env.XDG_RUNTIME_DIR)) {
      runtimeDir = mkdtempSync(join(tmpdir(), 'swapdesk-runtime-'));
      env.XDG_RUNTIME_DIR = runtimeDir;
    }
    say('no D-Bus session here: running the preview in its own session with a gnome-keyring');
    say(`daemon; its keyring (sandbox accounts only) is kept in ${keyringHome}`);
    // `echo $$` before `exec`: the shell's pid becomes the preview's, so signals can go to the
    // preview itself; dbus-run-session then ends the bus and the daemon once it has exited.
    const inner =
      `printf %s ${shellQuote(PREVIEW_KEYRING_PASSWORD)} | ` +
      `XDG_DATA_HOME=${shellQuote(keyringHome)} gnome-keyring-daemon --unlock --components=secrets >/dev/null && ` +
      `echo '{"event":"preview-pid","pid":'$$'}' && ` +
      `exec ${[process.execPath, ...previewArgs].map(shellQuote).join(' ')}`;
    command = 'dbus-run-session';
    commandArgs = ['--', 'sh', '-c', inner];
  }

  const child = spawn(command, commandArgs, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group: a Ctrl+C in the terminal reaches only this script, which passes
    // it to the preview, instead of killing dbus-run-session under the preview.
    detached: true,
  });
  let previewPid = child.pid;
  createInterface({ input: child.stdout }).on('line', (line) => {
    let ready = null;
    try {
      ready = JSON.parse(line);
    } catch {
      // An ordinary line.
    }
    if (ready?.event === 'preview-pid' && Number.isInteger(ready.pid)) {
      previewPid = ready.pid;
    } else if (webOnly) {
      console.log(line);
    } else if (ready?.event === 'ready') {
      say(`Swapdesk web preview is ready on the sandbox network. Open this address in a browser:`);
      console.log(`\n    ${ready.url}\n`);
      say('stop it with Ctrl+C');
    } else {
      console.log(line);
    }
  });
  const code = await runForwardingSignals(child, () => previewPid);
  if (runtimeDir !== null) rmSync(runtimeDir, { recursive: true, force: true });
  process.exit(code);
}

build();
if (webOnly) {
  await startPreview();
} else if (existsSync(join(root, 'node_modules', 'electron', 'path.txt'))) {
  await startElectron();
} else {
  console.log(
    'This machine cannot open an Electron window (the Electron binary could not be downloaded); starting the web preview instead.',
  );
  await startPreview();
}
