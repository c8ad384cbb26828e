/**
 * The shared setting of the issue 21 hostile-service suites (hostile-service-bounds.test.ts,
 * hostile-service-keeps.test.ts): a real sandbox, the hostile stand-in of
 * test/harness/hostile-swap-service.ts in front of it, the wallet's real composition root behind
 * the real bridge registry, the person (funded) and the attacker (funded, trading on the sandbox
 * as any other party can). Helpers: `refused` (review and approve through the bridge must refuse
 * in words, nothing sent) and `twinLands` (the same tampered transaction, served to a key the
 * test holds, landed after a real front-run: what the person would have lost).
 */
import { rmSync } from 'node:fs';
import {
  Connection,
  Keypair,
  PublicKey,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RequestOf } from '../../preload/contract';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import {
  rewriteSwap,
  startHostileService,
  type HostileCase,
  type HostileService,
  type Json,
} from '../harness/hostile-swap-service';
import { balanceOf, frontRun, landAs, stripBounds, stripBoundsJson } from '../harness/front-run';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import { tempDir } from '../fixtures/temp-dirs';
import { openFeesWallet, type FeesWallet } from './fees-wallet';
import { ataOf, faucet } from './pay-helpers';
import { firstAccount } from './wallet-setup';
import { approveRefused } from './approve-refused';

export const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
export const FRZ_SYMBOL = 'FRZ';

export let sandbox: RunningSandbox;
export let hostile: HostileService;
export let wallet: FeesWallet;
let dataDir: string;
export let connection: Connection;
export let user: PublicKey;
export let attacker: Keypair;
/** The shape of the swap API the session's sandbox serves and the wallet is pointed at. */
let shape: 'v6' | 'v2' = 'v6';

export const short = (address: string | PublicKey) => {
  const text = typeof address === 'string' ? address : address.toBase58();
  return `${text.slice(0, 4)}…${text.slice(-4)}`;
};

export async function send(
  instructions: TransactionInstruction[],
  signers: Keypair[],
): Promise<void> {
  const tx = new Transaction().add(...instructions);
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  tx.feePayer = signers[0]?.publicKey;
  tx.sign(...signers);
  await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
}

export const fundAttacker = async (mint: string, amount: bigint): Promise<void> => {
  await faucet(sandbox, attacker.publicKey.toBase58(), mint, amount);
};

/**
 * Registers the suite's set-up and tear-down; call once at the top of a test file. With
 * `apiShape: 'v2'` the sandbox serves the Swap API v2 and the wallet asks the hostile service
 * as one (issue 32).
 */
