/**
 * The one door to the OS keychain. Everything that stores or reads a secret (the vault, the
 * signer) takes a `Keychain` as a parameter, bound to one service name: `swapdesk` in the app,
 * `swapdesk-preview` in the web preview, so that the two never see each other's keys.
 */

/** One stored entry: the account name (for Swapdesk, a base58 address) and its secret. */
export interface KeychainCredential {
  account: string;
  secret: string;
}

export interface Keychain {
  /** The service name every entry is stored under. */
  readonly service: string;
  /**
   * The secret of `account`, or null when there is none. A locked gnome-keyring collection also
   * answers null (it does not fail), so callers that expect an entry must treat null as
   * "missing or locked".
   */
  get(account: string): Promise<string | null>;
  /** Stores or replaces the secret of `account`. Throws KEYCHAIN_UNAVAILABLE when it cannot. */
  set(account: string, secret: string): Promise<void>;
  /** Deletes the entry; false when there was none (or the collection is locked). */
  delete(account: string): Promise<boolean>;
  /**
   * Every entry of the service. Careful: keytar 7.9 crashes the process (SIGSEGV in libsecret)
   * when it lists a locked gnome-keyring collection, so the vault never calls this.
   */
  findCredentials(): Promise<KeychainCredential[]>;
}
