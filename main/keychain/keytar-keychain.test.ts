import { describe, expect, it } from 'vitest';
import { classifyKeychainFailure } from './keychain-errors';
import { createKeytarKeychain, type KeytarModule } from './keytar-keychain';
import { rejectionOf } from '../../test/fixtures/wallet-error';

describe('keytar keychain', () => {
  // The real module is exercised in test/integration/keychain.test.ts against gnome-keyring;
  // here only the loading step is replaced, to stand for a native module that cannot load.
  it('turns a native module that cannot load into KEYCHAIN_UNAVAILABLE, and retries later', async () => {
    let attempts = 0;
    const entries = new Map<string, string>();
    const working: KeytarModule = {
      getPassword: async (_s, account) => entries.get(account) ?? null,
      setPassword: async (_s, account, password) => void entries.set(account, password),
      deletePassword: async (_s, account) => entries.delete(account),
      findCredentials: async () =>
        [...entries].map(([account, password]) => ({ account, password })),
    };
    const keychain = createKeytarKeychain('swapdesk-test', {
      load: async () => {
        attempts += 1;
        if (attempts === 1) {
          throw new Error(
            "The module 'keytar.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 133",
          );
        }
        return working;
      },
    });
    const error = await rejectionOf(keychain.get('x'));
    expect(error.code).toBe('KEYCHAIN_UNAVAILABLE');
    expect(error.message).toMatch(/not available/);
    await keychain.set('x', 'y');
    expect(await keychain.get('x')).toBe('y');
    expect(attempts).toBe(2);
  });

  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-service'],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'no-service'],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'no-service'],
    ['Cannot create an item in a locked collection', 'locked'],
    ['The operation was cancelled', 'locked'],
    ['Prompt dismissed', 'locked'],
    ['User interaction is not allowed.', 'locked'],
    ['Something else entirely', 'other'],
  ])('classifies "%s" as %s', (message, kind) => {
    expect(classifyKeychainFailure(new Error(message))).toBe(kind);
  });

  it('refuses an empty service name', () => {
    expect(() => createKeytarKeychain(' ')).toThrow(/service name is empty/);
  });
});
