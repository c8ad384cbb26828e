/**
 * Where tests declare the secrets they make, so that scripts/leak-check.mjs can look for them
 * in everything the suites printed and every bridge response. One JSON line per secret in the
 * file named by SWAPDESK_SECRETS_LOG (set by scripts/test.mjs); nothing happens when unset.
 */
import { appendFileSync } from 'node:fs';
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
  const imported = (await import('keytar')) as typeof import('keytar') & {
    default?: typeof import('keytar');
  };
  const keytar = imported.default ?? imported;
  const credentials = await findCredentialsSettled(keytar, service);
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
 * keytar's findCredentials lists the service's items, then reads each: an item another
 * process removes in between (another preview's clean-up, when e2e files run side by side)
 * fails the whole call with "No such secret item". The list is read again then.
 */
async function findCredentialsSettled(
  keytar: typeof import('keytar'),
  service: string,
): Promise<Array<{ account: string; password: string }>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await keytar.findCredentials(service);
    } catch (error) {
      const vanished = error instanceof Error && error.message.includes('No such secret item');
      if (!vanished || attempt >= 5) throw error;
    }
  }
}
