/**
 * Helpers of the pay integration tests: the real wallet (swap-flow-wallet's composition with
 * the real keychain and review) with every request URL it sends logged, a payer that holds only
 * what the test gives it (airdrop, faucet), payees that are fresh keys, and the merchant's view
 * of the ledger.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, Keypair, PublicKey, type VersionedTransactionResponse } from '@solana/web3.js';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ComposedApp } from '../../main/app/compose';
import { composeApp } from '../../main/app/compose';
import { createRegistry } from '../../main/bridge/registry';
import { sandboxNetwork } from '../../main/network/presets';
import type { ResponseOf } from '../../preload/contract';
import { recordVaultSecret } from '../harness/secrets-log';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { callerOf, transcribed, until, type WalletCaller } from './swap-flow-wallet';
import { firstAccount } from './wallet-setup';

export const SOL = 'So11111111111111111111111111111111111111112';
export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const PYUSD = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';

export interface PayWallet extends WalletCaller {
  app: ComposedApp;
  /** Every URL the wallet fetched (RPC and swap API), in order. */
  urls: string[];
  /** The bodies of the swap API's /swap-instructions answers the wallet received, in order. */
  swapInstructionAnswers: Record<string, unknown>[];
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
  return { app, urls, swapInstructionAnswers, ...callerOf(registry) };
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
  /** The sandbox faucet on this session's sandbox (see faucet); the faucet's signature. */
  faucet(owner: string, mint: string, amount: bigint): Promise<string>;
  /** SOL only, on this session's sandbox: an airdrop, confirmed (see airdrop). */
  airdrop(owner: string, lamports: number): Promise<void>;
  /** A token account's balance on this session's sandbox, 0 when it does not exist. */
  tokenBalance(account: string): Promise<bigint>;
  /** approveAndConfirm through this session's wallet; the confirmed signature. */
  approveAndConfirm(ticket: ResponseOf<'pay.review'>): Promise<string>;
  /** confirmedSignature through this session's wallet. */
  confirmedSignature(signature: string): Promise<string>;
  /** The refusal of approving `ticket` as reviewed (its id and bytes), through this session's wallet. */
  approvalRefusal(
    method: 'swap.approve' | 'pay.approve',
    ticket: { ticketId: string; transactionBase64: string },
  ): Promise<{ code: string; message: string }>;
  /** The transaction of `signature` once the RPC has it (confirmed); fails the test if it failed. */
  landedTransaction(signature: string): Promise<VersionedTransactionResponse>;
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
    faucet: (owner, mint, amount) => faucet(started(sandbox, 'the sandbox'), owner, mint, amount),
    airdrop: (owner, lamports) => airdrop(started(connection, 'the connection'), owner, lamports),
    tokenBalance: (account) => tokenBalance(started(connection, 'the connection'), account),
    approveAndConfirm: (ticket) => approveAndConfirm(started(wallet, 'the wallet'), ticket),
    confirmedSignature: (signature) => confirmedSignature(started(wallet, 'the wallet'), signature),
    approvalRefusal: (method, { ticketId, transactionBase64 }) =>
      started(wallet, 'the wallet').refusal(method, { ticketId, transactionBase64 }),
    async landedTransaction(signature) {
      const rpc = started(connection, 'the connection');
      const tx = await until(
        'the confirmed transaction',
        () =>
          rpc.getTransaction(signature, {
            commitment: 'confirmed',
            maxSupportedTransactionVersion: 0,
          }),
        (found) => found !== null,
      );
      expect(tx?.meta?.err).toBeNull();
      return tx!;
    },
  };
}
