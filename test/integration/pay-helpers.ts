/**
 * Helpers of the pay integration tests: the real wallet (swap-flow-wallet's composition with
 * the real keychain and review) with every request URL it sends logged, a payer that holds only
 * what the test gives it (airdrop, faucet), payees that are fresh keys, and the merchant's view
 * of the ledger.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { afterAll, beforeAll } from 'vitest';
import type { ComposedApp } from '../../main/app/compose';
import { composeApp } from '../../main/app/compose';
import { createRegistry } from '../../main/bridge/registry';
import { sandboxNetwork } from '../../main/network/presets';
import type { MethodName, RequestOf, ResponseOf } from '../../preload/contract';
import { recordVaultSecret } from '../harness/secrets-log';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { transcribed, until } from './swap-flow-wallet';
import { firstAccount } from './wallet-setup';

export const SOL = 'So11111111111111111111111111111111111111112';
export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const PYUSD = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';
const sender = { kind: 'electron', frameUrl: 'file:///index.html', isMainFrame: true } as const;

export interface PayWallet {
  app: ComposedApp;
  /** Every URL the wallet fetched (RPC and swap API), in order. */
  urls: string[];
  /** The bodies of the swap API's /swap-instructions answers the wallet received, in order. */
  swapInstructionAnswers: Record<string, unknown>[];
  call<M extends MethodName>(method: M, request: RequestOf<M>): Promise<ResponseOf<M>>;
  refusal(method: MethodName, request: unknown): Promise<{ code: string; message: string }>;
}

/**
 * Changes a swap service answer before the wallet reads it (a hostile service, for the guard's
 * tests); return the response itself to leave it alone.
 */
export type AnswerRewrite = (url: string, response: Response) => Promise<Response>;

/** The app as the Electron shell composes it, on the sandbox, with a logged fetch. */
export function openPayWallet(
  sandbox: RunningSandbox,
  dataDir: string,
  keychainService: string,
  rewrite?: AnswerRewrite,
): PayWallet {
  const urls: string[] = [];
  const swapInstructionAnswers: Record<string, unknown>[] = [];
  const logged: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    urls.push(url);
    const fetched = await fetch(input, init);
    const response = rewrite ? await rewrite(url, fetched) : fetched;
    if (url.endsWith('/swap-instructions') && response.ok) {
      swapInstructionAnswers.push((await response.clone().json()) as Record<string, unknown>);
    }
    return response;
  };
  const app = composeApp({
    keychainService,
    dataDir,
    network: sandboxNetwork(sandbox),
    shell: 'electron',
    version: 'test',
    fetch: logged,
    onSecretCreated: recordVaultSecret,
  });
  const registry = createRegistry({ handlers: app.handlers, policy: () => true, ...transcribed() });
  return {
    app,
    urls,
    swapInstructionAnswers,
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

/** The sandbox faucet: mints `amount` base units of `mint` to `owner` (creating its ATA). */
export async function faucet(sandbox: RunningSandbox, owner: string, mint: string, amount: bigint) {
  const response = await fetch(new URL('/sandbox/faucet', sandbox.rpcUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner, mint, amount: amount.toString() }),
  });
  if (!response.ok) throw new Error(`faucet: ${response.status} ${await response.text()}`);
  const { signature } = (await response.json()) as { signature: string };
  return signature;
}

/** SOL only: an airdrop, confirmed. */
export async function airdrop(connection: Connection, owner: string, lamports: number) {
  const signature = await connection.requestAirdrop(new PublicKey(owner), lamports);
  await until(
    'airdrop',
    () => connection.getSignatureStatus(signature),
    (s) =>
      s.value?.confirmationStatus === 'confirmed' || s.value?.confirmationStatus === 'finalized',
  );
}

/** The associated token account of `owner` for `mint` (Token-2022 for PYUSD). */
export function ataOf(owner: string, mint: string): string {
  const program = mint === PYUSD ? TOKEN_2022_PROGRAM_ID : undefined;
  return getAssociatedTokenAddressSync(
    new PublicKey(mint),
    new PublicKey(owner),
    true,
    program,
  ).toBase58();
}

/** A token account's balance in base units, 0 when it does not exist. */
export async function tokenBalance(connection: Connection, account: string): Promise<bigint> {
  const info = await connection.getAccountInfo(new PublicKey(account), 'confirmed');
  if (info === null) return 0n;
  const { value } = await connection.getTokenAccountBalance(new PublicKey(account), 'confirmed');
  return BigInt(value.amount);
}