export function useHostileOnchain(options: { apiShape?: 'v6' | 'v2' } = {}): void {
  shape = options.apiShape ?? 'v6';
  beforeAll(async () => {
    // 100 ms slots: an attacker pool opens after 25 of them (attacker-pool.ts), 2.5 s.
    sandbox = await startSandbox({
      slotMs: 100,
      args: shape === 'v2' ? ['--api-shape', 'v2'] : [],
    });
    connection = new Connection(sandbox.rpcUrl, 'confirmed');
    attacker = Keypair.generate();
    hostile = await startHostileService(sandbox, attacker);
    dataDir = tempDir('swapdesk-hostile-onchain-');
    const swapApiUrl = shape === 'v2' ? hostile.v2Url : hostile.url;
    wallet = openFeesWallet({ ...sandbox, swapApiUrl }, dataDir);
    user = new PublicKey((await firstAccount(wallet.call, 'Victim')).address);
    await wallet.call('sandbox.fund', { address: user.toBase58() });
    await waitForStatus(connection, await connection.requestAirdrop(user, 12_000_000_000), 200, 25);
    await waitForStatus(
      connection,
      await connection.requestAirdrop(attacker.publicKey, 50_000_000_000),
      200,
      25,
    );
  }, 120_000);

  afterAll(async () => {
    wallet?.app.close();
    await hostile?.close();
    await sandbox?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}

/**
 * Review through the bridge under `tamperCase` must refuse with `rule`'s verdict, and approve
 * must answer GUARD_REFUSED with the same words, nothing sent.
 */
export async function refused(
  tamperCase: HostileCase,
  review: () => Promise<{ ticketId: string; transactionBase64: string; report: ReviewReport }>,
  approve: 'swap.approve' | 'pay.approve',
  rule: string,
): Promise<string> {
  hostile.use(tamperCase);
  try {
    const sends = wallet.sends();
    const ticket = await review();
    expect(hostile.tampered(), 'the case tampered with nothing').toBeGreaterThan(0);
    expect(ticket.report.accepted).toBe(false);
    const verdict = ticket.report.verdicts.find((v) => v.rule === rule);
    expect(verdict?.ok, `refusals: ${ticket.report.refusals.join(' / ')}`).toBe(false);
    const answer = await approveRefused(wallet, approve, ticket, 'GUARD_REFUSED', sends);
    expect(answer.message).toContain(verdict?.reason);
    return verdict?.reason ?? '';
  } finally {
    hostile.use(null);
  }
}
interface ReviewReport {
  accepted: boolean;
  refusals: string[];
  verdicts: { rule: string; ok: boolean; reason: string }[];
}

export const reviewSwap = (request: RequestOf<'swap.quote'>) => async () => {
  const quote = await wallet.call('swap.quote', request);
  return wallet.call('swap.review', { quoteId: quote.quoteId });
};

/**
 * The twin: a key the test holds asks the same hostile service for the same swap, gets the same
 * tamper, and lands it right after the attacker traded ahead of it on its pools. Answers what
 * reached the output and what left the input.
 */
export async function twinLands(
  tamperCase: HostileCase,
  query: Record<string, string>,
  extra: Json = {},
  options: {
    holds?: bigint;
    frontRun?: { inputMint?: string; outputMint?: string };
    /** What the attacker does between review and landing instead of the front-run. */
    between?: (transaction: Uint8Array) => Promise<void>;
  } = {},
): Promise<{ quote: Json; received: bigint; spent: bigint }> {
  const twin = Keypair.generate();
  await waitForStatus(connection, await connection.requestAirdrop(twin.publicKey, 2e9), 200, 25);
  const inputMint = query.inputMint as string;
  const outputMint = query.outputMint as string;
  await faucet(sandbox, twin.publicKey.toBase58(), inputMint, options.holds ?? 1_000_000_000n);
  hostile.use(tamperCase);
  let quote: Json;
  let transaction: Uint8Array;
  try {
    if (shape === 'v2') {
      // One /order answers the quote and the transaction; the twin holds SOL, so it pays.
      const taker = twin.publicKey.toBase58();
      const asked = new URLSearchParams({ ...query, taker });
      quote = (await (await fetch(`${hostile.v2Url}/order?${asked}`)).json()) as Json;
      transaction = Buffer.from(quote.transaction as string, 'base64');
    } else {
      ({ quote, transaction } = await twinSwapV6(twin, query, extra));
    }
  } finally {
    hostile.use(null);
  }
  const out = new PublicKey(
    (extra.destinationTokenAccount as string) ?? ataOf(twin.publicKey.toBase58(), outputMint),
  );
  const source = new PublicKey(ataOf(twin.publicKey.toBase58(), inputMint));
  const [outBefore, inBefore] = [
    await balanceOf(connection, out),
    await balanceOf(connection, source),
  ];
  if (options.between) await options.between(transaction);
  else await frontRun(connection, transaction, attacker, fundAttacker, send, options.frontRun);
  await landAs(connection, transaction, twin);
  return {
    quote,
    received: (await balanceOf(connection, out)) - outBefore,
    spent: inBefore - (await balanceOf(connection, source)),
  };
}

/** The twin's quote and swap through the hostile service's v6 API, tampered as the case says. */
async function twinSwapV6(
  twin: Keypair,
  query: Record<string, string>,
  extra: Json,
): Promise<{ quote: Json; transaction: Uint8Array }> {
  const quote = (await (
    await fetch(`${hostile.url}/quote?${new URLSearchParams(query)}`)
  ).json()) as Json;
  const built = (await (
    await fetch(`${hostile.url}/swap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        quoteResponse: quote,
        userPublicKey: twin.publicKey.toBase58(),
        ...extra,
      }),
    })
  ).json()) as Json;
  return { quote, transaction: Buffer.from(built.swapTransaction as string, 'base64') };
}

export const strip = (bounds: { last?: bigint; middle?: bigint; maxIn?: bigint }): HostileCase => ({
  swap: (answer, ctx) => rewriteSwap(answer, ctx, (opened) => stripBounds(opened, bounds)),
  swapInstructions: (answer) => stripBoundsJson(answer, bounds),
});

/** The sandbox faucet for anyone: `amount` base units of `mint` to `owner`. */
export async function faucetFor(owner: string, mint: string, amount: bigint): Promise<void> {
  await faucet(sandbox, owner, mint, amount);
}
