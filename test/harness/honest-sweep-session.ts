/**
 * The set-up both honest sweeps share (honest-sweep.test.ts on the swap API, honest-sweep-v2
 * on the Swap API v2): one sandbox for the file, the real composition root behind the real
 * bridge registry (openWallet), a person holding SOL and a million user units of every sweep
 * token, and for each token a payee that already holds an account of it. After the file every
 * account the sweep made leaves the keychain, the apps close and the sandbox is removed.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll } from 'vitest';
import type { ComposedApp } from '../../main/app/compose';
import { tempDir } from '../fixtures/temp-dirs';
import { airdrop, faucet, tokenBalance } from '../integration/pay-helpers';
import { openWallet, type Wallet } from '../integration/swap-flow-wallet';
import { firstAccount } from '../integration/wallet-setup';
import {
  baseUnits,
  reviewInvoiceCase,
  reviewSwapCase,
  SWEEP_TOKENS,
  type BridgeCall,
  type InvoiceCase,
  type Reviewed,
  type SweepCase,
} from './honest-sweep';
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from './sandbox-process';

export interface HonestSweepSession {
  /** The file's sandbox (read inside a test or hook: it starts in beforeAll). */
  readonly sandbox: RunningSandbox;
  readonly connection: Connection;
  readonly wallet: Wallet;
  /** The first account: SOL and every sweep token. */
  readonly person: string;
  /** The payee of each token's invoices, by mint. */
  readonly payees: ReadonlyMap<string, string>;
  /** A bridge call as the Electron renderer makes it (the sweep's cases go through it). */
  call: BridgeCall;
  /** Lamports of `owner`, confirmed. */
  lamportsOf(owner: string): Promise<bigint>;
  /** Every sweep token but SOL, a million user units of each, into `owner`. */
  fundTokens(owner: string): Promise<void>;
  /** What the invoice's payee holds of its token (lamports for SOL). */
  payeeHolds(invoice: InvoiceCase): Promise<bigint>;
  /**
   * Reviews a case (an invoice as paid to its token's payee), with what that payee held before
   * (0 for a swap), for paidExactly once it confirms.
   */
  reviewCase(sweepCase: SweepCase): Promise<{ reviewed: Reviewed; before: bigint }>;
  /**
   * Null when a confirmed invoice's payee gained exactly its amount since `before` (a swap:
   * always); else what the payee gained, in words.
   */
  paidExactly(sweepCase: SweepCase, before: bigint): Promise<string | null>;
}

export interface HonestSweepSessionOptions {
  /** Names the data folder and the keychain service (unique per process and start). */
  name: string;
  /** The sandbox's options (slot time, `--api-shape`, Jupiter's program). */
  sandbox: StartSandboxOptions;
}

/**
 * Registers the file's beforeAll/afterAll and answers the session they run. Call it at the top
 * level of a test file.
 *
 * @example
 * const sweep = useHonestSweepSession({ name: 'honest-sweep', sandbox: { slotMs: 80 } });
 * it('…', async () => { await reviewSwapCase(sweep.call, cases[0]); });
 */
export function useHonestSweepSession(options: HonestSweepSessionOptions): HonestSweepSession {
  // Filled in beforeAll; read through `need`, which says so when a test reads too early.
  const state: {
    sandbox?: RunningSandbox;
    connection?: Connection;
    wallet?: Wallet;
    person?: string;
  } = {};
  const apps: ComposedApp[] = [];
  const payees = new Map<string, string>();
  const need = <K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> => {
    const value = state[key];
    if (value === undefined) throw new Error(`the ${key} is not started: use it inside a test`);
    return value as NonNullable<(typeof state)[K]>;
  };

  const session: HonestSweepSession = {
    get sandbox() {
      return need('sandbox');
    },
    get connection() {
      return need('connection');
    },
    get wallet() {
      return need('wallet');
    },
    get person() {
      return need('person');
    },
    payees,
    call: async (method, request) =>
      (await session.wallet.registry.dispatch(method, request, {
        kind: 'electron',
        frameUrl: 'file:///index.html',
        isMainFrame: true,
      })) as Awaited<ReturnType<BridgeCall>>,
    lamportsOf: async (owner) =>
      BigInt(await session.connection.getBalance(new PublicKey(owner), 'confirmed')),
    async fundTokens(owner) {
      for (const token of SWEEP_TOKENS) {
        if (token.symbol === 'SOL') continue;
        await faucet(session.sandbox, owner, token.mint, baseUnits('1000000', token.decimals));
      }
    },
    async payeeHolds(invoice) {
      const payee = payees.get(invoice.token.mint)!;
      if (invoice.token.symbol === 'SOL') return session.lamportsOf(payee);
      const account = getAssociatedTokenAddressSync(
        new PublicKey(invoice.token.mint),
        new PublicKey(payee),
        false,
        new PublicKey(invoice.token.tokenProgram),
      );
      return tokenBalance(session.connection, account.toBase58());
    },
    async reviewCase(sweepCase) {
      if (sweepCase.kind === 'swap') {
        return { reviewed: await reviewSwapCase(session.call, sweepCase), before: 0n };
      }
      const before = await session.payeeHolds(sweepCase);
      const payee = payees.get(sweepCase.token.mint)!;
      return { reviewed: await reviewInvoiceCase(session.call, sweepCase, payee), before };
    },
    async paidExactly(sweepCase, before) {
      if (sweepCase.kind !== 'invoice') return null;
      const amount = baseUnits(sweepCase.amountText, sweepCase.token.decimals);
      const gained = (await session.payeeHolds(sweepCase)) - before;
      return gained === amount ? null : `the payee gained ${gained}`;
    },
  };

  beforeAll(async () => {
    const sandbox = await startSandbox(options.sandbox);
    state.sandbox = sandbox;
    const connection = new Connection(sandbox.rpcUrl, 'confirmed');
    state.connection = connection;
    const wallet = openWallet({
      sandbox,
      dataDir: tempDir(`swapdesk-${options.name}-`),
      keychainService: `swapdesk-${options.name}-itest-${process.pid}-${Date.now()}`,
      apps,
    });
    state.wallet = wallet;
    const person = (await firstAccount(wallet.call, 'Honest')).address;
    state.person = person;
    await airdrop(connection, person, 50_000_000_000);
    await session.fundTokens(person);
    for (const token of SWEEP_TOKENS) {
      const payee = Keypair.generate().publicKey.toBase58();
      if (token.symbol === 'SOL') await airdrop(connection, payee, 1_000_000_000);
      else await faucet(sandbox, payee, token.mint, 1n);
      payees.set(token.mint, payee);
    }
  }, 120_000);

  afterAll(async () => {
    const { wallet, sandbox } = state;
    // Every account the sweep made leaves the keychain with it.
    const made = await wallet?.call('accounts.list', {}).catch(() => null);
    for (const account of made?.accounts ?? []) {
      await wallet!.call('accounts.remove', { address: account.address }).catch(() => undefined);
    }
    for (const app of apps) app.close();
    await sandbox?.remove();
  });

  return session;
}
