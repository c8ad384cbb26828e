/**
 * An in-memory `window.wallet` for the component tests (jsdom has no bridge). It parses every
 * request with the real contract schemas, so a screen that sends a malformed payload fails here
 * as it would in main, and answers Results shaped like main's. It is the bridge boundary only:
 * the real handlers are exercised end to end in Chromium (test/e2e).
 */
import { contract, type MethodName } from '../../../preload/contract';
import { buildWalletApi, type WalletApi } from '../../../preload/wallet-api';
import type {
  AccountsState,
  AccountSummary,
  AppInfo,
  Balances,
  ReviewTicketView,
  TokenBalance,
} from '../../../preload/api-types';
import type { Result } from '../../../main/shared/result';
import { FAKE_PRICES, FAKE_TOKENS } from './fake-tokens';
import { createFakeSwapHandlers, initialFakeSwapState, type FakeSwapState } from './fake-swap';
import { createFakePayHandlers, initialFakePayState, type FakePayState } from './fake-pay';
import { createFakeFeesHandlers, initialFakeFeesState, type FakeFeesState } from './fake-fees';
import {
  createFakeLedgerHandlers,
  initialFakeLedgerState,
  type FakeLedgerState,
} from './fake-ledger';
import { createFakeLockHandlers, initialFakeLockState, type FakeLockState } from './fake-lock';
import { refusalOf } from '../../../preload/contract/bridge-error';
import { WalletError } from '../../../main/shared/errors';

export interface FakeWalletOptions {
  accounts?: AccountSummary[];
  /** When set, every balances.get and app.info fails with NETWORK_UNAVAILABLE. */
  networkDown?: boolean;
  isSandbox?: boolean;
  /** The app.info network's swap API flavour (default the spec's v6). */
  swapApiFlavour?: 'v6' | 'swap-v1' | 'swap-v2';
  lamports?: string;
  /** The token accounts balances.get answers (default: 1,000 USDC once lamports are above 0). */
  tokens?: TokenBalance[];
  /** The lock state (default: 'unlocked' with accounts, 'new' without; fake-lock.ts). */
  lock?: FakeLockState['state'];
  /**
   * balances.watch as on a network with subscriptions (issue 33): it answers `changed` once the
   * test changed `state.lamports`, then "unsupported" (so the screen's loop ends). Default: a
   * network without subscriptions.
   */
  balanceWatch?: boolean;
}

