/**
 * The Keychain on the OS keychain through keytar (libsecret's Secret Service on Linux, Keychain
 * Services on macOS, Credential Manager on Windows).
 */
import type { Keychain, KeychainCredential } from './keychain';
import { keychainUnavailable } from './keychain-errors';

/** The part of keytar's API this module uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

export interface KeytarKeychainOptions {
  /**
   * Loads keytar. Imported lazily, on first use, so that a native module built for the wrong
   * ABI (Electron vs Node) or missing libsecret surfaces as KEYCHAIN_UNAVAILABLE on the action
   * that needs it instead of a crash when main starts.
   */
  load?: () => Promise<KeytarModule>;
}

async function loadKeytar(): Promise<KeytarModule> {
  // keytar is CommonJS: its functions arrive on `default` under ESM, directly under CJS bundles.
  const imported = (await import('keytar')) as KeytarModule & { default?: KeytarModule };
  return imported.default ?? imported;
}

/**
 * A Keychain storing entries under `service` ('swapdesk' in the app, 'swapdesk-preview' in the
 * web preview). Every failure becomes WalletError('KEYCHAIN_UNAVAILABLE').
 *
 * @example
 * const keychain = createKeytarKeychain('swapdesk');
 * await keychain.set(address, secretBase58);
 */
export function createKeytarKeychain(
  service: string,
  options: KeytarKeychainOptions = {},
): Keychain {
  if (service.trim() === '') throw new Error('createKeytarKeychain: service name is empty');
  const load = options.load ?? loadKeytar;
  let loaded: Promise<KeytarModule> | null = null;

  function keytar(): Promise<KeytarModule> {
    if (!loaded) {
      const loading = load();
      loaded = loading;
      // A failed load is tried again next time: the person may fix libsecret and retry.
      loading.catch(() => {
        if (loaded === loading) loaded = null;
      });
    }
    return loaded;
  }

  async function call<T>(run: (keytar: KeytarModule) => Promise<T>): Promise<T> {
    try {
      return await run(await keytar());
    } catch (error) {
      throw keychainUnavailable(error);
    }
  }

  return {
    service,
    get: (account) => call((keytar) => keytar.getPassword(service, account)),
    set: (account, secret) => call((keytar) => keytar.setPassword(service, account, secret)),
    delete: (account) => call((keytar) => keytar.deletePassword(service, account)),
    findCredentials: () =>
      call(async (keytar): Promise<KeychainCredential[]> =>
        (await keytar.findCredentials(service)).map(({ account, password }) => ({
          account,
          secret: password,
        })),
      ),
  };
}
