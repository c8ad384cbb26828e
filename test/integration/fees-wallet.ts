/**
 * The wallet of the fee integration tests: the real composition root behind the real registry
 * (contract schemas, real keychain, real review) on a real sandbox, with a fetch that counts
 * the requests reaching the swap service and sendTransaction, and can divert the fee of
 * POST /swap to another account (a network that tampers), plus the flows the tests repeat.
 */
import { expect } from 'vitest';
import type { FeeBalancesView, QuoteView } from '../../preload/api-types';
import type { MethodName, RequestOf, ResponseOf } from '../../preload/contract';
import { composeApp, type ComposedApp } from '../../main/app/compose';
import { createRegistry } from '../../main/bridge/registry';
import { sandboxNetwork } from '../../main/network/presets';
import { recordVaultSecret } from '../harness/secrets-log';
import type { RunningSandbox } from '../harness/sandbox-process';
import { transcribed, until } from './swap-flow-wallet';

const sender = { kind: 'electron', frameUrl: 'file:///index.html', isMainFrame: true } as const;

/** The operator keeps 2.5% of the fee, rounded down (main/sandbox/swap-api/README.md). */
export const integratorShare = (fee: bigint) => fee - (fee * 25n) / 1000n;

export interface FeesWallet {
  app: ComposedApp;
  /** Requests that reached the swap service (GET /quote, POST /swap, ...). */
  swapApiRequests(): number;
  /** sendTransaction requests that reached the sandbox. */
  sends(): number;
  /** From now on POST /swap carries this feeAccount instead (null: untouched). */
  divertFeeTo(address: string | null): void;
  call<M extends MethodName>(method: M, request: RequestOf<M>): Promise<ResponseOf<M>>;
  refusal(method: MethodName, request: unknown): Promise<{ code: string; message: string }>;
  /** Creates the fee account of `mint` for the selected account through review and approve. */
  createFeeAccount(mint: string): Promise<void>;
  /** Quote, review (accepted), approve, confirmed. */
  swap(
    request: RequestOf<'swap.quote'>,
  ): Promise<{ quote: QuoteView; ticket: ResponseOf<'swap.review'>; signature: string }>;
  /** The balance fees.balances shows for a configured fee account. */
  feeBalance(address: string): Promise<bigint>;
  settledStatus(signature: string): Promise<ResponseOf<'swap.status'>>;
}

/** Opens the app on `sandbox` with its data in `dataDir`. */
export function openFeesWallet(sandbox: RunningSandbox, dataDir: string): FeesWallet {
  const network = sandboxNetwork(sandbox);
  let swapApiRequests = 0;
  let sends = 0;
  let divert: string | null = null;
  const counting: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const toSwapApi = url.startsWith(network.swapApiUrl);
    if (toSwapApi) swapApiRequests++;
    const body = typeof init?.body === 'string' ? init.body : '';
    if (body.includes('"sendTransaction"')) sends++;
    if (divert && toSwapApi && new URL(url).pathname.endsWith('/swap')) {
      const json = JSON.parse(body) as Record<string, unknown>;
      return fetch(input, { ...init, body: JSON.stringify({ ...json, feeAccount: divert }) });
    }
    return fetch(input, init);
  };
  const app = composeApp({
    keychainService: `swapdesk-fees-itest-${process.pid}-${Date.now()}`,
    dataDir,
    network,
    shell: 'electron',
    version: 'test',
    fetch: counting,
    onSecretCreated: recordVaultSecret,
  });
  const registry = createRegistry({ handlers: app.handlers, policy: () => true, ...transcribed() });

  async function call<M extends MethodName>(
    method: M,
    request: RequestOf<M>,
  ): Promise<ResponseOf<M>> {
    const result = await registry.dispatch(method, request, sender);
    if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`);
    return result.value as ResponseOf<M>;
  }
  const settledStatus = (signature: string) =>
    until(
      `status of ${signature}`,
      () => call('swap.status', { signature }),
      (s) => s.status !== 'pending',
    );

  return {
    app,
    swapApiRequests: () => swapApiRequests,
    sends: () => sends,
    divertFeeTo: (address) => (divert = address),
    call,
    async refusal(method, request) {
      const result = await registry.dispatch(method, request, sender);
      if (result.ok) throw new Error(`${method} was expected to be refused`);
      return result.error;
    },
    settledStatus,
    async createFeeAccount(mint) {
      const ticket = await call('fees.createAccount', { mint });
      expect(ticket.report.accepted, ticket.report.refusals.join(' ')).toBe(true);
      const submission = await call('fees.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
      });
      expect((await settledStatus(submission.signature)).status).toBe('confirmed');
    },
    async swap(request) {
      const quote = await call('swap.quote', request);
      const ticket = await call('swap.review', { quoteId: quote.quoteId });
      expect(ticket.report.accepted, ticket.report.refusals.join(' ')).toBe(true);
      const submission = await call('swap.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
      });
      expect((await settledStatus(submission.signature)).status).toBe('confirmed');
      return { quote, ticket, signature: submission.signature };
    },
    async feeBalance(address) {
      const view: FeeBalancesView = await call('fees.balances', {});
      const account = view.accounts.find((a) => a.address === address);
      return BigInt(account?.balance ?? '0');
    },
  };
}