export interface FakeWallet {
  api: WalletApi;
  /** Every call in order, with its parsed request (secrets included: tests check them). */
  calls: { method: MethodName; request: unknown }[];
  state: {
    accounts: AccountSummary[];
    current: string | null;
    networkDown: boolean;
    lamports: string;
    /** The `solana:` link links.takePending hands out once. */
    pendingLink: string | null;
  };
  /**
   * Makes the next call of `method` answer this error instead; `serviceMessage` (a service's own
   * words) crosses as main's registry sends it: sanitized, checked by the contract (issue 32).
   */
  failNext: (method: MethodName, code: string, message: string, serviceMessage?: string) => void;
  /** Holds answers of `method` until the returned function is called. */
  hold: (method: MethodName) => () => void;
  /** Holds the answer of the next call of `method` only (later calls answer at once). */
  holdNext: (method: MethodName) => () => void;
  /** State of the tokens, swap, activity and settings methods (fake-swap.ts). */
  swap: FakeSwapState;
  /** State of the pay methods (fake-pay.ts). */
  pay: FakePayState;
  /** State of the fees methods (fake-fees.ts). */
  fees: FakeFeesState;
  /** State of the ledger methods (fake-ledger.ts). */
  ledger: FakeLedgerState;
  /** State of the lock methods (fake-lock.ts). */
  lock: FakeLockState;
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A valid-looking, distinct base58 address per number. */
export function fakeAddress(n: number): string {
  let text = '';
  let value = n + 1;
  while (value > 0) {
    text = ALPHABET[value % 58] + text;
    value = Math.floor(value / 58);
  }
  return `${'F'.repeat(44 - text.length)}${text}`;
}

export function fakeAccount(n: number, label = `Account ${n + 1}`): AccountSummary {
  return {
    address: fakeAddress(n),
    label,
    kind: 'generated',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** 1,000 USDC in the account's token account: what a funded fake account holds. */
export function fakeUsdcHolding() {
  return {
    mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    symbol: 'USDC',
    decimals: 6,
    amount: '1000000000',
    tokenAccount: fakeAddress(999),
    tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    verified: true,
  };
}

export function installFakeWallet(options: FakeWalletOptions = {}): FakeWallet {
  const accounts = [...(options.accounts ?? [])];
  const state = {
    accounts,
    current: accounts[0]?.address ?? null,
    networkDown: options.networkDown ?? false,
    lamports: options.lamports ?? '0',
    pendingLink: null as string | null,
    swapPath: 'router' as 'router' | 'meta-aggregator',
  };
  let counter = 100;
  /** The lamports balances.watch last reported as changed. */
  let watchedLamports = state.lamports;
  const calls: FakeWallet['calls'] = [];
  const failures = new Map<MethodName, Result<never>>();
  const holds = new Map<MethodName, Promise<void>>();
  const holdsOnce = new Map<MethodName, Promise<void>>();
  const lock = initialFakeLockState(accounts.length > 0);
  if (options.lock) lock.state = options.lock;
  const info: AppInfo = {
    version: '0.1.0',
    shell: 'web-preview',
    network: {
      id: options.isSandbox === false ? 'mainnet' : 'sandbox',
      label: options.isSandbox === false ? 'Mainnet' : 'Sandbox',
      rpcUrl: 'http://127.0.0.1:8899',
      swapApiUrl:
        options.swapApiFlavour === 'swap-v1'
          ? 'http://127.0.0.1:8899/swap/v1'
          : options.swapApiFlavour === 'swap-v2'
            ? 'http://127.0.0.1:8899/swap/v2'
            : 'http://127.0.0.1:8899/v6',
      swapApiFlavour: options.swapApiFlavour ?? 'v6',
      isSandbox: options.isSandbox !== false,
    },
    lock: lock.state,
  };
  const swap = initialFakeSwapState(info.network);
  const pay = initialFakePayState();
  const fees = initialFakeFeesState();
  const ledger = initialFakeLedgerState(fakeAddress);
  const listed = (): AccountsState => ({ accounts: [...state.accounts], current: state.current });
  const add = (account: AccountSummary): AccountSummary => {
    state.accounts.push(account);
    state.current ??= account.address;
    return account;
  };
  const err = (code: string, message: string): Result<never> => ({
    ok: false,
    error: { code, message },
  });

  const swapHandlers = createFakeSwapHandlers(
    swap,
    () => state.current,
    (network) => {
      info.network = network;
    },
  );
  const handlers: { [M in MethodName]: (req: never) => Result<unknown> } = {
    'app.info': () =>
      state.networkDown
        ? err(
            'NETWORK_UNAVAILABLE',
            'The sandbox network is not reachable. Restart Swapdesk to start it again.',
          )
        : { ok: true, value: { ...info, lock: lock.state } },
    // As main answers it: no list while locked or waiting for an upgrade (main/handlers/app.ts).
    'app.start': () =>
      state.networkDown
        ? err(
            'NETWORK_UNAVAILABLE',
            'The sandbox network is not reachable. Restart Swapdesk to start it again.',
          )
        : {
            ok: true,
            value: {
              info: { ...info, lock: lock.state },
              accounts: lock.state === 'locked' || lock.state === 'upgrade' ? null : listed(),
            },
          },
    'links.takePending': () => {
      const url = state.pendingLink;
      state.pendingLink = null;
      return { ok: true, value: { url } };
    },
    'swapPath.get': () => ({
      ok: true,
      value: {
        network: info.network.id,
        offered: info.network.swapApiFlavour === 'swap-v2',
        path: state.swapPath,
      },
    }),
    'swapPath.set': (req: { path: 'router' | 'meta-aggregator' }) => {
      state.swapPath = req.path;
      return {
        ok: true,
        value: { network: info.network.id, offered: true, path: state.swapPath },
      };
    },
    'accounts.list': () => ({ ok: true, value: listed() }),
    'accounts.create': (req: { label?: string }) => ({
      ok: true,
      value: add(fakeAccount(counter++, req.label ?? `Account ${state.accounts.length + 1}`)),
    }),
    'accounts.import': (req: { secret: string; label?: string; accountIndexes?: number[] }) => {
      const words = req.secret.trim().split(/\s+/);
      if (words.length >= 12) {
        if (words.includes('notaword')) {
          return err(
            'INVALID_RECOVERY_PHRASE',
            'This recovery phrase is not valid: check each word and their order.',
          );
        }
        const indexes = req.accountIndexes ?? [0];
        return {
          ok: true,
          value: indexes.map((i) =>
            add({
              ...fakeAccount(counter++, `${req.label ?? 'Imported'} ${i + 1}`),
              kind: 'recovery-phrase',
              derivationPath: `m/44'/501'/${i}'/0'`,
            }),
          ),
        };
      }
      if (
        /^[1-9A-HJ-NP-Za-km-z]{86,88}$/.test(req.secret.trim()) ||
        /^\[(\d+,){63}\d+\]$/.test(req.secret.replace(/\s/g, ''))
      ) {
        return {
          ok: true,
          value: [add({ ...fakeAccount(counter++, req.label ?? 'Imported'), kind: 'secret-key' })],
        };
      }
      return err(
        'INVALID_SECRET_KEY',
        'This is not a secret key Swapdesk can read: paste a base58 secret key, a keypair file or a recovery phrase.',
      );
    },
    'accounts.rename': (req: { address: string; label: string }) => {
      const found = state.accounts.find((a) => a.address === req.address);
      if (!found) return err('ACCOUNT_NOT_FOUND', 'That account is not in this wallet.');
      found.label = req.label;
      return { ok: true, value: { ...found } };
    },
    'accounts.remove': (req: { address: string }) => {
      state.accounts = state.accounts.filter((a) => a.address !== req.address);
      if (state.current === req.address) state.current = state.accounts[0]?.address ?? null;
      return { ok: true, value: listed() };
    },
    'accounts.select': (req: { address: string }) => {
      if (!state.accounts.some((a) => a.address === req.address))
        return err('ACCOUNT_NOT_FOUND', 'That account is not in this wallet.');
      state.current = req.address;
      return { ok: true, value: listed() };
    },
    'prices.get': (req: { mints: string[] }) => ({
      ok: true,
      value: Object.fromEntries(
        req.mints.map((mint) => {
          const usdPrice = swap.directory ? (FAKE_PRICES[mint] ?? null) : null;
          return [
            mint,
            usdPrice === null
              ? { usdPrice: null, asOf: null, status: 'missing' }
              : {
                  usdPrice,
                  asOf: Date.now(),
                  status: 'fresh',
                  ...(swap.oracleFeeds.has(mint)
                    ? { source: 'oracle', feed: swap.oracleFeeds.get(mint) }
                    : { source: 'service' }),
                },
          ];
        }),
      ),
    }),
    'balances.watch': () => {
      if (options.balanceWatch && state.lamports !== watchedLamports) {
        watchedLamports = state.lamports;
        return { ok: true, value: { supported: true, changed: true } };
      }
      return { ok: true, value: { supported: false, changed: false } };
    },
    'balances.get': (req: { address: string }) => {
      if (state.networkDown)
        return err(
          'NETWORK_UNAVAILABLE',
          'The sandbox network is not reachable. Restart Swapdesk to start it again.',
        );
      const value: Balances = {
        address: req.address,
        lamports: state.lamports,
        slot: 1,
        tokens: options.tokens ? options.tokens : state.lamports === '0' ? [] : [fakeUsdcHolding()],
      };
      return { ok: true, value };
    },
    ...swapHandlers,
    ...createFakePayHandlers(
      pay,
      () => state.current,
      () => fees.settings,
      // The SOL-first step is a swap: quoted and reviewed by the fake swap, approved there.
      (inputMint, amount) => {
        const quote = swapHandlers['swap.quote']({
          inputMint,
          outputMint: FAKE_TOKENS[0]!.mint,
          amount,
          slippage: { bps: 100 },
        } as never) as Result<{ quoteId: string }>;
        if (!quote.ok) return quote;
        return swapHandlers['swap.review']({
          quoteId: quote.value.quoteId,
        } as never) as Result<ReviewTicketView>;
      },
    ),
    // Transaction requests (issue 34) are reviewed against real merchants in the integration
    // and e2e tests; the fake wallet refuses them as a main without network would.
    'merchant.open': () => err('NETWORK_UNAVAILABLE', 'No merchant can be reached here.'),
    'merchant.review': () => err('NETWORK_UNAVAILABLE', 'No merchant can be reached here.'),
    'merchant.swapFirst': () => err('NETWORK_UNAVAILABLE', 'No swap service can be reached here.'),
    'merchant.approve': () => err('TICKET_NOT_FOUND', 'This review is no longer known.'),
    'merchant.redirect': () => err('NOT_AVAILABLE', 'There is nothing to open.'),
    'action.open': () => err('NETWORK_UNAVAILABLE', 'No action can be reached here.'),
    'action.review': () => err('NETWORK_UNAVAILABLE', 'No action can be reached here.'),
    'action.approve': () => err('TICKET_NOT_FOUND', 'This review is no longer known.'),
    'action.next': () => err('NOT_AVAILABLE', 'This action offers nothing more.'),
    ...createFakeFeesHandlers(fees, () => state.current),
    ...createFakeLedgerHandlers(ledger, add),
    ...createFakeLockHandlers(
      lock,
      add,
      (address) => state.accounts.find((a) => a.address === address),
      () => fakeAccount(counter++, `Account ${state.accounts.length + 1}`),
    ),
    'sandbox.fund': () => {
      if (!info.network.isSandbox)
        return err('NOT_SANDBOX', 'Test funds exist on the sandbox network only.');
      state.lamports = (BigInt(state.lamports) + 10_000_000_000n).toString();
      return { ok: true, value: { signatures: ['sig1', 'sig2'] } };
    },
  };

  const call = async (method: MethodName, request: unknown): Promise<Result<unknown>> => {
    const parsed = contract[method].request.safeParse(request);
    calls.push({ method, request });
    const heldOnce = holdsOnce.get(method);
    holdsOnce.delete(method);
    if (heldOnce) await heldOnce;
    const held = holds.get(method);
    if (held) await held;
    if (!parsed.success) return err('INVALID_REQUEST', `Invalid request for ${method}.`);
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      return failure;
    }
    return (handlers[method] as (req: unknown) => Result<unknown>)(parsed.data);
  };

  const api = buildWalletApi(Object.keys(contract) as MethodName[], call);
  window.wallet = api;
  return {
    api,
    calls,
    state,
    swap,
    pay,
    fees,
    ledger,
    lock,
    failNext: (method, code, message, serviceMessage) =>
      failures.set(method, refusalOf(new WalletError(code, message, { serviceMessage }))),
    holdNext: (method) => {
      let release = () => {};
      holdsOnce.set(method, new Promise<void>((resolve) => (release = resolve)));
      return () => release();
    },
    hold: (method) => {
      let release = () => {};
      holds.set(method, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(method);
        release();
      };
    },
  };
}
