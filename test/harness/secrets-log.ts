/**
 * Where tests declare the secrets they make, so that scripts/leak-check.mjs can look for them
 * in everything the suites printed and every bridge response. One JSON line per secret in the
 * file named by SWAPDESK_SECRETS_LOG (set by scripts/test.mjs); nothing happens when unset.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * What a recorded value is. The leak check expands each into every form it could leak in:
 * - secret-key: base58 of a 64-byte secret key (also checked as hex, base64, JSON array, and
 *   its 32-byte seed as base58 / hex / base64);
 * - keypair-json: a Solana CLI keypair file's JSON array text (expanded like secret-key);
 * - recovery-phrase: a BIP39 phrase (checked whole, and any 4 consecutive words);
 * - password: a wallet password (issue 24), checked verbatim;
 * - other: any other secret string, checked verbatim (e.g. a BIP39 passphrase, an API key).
 */
export type SecretKind = 'secret-key' | 'keypair-json' | 'recovery-phrase' | 'password' | 'other';

/** Records one secret for the leak check. Synchronous, so a crash right after still leaves it. */
export function recordSecret(kind: SecretKind, value: string): void {
  const file = process.env.SWAPDESK_SECRETS_LOG;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ kind, value })}\n`, { mode: 0o600 });
}

/** An `onSecretCreated` hook for createVault: records every key, phrase and password. */
export function recordVaultSecret(secret: {
  kind: 'secret-key' | 'recovery-phrase' | 'password';
  value: string;
}): void {
  recordSecret(secret.kind, secret.value);
}

/**
 * Copies every item stored under a keychain `service` into the test run's folder
 * (keychain-items.jsonl), e.g. after an end-to-end test made accounts through the web preview
 * ('swapdesk-preview'). The leak check then looks for every recorded secret (keys, phrases,
 * passwords) in them: since issue 24 an item must hold only ciphertext, salt and parameters.
 * Reads the test session's keychain directly; returns how many items it copied. Only for the
 * unlocked test keyring: keytar's findCredentials crashes on a locked collection.
 */
export async function copyKeychainItems(service: string): Promise<number> {
  const runDir = process.env.SWAPDESK_TEST_RUN_DIR;
  if (!runDir) return 0;
  const credentials = await readKeychainItems(service);
  for (const { account, password } of credentials) {
    appendFileSync(
      join(runDir, 'keychain-items.jsonl'),
      `${JSON.stringify({ service, account, item: password })}\n`,
      { mode: 0o600 },
    );
  }
  return credentials.length;
}

/**
 * keytar's findCredentials, run in a child process: it lists the service's items, then reads
 * each, and an item another process removes in between (another preview's clean-up, when e2e
 * files run side by side) makes it fail with "No such secret item", or crash the whole process:
 * keytar 7.9 strdup()s the text of a secret libsecret could not load (NULL, after
 * "libsecret-CRITICAL: secret_value_get_text: assertion 'value' failed"). In a vitest worker
 * that crash was "Worker exited unexpectedly" in two clean runs (issue 36). Either way the
 * list is read again, up to `attempts` times.
 */
export async function readKeychainItems(
  service: string,
  { attempts = 5, reader = READER }: { attempts?: number; reader?: string } = {},
): Promise<Array<{ account: string; password: string }>> {
  const keytarPath = createRequire(import.meta.url).resolve('keytar');
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const run = spawnSync(process.execPath, ['-e', reader, keytarPath, service], {
      encoding: 'utf8',
      env: process.env,
      timeout: 30_000,
    });
    if (run.status === 0)
      return JSON.parse(run.stdout) as Array<{ account: string; password: string }>;
    last = run.signal ? `killed by ${run.signal}` : `exit ${run.status}: ${run.stderr.trim()}`;
    const vanished = run.signal !== null || run.stderr.includes('No such secret item');
    if (!vanished) break;
  }
  throw new Error(`reading the keychain items of ${service} failed (${last})`);
}

/** The child's program: argv keytar's path, the service; prints the credentials as JSON. */
const READER = `
const [keytarPath, service] = process.argv.slice(1);
require(keytarPath).findCredentials(service).then(
  (items) => process.stdout.write(JSON.stringify(items)),
  (error) => { process.stderr.write(String(error && error.message)); process.exitCode = 1; },
);
`;
