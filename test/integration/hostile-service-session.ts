/**
 * The setting of the hostile-service suites (issue 15): a real sandbox, the tampering stand-in
 * in front of it (test/harness/hostile-swap-service.ts), the wallet's real composition root
 * pointed at the stand-in, and the attacker's accounts (a mint it can freeze, a durable nonce).
 * Each suite file calls useHostileSession() and reads the live bindings below. Split out of
 * hostile-service.test.ts when that file outgrew the project's 400 lines.
 */
import { rmSync } from 'node:fs';
import {
  Connection,
  Keypair,
  NONCE_ACCOUNT_LENGTH,
  PublicKey,
  SystemProgram,
  Transaction,
} from '@solana/web3.js';
import { createInitializeMint2Instruction, MINT_SIZE, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { afterAll, beforeAll, expect } from 'vitest';
import type { QuoteView } from '../../preload/api-types';
import type { RequestOf } from '../../preload/contract';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import {
  startHostileService,
  type HostileCase,
  type HostileService,
  type Json,
} from '../harness/hostile-swap-service';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import { tempDir } from '../fixtures/temp-dirs';
import { openFeesWallet, type FeesWallet } from './fees-wallet';
import { faucet } from './pay-helpers';
import { SOL, USDC } from './swap-flow-wallet';
import { firstAccount } from './wallet-setup';
import { approveRefused } from './approve-refused';

export const CP_SWAP_PROGRAM = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C';

export const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
export const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
export const STRANGER = Keypair.generate().publicKey;

export let sandbox: RunningSandbox;
export let hostile: HostileService;
export let wallet: FeesWallet;
export let dataDir: string;
export let connection: Connection;
export let user: PublicKey;
/** A mint the attacker made, with itself as freeze authority. */
export let freezableMint: PublicKey;
/** A durable nonce account whose authority is the attacker. */
export let nonceAccount: PublicKey;

export const short = (address: string | PublicKey) => {
  const text = typeof address === 'string' ? address : address.toBase58();
  return `${text.slice(0, 4)}…${text.slice(-4)}`;
};

export async function send(tx: Transaction, signers: Keypair[]): Promise<void> {
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  tx.feePayer = signers[0]?.publicKey;
  tx.sign(...signers);
  await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
}

/** Starts the sandbox, the stand-in, the wallet and the attacker's accounts for this file. */
export function useHostileSession(): void {
  beforeAll(async () => {
    sandbox = await startSandbox();
    connection = new Connection(sandbox.rpcUrl, 'confirmed');
    const attacker = Keypair.generate();
    hostile = await startHostileService(sandbox, attacker);
    dataDir = tempDir('swapdesk-hostile-');
    wallet = openFeesWallet({ ...sandbox, swapApiUrl: hostile.url }, dataDir);
    user = new PublicKey((await firstAccount(wallet.call, 'Victim')).address);
    await wallet.call('sandbox.fund', { address: user.toBase58() });

    // The attacker: SOL, USDC and BONK accounts, a mint it can freeze, and a durable nonce.
    await waitForStatus(
      connection,
      await connection.requestAirdrop(attacker.publicKey, 2_000_000_000),
      200,
      25,
    );
    await faucet(sandbox, attacker.publicKey.toBase58(), USDC, 1_000_000n);
    await faucet(sandbox, attacker.publicKey.toBase58(), BONK, 1n);
    const mint = Keypair.generate();
    await send(
      new Transaction().add(
        SystemProgram.createAccount({
          fromPubkey: attacker.publicKey,
          newAccountPubkey: mint.publicKey,
          lamports: await connection.getMinimumBalanceForRentExemption(MINT_SIZE),
          space: MINT_SIZE,
          programId: TOKEN_PROGRAM_ID,
        }),
        createInitializeMint2Instruction(mint.publicKey, 6, attacker.publicKey, attacker.publicKey),
      ),
      [attacker, mint],
    );
    freezableMint = mint.publicKey;
    const nonce = Keypair.generate();
    await send(
      new Transaction().add(
        ...SystemProgram.createNonceAccount({
          fromPubkey: attacker.publicKey,
          noncePubkey: nonce.publicKey,
          authorizedPubkey: attacker.publicKey,
          lamports: await connection.getMinimumBalanceForRentExemption(NONCE_ACCOUNT_LENGTH),
        }).instructions,
      ),
      [attacker, nonce],
    );
    nonceAccount = nonce.publicKey;
  }, 120_000);

  afterAll(async () => {
    wallet?.app.close();
    await hostile?.close();
    await sandbox?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}

export const solToUsdc: RequestOf<'swap.quote'> = {
  inputMint: SOL,
  outputMint: USDC,
  amount: '500000000',
  slippage: { bps: 100 },
};
export const usdcToSol: RequestOf<'swap.quote'> = {
  inputMint: USDC,
  outputMint: SOL,
  amount: '20000000',
  slippage: { bps: 100 },
};

/**
 * Quote, review and approve through the bridge under `tamperCase`: the review must refuse and
 * approve must answer GUARD_REFUSED with the same words, nothing sent. Returns the verdict of
 * `rule` and the refusal message.
 */
export async function refusedSwap(
  tamperCase: HostileCase,
  request: RequestOf<'swap.quote'>,
  rule: string,
): Promise<{ reason: string; message: string; quote: QuoteView }> {
  hostile.use(tamperCase);
  try {
    const sends = wallet.sends();
    const quote = await wallet.call('swap.quote', request);
    const ticket = await wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(hostile.tampered(), 'the case tampered with nothing').toBeGreaterThan(0);
    expect(ticket.report.accepted).toBe(false);
    const verdict = ticket.report.verdicts.find((v) => v.rule === rule);
    expect(verdict?.ok, `refusals: ${ticket.report.refusals.join(' / ')}`).toBe(false);
    const refused = await approveRefused(wallet, 'swap.approve', ticket, 'GUARD_REFUSED', sends);
    expect(refused.message).toContain(verdict?.reason);
    expect(refused.message).toMatch(/Nothing was signed\.$/);
    return { reason: verdict?.reason ?? '', message: refused.message, quote };
  } finally {
    hostile.use(null);
  }
}

/** A quote answer with its bound (otherAmountThreshold) replaced. */
export const lyingBound =
  (bound: (answer: Json) => bigint): HostileCase['quote'] =>
  (answer) => ({ ...answer, otherAmountThreshold: bound(answer).toString() });
