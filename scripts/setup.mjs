#!/usr/bin/env node
// Set-up that `npm start`, `npm run start:web`, `npm run sandbox` and `npm test` run first.
// Plain Node with no dependencies, because it runs before node_modules exists.
//
//   node scripts/setup.mjs [app|web|test]
//
// 1. Debian packages the mode needs: installed when running as root (the build headers first,
//    the rest beside npm ci), otherwise the exact command is printed and the script exits 1.
// 2. `npm ci` when node_modules is missing or older than package-lock.json.
// 3. app: the Electron binary (a separate, optional download; failure is not fatal) and, when
//    it is there, keytar rebuilt for Electron's ABI. web/test: keytar loadable by this Node.
// When nothing is missing this takes well under a second.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'app';
const stateFile = join(root, 'node_modules', '.swapdesk-setup.json');

/**
 * Debian packages by mode. libsecret-1-dev lets node-gyp build keytar from source;
 * libusb-1.0-0-dev and libudev-dev let it build node-hid (the Ledger transport, issue 17),
 * which has no prebuilt binary that installs here.
 */
const BUILD = ['libsecret-1-dev', 'libusb-1.0-0-dev', 'libudev-dev'];
const PACKAGES = {
  app: [...BUILD, 'gnome-keyring', 'dbus-x11'],
  web: [...BUILD, 'gnome-keyring', 'dbus-x11'],
  test: [...BUILD, 'gnome-keyring', 'dbus-x11', 'chromium'],
};

function log(message) {
  console.error(`[setup] ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  return result.status === 0;
}

function isDebian() {
  return existsSync('/etc/debian_version') && existsSync('/usr/bin/dpkg-query');
}

function missingDebianPackages(names) {
  return names.filter((name) => {
    try {
      const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
        stdio: ['ignore', 'pipe', 'ignore'],
      }).toString();
      return !status.includes('install ok installed');
    } catch {
      return true;
    }
  });
}

/**
 * Installs `names` when missing (as root; otherwise prints the command and exits 1). With
 * `background`, apt-get runs while the caller goes on, its output held until `finish()`.
 */
function ensureDebianPackages(names, { background = false } = {}) {
  const done = { finish: () => {} };
  if (process.platform !== 'linux' || !isDebian()) return done;
  const missing = missingDebianPackages(names);
  if (missing.length === 0) return done;
  const install = ['install', '-y', '--no-install-recommends', ...missing];
  if (process.getuid?.() !== 0) {
    // One command for everything the mode lacks, not one group after another.
    const all = missingDebianPackages(PACKAGES[mode] ?? PACKAGES.app);
    log(`missing Debian packages: ${all.join(' ')}`);
    log(
      `run this once, then try again:\n  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${all.join(' ')}`,
    );
    process.exit(1);
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // A fresh machine's package lists may be empty or stale: update once, then install.
  if (!aptUpdated) {
    if (!run('apt-get', ['update', '-qq'], { env })) fail('apt-get update');
    aptUpdated = true;
  }
  if (!background) {
    if (!run('apt-get', install, { env })) fail('apt-get');
    return done;
  }
  // Its output goes to a file, not a pipe: npm ci runs synchronously meanwhile, and a pipe
  // nobody reads would stall apt-get once full.
  const logDir = mkdtempSync(join(tmpdir(), 'swapdesk-setup-'));
  const logPath = join(logDir, 'apt-get.log');
  const logFd = openSync(logPath, 'w');
  const child = spawn('apt-get', install, { cwd: root, env, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  const exited = new Promise((resolve) => child.on('close', resolve));
  return {
    finish: async () => {
      const code = await exited;
      process.stderr.write(readFileSync(logPath));
      rmSync(logDir, { recursive: true, force: true });
      if (code !== 0) fail('apt-get');
      log(`installed ${missing.join(' ')}`);
    },
  };
}

let aptUpdated = false;

function fail(what) {
  log(`${what} failed; see its output above.`);
  process.exit(1);
}

function readState() {
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return {};
  }
}

function writeState(state) {
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
}

function lockHash() {
  const lock = join(root, 'package-lock.json');
  return createHash('sha256').update(readFileSync(lock)).digest('hex');
}

function ensureNodeModules() {
  const state = readState();
  const hash = lockHash();
  if (existsSync(join(root, 'node_modules')) && state.lockHash === hash) return;
  log('installing npm packages (npm ci)');
  // The Electron binary is not part of `npm ci`: it is fetched below as an optional step, so
  // that the install succeeds on machines that cannot download it.
  const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' };
  if (!run('npm', ['ci', '--no-audit', '--no-fund'], { env })) {
    log('npm ci failed; see its output above.');
    process.exit(1);
  }
  writeState({ lockHash: hash });
}

function electronVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
}

function electronBinaryPresent() {
  return existsSync(join(root, 'node_modules/electron/path.txt'));
}

function ensureElectronBinary() {
  if (electronBinaryPresent()) return true;
  log('fetching the Electron binary');
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  const ok = spawnSync(process.execPath, ['node_modules/electron/install.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (ok.status === 0 && electronBinaryPresent()) return true;
  log('the Electron binary could not be downloaded on this machine.');
  return false;
}

function keytarLoads() {
  const probe = spawnSync(process.execPath, ['-e', "require('keytar')"], {
    cwd: root,
    stdio: 'ignore',
  });
  return probe.status === 0;
}

/** keytar is built against one runtime at a time; remember which, rebuild on a change. */
function ensureKeytarFor(runtime) {
  const state = readState();
  if (state.keytarRuntime === runtime && (runtime !== 'node' || keytarLoads())) return;
  const env = { ...process.env };
  if (runtime === 'node') {
    if (keytarLoads() && state.keytarRuntime !== 'electron') {
      writeState({ ...state, keytarRuntime: 'node' });
      return;
    }
    log('building keytar for Node');
  } else {
    // Electron's documented manual rebuild: node-gyp against Electron's headers.
    log(`rebuilding keytar for Electron ${electronVersion()}`);
    Object.assign(env, {
      npm_config_runtime: 'electron',
      npm_config_target: electronVersion(),
      npm_config_disturl: 'https://electronjs.org/headers',
    });
  }
  if (!run('npm', ['rebuild', 'keytar'], { env })) {
    log(`could not rebuild keytar for ${runtime}; the keychain may be unavailable.`);
    return;
  }
  writeState({ ...readState(), keytarRuntime: runtime });
}

// The build headers first (npm ci compiles keytar and node-hid against them); the rest of the
// mode's packages (Chromium the largest) install while npm ci runs (issue 36: a fresh
// machine's set-up was apt-get then npm ci, one after the other).
const packages = PACKAGES[mode] ?? PACKAGES.app;
ensureDebianPackages(BUILD);
const runtime = ensureDebianPackages(
  packages.filter((name) => !BUILD.includes(name)),
  { background: true },
);
ensureNodeModules();
await runtime.finish();
if (mode === 'app' && ensureElectronBinary()) {
  ensureKeytarFor('electron');
} else {
  ensureKeytarFor('node');
}