export const newKey = () => Keypair.generate().publicKey.toBase58();

/**
 * Waits for swap.status of `signature` to leave pending; throws unless it confirmed, then waits
 * for the app to have settled it.
 */
export async function confirmedSignature(wallet: PayWallet, signature: string): Promise<string> {
  const status = await until(
    `status of ${signature}`,
    () => wallet.call('swap.status', { signature }),
    (s) => s.status !== 'pending',
  );
  if (status.status !== 'confirmed') throw new Error(`${status.status}: ${status.error}`);
  await wallet.app.settled(signature);
  return signature;
}

/** Approves a ticket through pay.approve and waits for it to confirm (confirmedSignature). */
export async function approveAndConfirm(
  wallet: PayWallet,
  ticket: ResponseOf<'pay.review'>,
): Promise<string> {
  const submission = await wallet.call('pay.approve', {
    ticketId: ticket.ticketId,
    transactionBase64: ticket.transactionBase64,
  });
  return confirmedSignature(wallet, submission.signature);
}

/** `response`'s JSON answer as `edit` leaves it, with its status and headers (a lying service). */
export async function editedAnswer(
  response: Response,
  edit: (answer: Record<string, unknown>) => void,
): Promise<Response> {
  const answer = (await response.json()) as Record<string, unknown>;
  edit(answer);
  return new Response(JSON.stringify(answer), {
    status: response.status,
    headers: response.headers,
  });
}

export interface PaySession {
  /** The suite's sandbox (read it inside a test or hook: it is started in beforeAll). */
  readonly sandbox: RunningSandbox;
  /** A confirmed-commitment connection to the sandbox's RPC. */
  readonly connection: Connection;
  readonly wallet: PayWallet;
  /** The wallet's account that pays: it holds 20 SOL, plus what `payerUsdc` gives it. */
  readonly payer: string;
  /** A payee wallet that already has a token account of `mint` (holding 1 base unit). */
  payeeWithAccount(mint: string): Promise<string>;
}

export interface PaySessionOptions {
  /** USDC base units the faucet gives the payer besides its SOL (default: none, SOL only). */
  payerUsdc?: bigint;
  /** Extra sandbox options, e.g. ['--api-shape', 'v1'] (the swap API in today's shape). */
  sandboxArgs?: string[];
  /** Rewrites answers of the swap service before the wallet reads them (see AnswerRewrite). */
  rewrite?: AnswerRewrite;
}

/**
 * Registers the beforeAll/afterAll of a pay suite and answers the session they run: a real
 * sandbox, the wallet composed on it with its own data directory and keychain service, and a
 * payer account airdropped 20 SOL. Afterwards the app is closed, the payer removed (its key
 * out of the keychain), the sandbox and the data directory deleted. Call it at the top level;
 * `suite` (e.g. `pay-flow`) names the data directory and the keychain service.
 */
export function usePaySession(suite: string, options: PaySessionOptions = {}): PaySession {
  let sandbox: RunningSandbox | undefined;
  let connection: Connection | undefined;
  let dataDir: string | undefined;
  let wallet: PayWallet | undefined;
  let payer: string | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox({ slotMs: 80, args: options.sandboxArgs ?? [] });
    connection = new Connection(sandbox.rpcUrl, 'confirmed');
    dataDir = mkdtempSync(join(tmpdir(), `swapdesk-${suite}-`));
    wallet = openPayWallet(
      sandbox,
      dataDir,
      `swapdesk-${suite}-itest-${process.pid}-${Date.now()}`,
      options.rewrite,
    );
    payer = (await firstAccount(wallet.call, 'Payer')).address;
    await airdrop(connection, payer, 20_000_000_000);
    if (options.payerUsdc !== undefined) await faucet(sandbox, payer, USDC, options.payerUsdc);
  });

  afterAll(async () => {
    wallet?.app.close();
    // Without a payer (set-up failed early) there is no account to remove.
    if (payer) await wallet?.call('accounts.remove', { address: payer }).catch(() => undefined);
    await sandbox?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function started<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test`);
    return value;
  }

  return {
    get sandbox() {
      return started(sandbox, 'the sandbox');
    },
    get connection() {
      return started(connection, 'the connection');
    },
    get wallet() {
      return started(wallet, 'the wallet');
    },
    get payer() {
      return started(payer, 'the payer');
    },
    async payeeWithAccount(mint) {
      const payee = newKey();
      await faucet(started(sandbox, 'the sandbox'), payee, mint, 1n);
      return payee;
    },
  };
}
