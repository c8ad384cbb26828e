/**
 * A wallet for the swap-flow and activity integration tests: the real composition root as the
 * Electron shell builds it (real keychain, real review), behind the real registry with the
 * contract's strict schemas, talking to a real sandbox. Its fetch counts sendTransaction
 * requests and can lose chosen JSON-RPC calls, the way a flaky network does.
 */
import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';
import type {
  Balances,
  QuoteView,
  ReviewTicketView,
  TransactionStatusView,
} from '../../preload/api-types';
import type { MethodName, RequestOf, ResponseOf } from '../../preload/contract';
import { composeApp, type ComposedApp } from '../../main/app/compose';
import { createRegistry, type Registry } from '../../main/bridge/registry';
import { sandboxNetwork } from '../../main/network/presets';
import { recordVaultSecret } from '../harness/secrets-log';
import type { RunningSandbox } from '../harness/sandbox-process';

export const SOL = 'So11111111111111111111111111111111111111112';
export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const sender = { kind: 'electron', frameUrl: 'file:///index.html', isMainFrame: true } as const;

export interface Wallet extends WalletCaller {
  app: ComposedApp;
  registry: Registry;
  /** sendTransaction requests that reached the sandbox. */
  sends: () => number;
}

export interface WalletPlace {
  sandbox: RunningSandbox;
  dataDir: string;
  keychainService: string;
  now?: () => number;
  /** Every app opened, so the test can close them all. */
  apps: ComposedApp[];
}

/**
 * The registry option that appends every bridge response to SWAPDESK_BRIDGE_TRANSCRIPT (set by
 * scripts/test.mjs), where the leak check looks for secrets; nothing when it is unset.
 */
export function transcribed(): { onResponse?: (method: string, result: unknown) => void } {
  const transcript = process.env.SWAPDESK_BRIDGE_TRANSCRIPT;
  if (!transcript) return {};
  return {
    onResponse: (method, result) =>
      appendFileSync(transcript, `${JSON.stringify({ method, result })}\n`, { mode: 0o600 }),
  };
}

/** JSON-RPC method names of a request body (single or batch). */
function rpcMethods(init?: RequestInit): string[] {
  if (typeof init?.body !== 'string') return [];
  try {
    const body = JSON.parse(init.body) as { method?: string } | { method?: string }[];
    return (Array.isArray(body) ? body : [body]).map((r) => r.method ?? '');
  } catch {
    return [];
  }
}

/** Opens the app on `place`, losing every JSON-RPC call named in `lose`. */
export function openWallet(place: WalletPlace, lose: Set<string> = new Set()): Wallet {
  let sendCount = 0;
  const fetchThrough: typeof fetch = async (input, init) => {
    const methods = rpcMethods(init);
    if (methods.some((m) => lose.has(m))) throw new TypeError('fetch failed');
    sendCount += methods.filter((m) => m === 'sendTransaction').length;
    return fetch(input, init);
  };
  const app = composeApp({
    keychainService: place.keychainService,
    dataDir: place.dataDir,
    network: sandboxNetwork(place.sandbox),
    shell: 'electron',
    version: 'test',
    fetch: fetchThrough,
    ...(place.now ? { now: place.now } : {}),
    onSecretCreated: recordVaultSecret,
  });
  place.apps.push(app);
  const registry = createRegistry({ handlers: app.handlers, policy: () => true, ...transcribed() });
  return { app, registry, sends: () => sendCount, ...callerOf(registry) };
}

/** What a test asks of the wallet: a window's bridge calls, through `registry`. */
export interface WalletCaller {
  /** The method's answer; throws with the code and words of a refusal. */
  call<M extends MethodName>(method: M, request: RequestOf<M>): Promise<ResponseOf<M>>;
  /** The refusal's code and words; throws when the method answers. */
  refusal(method: MethodName, request: unknown): Promise<{ code: string; message: string }>;
}

/** Calls through `registry` as the app's own window does (the Electron main frame). */
export function callerOf(registry: Registry): WalletCaller {
  return {
    async call(method, request) {
      const result = await registry.dispatch(method, request, sender);
      if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`);
      return result.value as ResponseOf<typeof method>;
    },
    async refusal(method, request) {
      const result = await registry.dispatch(method, request, sender);
      if (result.ok) throw new Error(`${method} was expected to be refused`);
      return result.error;
    },
  };
}

/** Reads until `done` holds (40 s at most). */
export async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean) {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** swap.status once it is no longer pending. */
export const statusOf = (wallet: Wallet, signature: string) =>
  until<TransactionStatusView>(
    `status of ${signature}`,
    () => wallet.call('swap.status', { signature }),
    (s) => s.status !== 'pending',
  );

export function tokenAmount(balances: Balances, mint: string): bigint {
  return balances.tokens
    .filter((t) => t.mint === mint)
    .reduce((sum, t) => sum + BigInt(t.amount), 0n);
}

/** swap.quote SOL -> USDC (ExactIn, 1%) and swap.review of it. */
export async function quoteAndReview(wallet: Wallet, amount = '100000000') {
  const quote: QuoteView = await wallet.call('swap.quote', {
    inputMint: SOL,
    outputMint: USDC,
    amount,
    slippage: { bps: 100 },
  });
  const ticket: ReviewTicketView = await wallet.call('swap.review', { quoteId: quote.quoteId });
  return { quote, ticket };
}

/** The person's own SOL -> USDC swap, quoted, reviewed, approved and confirmed; its signature. */
export async function confirmedOwnSwap(wallet: Wallet): Promise<string> {
  const { ticket } = await quoteAndReview(wallet);
  const { signature } = await wallet.call('swap.approve', {
    ticketId: ticket.ticketId,
    transactionBase64: ticket.transactionBase64,
  });
  expect((await statusOf(wallet, signature)).status).toBe('confirmed');
  return signature;
}
