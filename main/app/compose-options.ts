/** What a shell (the Electron app or the web preview) tells the composition root. */
import type { AppInfo, NetworkInfo } from '../../preload/api-types';
import type { Keychain } from '../keychain';
import type { LedgerConnection } from '../ledger/ledger-client';
import type { LinkInbox } from '../links/solana-links';
import type { Transport } from '../hardware/ledger-packages';
import type { ReviewTransaction } from '../review';
import type { CreatedSecret } from '../vault';

export interface ComposeOptions {
  /** Keychain service: 'swapdesk' in the app, 'swapdesk-preview' in the web preview. */
  keychainService: string;
  /** The shell's data folder (accounts file and other state). */
  dataDir: string;
  network: NetworkInfo;
  shell: AppInfo['shell'];
  version: string;
  fetch?: typeof fetch;
  /** Replaces the OS keychain (tests of the composition only). */
  keychain?: Keychain;
  /** Replaces the web3.js Connection of the balances (tests of the composition only). */
  connection?: LedgerConnection;
  /** Clock of quotes, tickets and activity; default Date.now. */
  now?: () => number;
  /** Waits between status polls and rebroadcasts; default real timers. */
  wait?: (ms: number) => Promise<void>;
  /** How long a review ticket stays approvable; default 60 s. */
  ticketTtlMs?: number;
  /** Replaces the review (tests of the approve path only; the app always uses the real one). */
  review?: ReviewTransaction;
  /** Clock of the lock's idle time and password delays; default Date.now. */
  lockClock?: () => number;
  /** Passed to the vault; see VaultOptions.onSecretCreated. */
  onSecretCreated?: (secret: CreatedSecret) => void;
  /** `solana:` links the OS opened the app with (Electron entry); an empty inbox otherwise. */
  linkInbox?: LinkInbox;
  /**
   * Opens the Ledger (issue 17): node-hid by default; the web preview's --ledger-simulator
   * passes the sandbox's simulated device. The desktop app always uses node-hid.
   */
  openLedger?: () => Promise<Transport>;
  /** The system browser, for a merchant's confirmed redirect (issue 34); the desktop app's shell. */
  openExternal?: (url: string) => Promise<void>;
}
