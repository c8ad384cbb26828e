/**
 * The set-up the swap-flow family of suites (swap-flow, swap-scaled, token-trust,
 * held-token-names, activity-restart) each wrote again: a real sandbox, the wallet opened on it
 * (openWallet: the real composition root, keychain and review) with its own data folder and
 * keychain service, and its first account created and given the sandbox's test funds.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { ComposedApp } from '../../main/app/compose';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { tempDir } from '../fixtures/temp-dirs';
import { openWallet, type Wallet, type WalletPlace } from './swap-flow-wallet';
import { firstAccount } from './wallet-setup';

/** What a suite's tests read; its fields are set by the suite's beforeAll (read them in a test). */
export interface FundedWalletSession {
  readonly sandbox: RunningSandbox;
  /** Where the wallet lives: open it again there (openWallet) to restart it. */
  readonly place: WalletPlace;
  /** The wallet opened first. */
  readonly wallet: Wallet;
  /** Its first account, funded by sandbox.fund. */
  readonly address: string;
}

export interface FundedWalletOptions {
  /** The name of the wallet's first account. */
  accountName: string;
  /** The sandbox's slot time (fast slots make blockhash expiry take seconds). */
  slotMs?: number;
  /** The wallet's clock (default: the system's). */
  now?: () => number;
}

/**
 * Registers the beforeAll/afterAll of a swap-flow suite and answers the session they run.
 * Afterwards every app opened on the place is closed, the account removed (its key leaves the
 * test keyring with it), the sandbox and the data folder deleted. `suite` names the data
 * folder and the keychain service; call it at the top level of the file.
 */
export function useFundedWallet(suite: string, options: FundedWalletOptions): FundedWalletSession {
  // The session's fields, set once the set-up below has run (read them inside a test).
  const session = {} as { -readonly [K in keyof FundedWalletSession]: FundedWalletSession[K] };
  let sandbox: RunningSandbox | undefined;
  let wallet: Wallet | undefined;
  let address: string | undefined;
  const apps: ComposedApp[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox(options.slotMs === undefined ? {} : { slotMs: options.slotMs });
    const place: WalletPlace = {
      sandbox,
      dataDir: tempDir(`swapdesk-${suite}-`),
      keychainService: `swapdesk-itest-${suite}-${process.pid}-${Date.now()}`,
      ...(options.now ? { now: options.now } : {}),
      apps,
    };
    session.place = place;
    wallet = openWallet(place);
    address = (await firstAccount(wallet.call, options.accountName)).address;
    await wallet.call('sandbox.fund', { address });
    Object.assign(session, { sandbox, wallet, address });
  });

  afterAll(async () => {
    for (const app of apps) app.close();
    // Without an account (set-up failed early) there is none to remove.
    if (address) await wallet?.call('accounts.remove', { address }).catch(() => undefined);
    await sandbox?.remove();
    if (session.place) rmSync(session.place.dataDir, { recursive: true, force: true });
  });

  return session;
}
