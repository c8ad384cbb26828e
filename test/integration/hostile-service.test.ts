/**
 * The wallet against a hostile swap service (issue 15). A stand-in in front of the real sandbox
 * (test/harness/hostile-swap-service.ts) forwards every request and tampers with the answers of
 * GET /quote, POST /swap and POST /swap-instructions the way a compromised service would,
 * re-signing as the sandbox's venue (and as itself where it makes itself a co-signer). The
 * wallet is the real composition root behind the real bridge registry (contract schemas, real
 * keychain, real review on the sandbox VM): each case goes through swap.quote / pay.quote,
 * review and approve, and must be refused in words, with nothing sent. One case (at least) per
 * class of the issue, several of our own, and honest controls through the same stand-in.
 */
import { rmSync } from 'node:fs';
import {
  Connection,
  Keypair,
  NONCE_ACCOUNT_LENGTH,
  NonceAccount,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createTransferCheckedInstruction,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteView } from '../../preload/api-types';
import type { RequestOf } from '../../preload/contract';
import { SANDBOX_FEE_OPERATOR } from '../../main/shared/sandbox-operator';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import {
  rewriteSwap,
  startHostileService,
  type HostileCase,
  type HostileService,
  type Json,
} from '../harness/hostile-swap-service';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import { tempDir } from '../fixtures/temp-dirs';
import { openFeesWallet, type FeesWallet } from './fees-wallet';
import { ataOf, faucet, newKey } from './pay-helpers';
import { SOL, USDC } from './swap-flow-wallet';
import { firstAccount } from './wallet-setup';

const CP_SWAP_PROGRAM = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C';

const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const STRANGER = Keypair.generate().publicKey;

let sandbox: RunningSandbox;
let hostile: HostileService;
let wallet: FeesWallet;
let dataDir: string;
let connection: Connection;
let user: PublicKey;
/** A mint the attacker made, with itself as freeze authority. */
let freezableMint: PublicKey;
/** A durable nonce account whose authority is the attacker. */
let nonceAccount: PublicKey;

const short = (address: string | PublicKey) => {
  const text = typeof address === 'string' ? address : address.toBase58();
  return `${text.slice(0, 4)}…${text.slice(-4)}`;
};

async function send(tx: Transaction, signers: Keypair[]): Promise<void> {
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  tx.feePayer = signers[0]?.publicKey;
  tx.sign(...signers);
  await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
}

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

const solToUsdc: RequestOf<'swap.quote'> = {
  inputMint: SOL,
  outputMint: USDC,
  amount: '500000000',
  slippage: { bps: 100 },
};
const usdcToSol: RequestOf<'swap.quote'> = {
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
async function refusedSwap(
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
    const refused = await wallet.refusal('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect(refused.code).toBe('GUARD_REFUSED');
    expect(refused.message).toContain(verdict?.reason);
    expect(refused.message).toMatch(/Nothing was signed\.$/);
    expect(wallet.sends()).toBe(sends);
    return { reason: verdict?.reason ?? '', message: refused.message, quote };
  } finally {
    hostile.use(null);
  }
}

/** A quote answer with its bound (otherAmountThreshold) replaced. */
const lyingBound =
  (bound: (answer: Json) => bigint): HostileCase['quote'] =>
  (answer) => ({ ...answer, otherAmountThreshold: bound(answer).toString() });

describe('honest controls through the same stand-in', () => {
  it('forwards untouched answers: SOL → USDC with an auto priority fee is accepted and confirmed', async () => {
    const { ticket } = await wallet.swap({
      ...solToUsdc,
      options: { priorityFee: { kind: 'auto' } },
    });
    expect(ticket.report.refusals).toEqual([]);
    expect(hostile.tampered()).toBe(0);
  });

  it('USDC → SOL as a legacy transaction is accepted and confirmed', async () => {
    const { ticket } = await wallet.swap({ ...usdcToSol, options: { asLegacyTransaction: true } });
    expect(ticket.report.format).toBe('legacy');
    expect(ticket.report.verdicts.find((v) => v.rule === 'sol-custody')?.ok).toBe(true);
  });
});

describe('class 1: a quote whose bound lies', () => {
  it('ExactIn: a minimum of half the output at the 1% chosen is refused before it is shown', async () => {
    hostile.use({ quote: lyingBound((a) => BigInt(a.outAmount as string) / 2n) });
    try {
      const requests = wallet.swapApiRequests();
      const refused = await wallet.refusal('swap.quote', solToUsdc);
      expect(refused.code).toBe('SWAP_API_BAD_RESPONSE');
      expect(refused.message).toMatch(
        /^The swap service answered something the wallet can't trust \(its minimum received \(\d+ base units\) is below the \d+ that a slippage of 1\.00% allows: the service's bound does not match the chosen slippage\)\. Nothing was signed\./,
      );
      // The quote went no further: no /swap was asked for.
      expect(wallet.swapApiRequests()).toBe(requests + 1);
    } finally {
      hostile.use(null);
    }
  });

  it('ExactOut: paying a 5 USDT invoice at up to twice the quoted input is refused', async () => {
    const payee = newKey();
    await faucet(sandbox, payee, USDT, 1n);
    hostile.use({
      quote: (answer) =>
        answer.swapMode === 'ExactOut'
          ? { ...answer, otherAmountThreshold: (BigInt(answer.inAmount as string) * 2n).toString() }
          : answer,
    });
    try {
      const refused = await wallet.refusal('pay.quote', {
        text: `solana:${payee}?amount=5&spl-token=${USDT}`,
        payWithMint: USDC,
      });
      expect(refused.code).toBe('SWAP_API_BAD_RESPONSE');
      expect(refused.message).toMatch(
        /its maximum spent \(\d+ base units\) is above the \d+ that a slippage of 0\.50% allows: the service's bound does not match the chosen slippage/,
      );
      expect(hostile.tampered()).toBe(1);
    } finally {
      hostile.use(null);
    }
  });

  it('a slippage other than the one chosen is refused, whatever bound comes with it', async () => {
    hostile.use({ quote: (answer) => ({ ...answer, slippageBps: 5_000 }) });
    try {
      const refused = await wallet.refusal('swap.quote', solToUsdc);
      expect(refused.message).toMatch(/a slippage of 50\.00% instead of the 1\.00% you chose/);
    } finally {
      hostile.use(null);
    }
  });

  it('the bound screens and guard use is never looser than the chosen slippage allows', async () => {
    const quote = await wallet.call('swap.quote', solToUsdc);
    const floor = (BigInt(quote.outAmount) * 9_900n) / 10_000n;
    expect(BigInt(quote.minimumReceived as string)).toBeGreaterThanOrEqual(floor);
  });
});

describe('class 2: SOL parked where someone else can lock it', () => {
  it('5 SOL moved into the person’s USDC account (a mint with a freeze authority) is refused', async () => {
    const { reason } = await refusedSwap(
      {
        swap: (answer, ctx) =>
          rewriteSwap(answer, ctx, (opened, payer) => {
            opened.instructions.splice(
              opened.instructions.length - 1,
              0,
              SystemProgram.transfer({
                fromPubkey: payer,
                toPubkey: new PublicKey(ataOf(payer.toBase58(), USDC)),
                lamports: 500_000_000,
              }),
            );
          }),
      },
      usdcToSol,
      'sol-custody',
    );
    expect(reason).toBe(
      `It would leave 0.5 SOL in your USDC token account ${short(ataOf(user.toBase58(), USDC))} instead of your wallet: whoever holds the freeze authority of USDC could freeze that account and the SOL with it.`,
    );
  });

  it('the swap’s wSOL output closed into the person’s USDC account is refused', async () => {
    const { reason } = await refusedSwap(
      {
        swap: (answer, ctx) =>
          rewriteSwap(answer, ctx, (opened, payer) => {
            const close = opened.instructions.find(
              (ix) => ix.programId.equals(TOKEN_PROGRAM_ID) && ix.data[0] === 9,
            );
            if (!close?.keys[1]) throw new Error('no close of the wSOL account');
            close.keys[1].pubkey = new PublicKey(ataOf(payer.toBase58(), USDC));
          }),
      },
      usdcToSol,
      'sol-custody',
    );
    expect(reason).toMatch(
      /^It would close your wrapped SOL account .* into your USDC account .* instead of your wallet, where its SOL could be frozen\./,
    );
  });

  it('an account opened for a mint the swap does not involve (the attacker’s own) is refused', async () => {
    const { reason } = await refusedSwap(
      {
        swap: (answer, ctx) =>
          rewriteSwap(answer, ctx, (opened, payer) => {
            opened.instructions.splice(
              0,
              0,
              createAssociatedTokenAccountIdempotentInstruction(
                payer,
                new PublicKey(ataOf(payer.toBase58(), freezableMint.toBase58())),
                payer,
                freezableMint,
              ),
            );
          }),
      },
      solToUsdc,
      'sol-custody',
    );
    expect(reason).toMatch(
      new RegExp(
        `^It would open a token ${short(freezableMint)} token account .* for you, a token this swap does not involve, and put your SOL into its rent\\.$`,
      ),
    );
  });
});

describe('class 3: a platform fee that is not exact', () => {
  const feeOwner = Keypair.generate().publicKey;
  const feeAccount = () => ataOf(feeOwner.toBase58(), USDC);

  beforeAll(async () => {
    await faucet(sandbox, feeOwner.toBase58(), USDC, 1n);
    await wallet.call('fees.set', { enabled: true, platformFeeBps: 50 });
    await wallet.call('fees.setFeeAccount', { mint: USDC, address: feeAccount() });
  });
  afterAll(async () => {
    await wallet.call('fees.set', { enabled: false });
  });

  /** Rewrites the venue's fee leg into the configured account (and adds a leg for the rest). */
  const feeCase = (
    integratorGets: (fee: bigint) => bigint,
    restTo: PublicKey | null,
  ): HostileCase => ({
    swap: (answer, ctx) =>
      rewriteSwap(answer, ctx, (opened) => {
        const index = opened.instructions.findIndex(
          (ix) => ix.data[0] === 12 && ix.keys[2]?.pubkey.toBase58() === feeAccount(),
        );
        const leg = opened.instructions[index] as TransactionInstruction;
        const amount = Buffer.from(leg.data).readBigUInt64LE(1);
        const kept = integratorGets(amount);
        const [source, mint, , authority] = leg.keys.map((k) => k.pubkey) as PublicKey[];
        const rebuilt = (to: PublicKey, value: bigint) =>
          createTransferCheckedInstruction(source!, mint!, to, authority!, value, 6);
        opened.instructions[index] = rebuilt(new PublicKey(feeAccount()), kept);
        if (restTo !== null) {
          opened.instructions.splice(index + 1, 0, rebuilt(restTo, amount - kept));
        }
      }),
  });

  it('an honest fee swap through the stand-in says what the integrator gets', async () => {
    const { ticket } = await wallet.swap(solToUsdc);
    expect(ticket.report.verdicts.find((v) => v.rule === 'fee-account')?.reason).toMatch(
      new RegExp(
        `^Your fee account ${short(feeAccount())} receives [\\d.]+ USDC \\(the platform fee of [\\d.]+ USDC less the swap service's share of [\\d.]+ USDC\\)\\.$`,
      ),
    );
  });

  it('one base unit reaching the fee account, the rest kept by the venue, is refused', async () => {
    const { reason } = await refusedSwap(
      feeCase(() => 1n, null),
      solToUsdc,
      'fee-account',
    );
    expect(reason).toMatch(
      /^The platform fee of 50 bps comes to [\d.]+ USDC, but only [\d.]+ USDC of it would reach your fee account and the swap service: the rest is kept elsewhere\.$/,
    );
  });

  it('most of the fee to the fee account and the rest to a stranger is refused', async () => {
    const strangerUsdc = new PublicKey(ataOf(hostile.attacker.publicKey.toBase58(), USDC));
    const { reason } = await refusedSwap(
      feeCase((fee) => (fee * 6n) / 10n, strangerUsdc),
      solToUsdc,
      'fee-account',
    );
    expect(reason).toMatch(
      new RegExp(
        `^[\\d.]+ USDC of the platform fee would go to ${short(strangerUsdc)}, not to your configured fee account ${short(feeAccount())}\\.$`,
      ),
    );
  });

  it('the service taking more than its published share is refused', async () => {
    const operator = new PublicKey(ataOf(SANDBOX_FEE_OPERATOR, USDC));
    const { reason } = await refusedSwap(
      feeCase((fee) => (fee * 9n) / 10n, operator),
      solToUsdc,
      'fee-account',
    );
    expect(reason).toMatch(/^The swap service's share of the platform fee is [\d.]+ USDC, but/);
  });
});

describe('class 4: tips to anyone', () => {
  it('0.00498 SOL to an arbitrary address under the auto cap is no tip', async () => {
    const { reason } = await refusedSwap(
      {
        swap: (answer, ctx) =>
          rewriteSwap(answer, ctx, (opened, payer) => {
            opened.instructions.push(
              SystemProgram.transfer({
                fromPubkey: payer,
                toPubkey: STRANGER,
                lamports: 4_980_000,
              }),
            );
          }),
      },
      { ...solToUsdc, options: { priorityFee: { kind: 'auto' } } },
      'sol-transfer',
    );
    expect(reason).toBe(
      `This transaction would send 0.00498 SOL from your account to ${short(STRANGER)}, which is not part of the swap.`,
    );
  });
});

describe('class 5: a co-signer is not "part of the swap"', () => {
  /** A case where the service co-signs and slips `moves(payer, attacker)` in before the end. */
  const coSigned = (
    moves: (payer: PublicKey, attacker: PublicKey) => TransactionInstruction[],
  ): HostileCase => ({
    swap: (answer, ctx) =>
      rewriteSwap(
        answer,
        ctx,
        (opened, payer) => {
          opened.instructions.splice(
            opened.instructions.length - 1,
            0,
            ...moves(payer, ctx.attacker.publicKey),
          );
        },
        [ctx.attacker],
      ),
  });
  const transfer = (mint: string, from: PublicKey, to: PublicKey, by: PublicKey, amount: bigint) =>
    createTransferCheckedInstruction(
      new PublicKey(ataOf(from.toBase58(), mint)),
      new PublicKey(mint),
      new PublicKey(ataOf(to.toBase58(), mint)),
      by,
      amount,
      mint === BONK ? 5 : 6,
    );

  it('the person’s BONK to an account of a co-signer who pays them one unit is refused', async () => {
    const attacker = hostile.attacker.publicKey;
    const { reason } = await refusedSwap(
      coSigned((payer, them) => [
        transfer(USDC, them, payer, them, 1n),
        transfer(BONK, payer, them, payer, 500_000n),
      ]),
      solToUsdc,
      'transfers',
    );
    expect(reason).toBe(
      `This transaction would move 5 BONK from your account to ${short(ataOf(attacker.toBase58(), BONK))}, an address that is not part of the swap.`,
    );
  });

  it('the person’s input token to a co-signer who pays nothing is refused', async () => {
    const { reason } = await refusedSwap(
      coSigned((payer, them) => [
        transfer(USDC, payer, them, payer, 1_000_000n),
        // The attacker signs something of its own, to be a co-signer.
        SystemProgram.transfer({ fromPubkey: them, toPubkey: them, lamports: 0 }),
      ]),
      usdcToSol,
      'transfers',
    );
    expect(reason).toMatch(
      /^This transaction would move 1 USDC from your account to .*, an address that is not part of the swap\.$/,
    );
  });
});

describe('class 6: a durable nonce', () => {
  it('a swap that would outlive its expiry (the service’s nonce) is refused', async () => {
    const info = await connection.getAccountInfo(nonceAccount);
    const nonce = NonceAccount.fromAccountData(info!.data).nonce;
    const { reason } = await refusedSwap(
      {
        swap: (answer, ctx) =>
          rewriteSwap(
            answer,
            ctx,
            (opened) => {
              opened.blockhash = nonce;
              opened.instructions.unshift(
                SystemProgram.nonceAdvance({
                  noncePubkey: nonceAccount,
                  authorizedPubkey: ctx.attacker.publicKey,
                }),
              );
            },
            [ctx.attacker],
          ),
      },
      solToUsdc,
      'durable-nonce',
    );
    expect(reason).toMatch(/would stay valid after block \d+ and could land at any later time/);
  });
});

describe('cases of our own', () => {
  it('an invoice’s /swap-instructions with a setup instruction paying a stranger is refused', async () => {
    const payee = newKey();
    await faucet(sandbox, payee, USDT, 1n);
    const reference = newKey();
    const stranger = new PublicKey(ataOf(hostile.attacker.publicKey.toBase58(), USDC));
    hostile.use({
      swapInstructions: (answer, ctx) => {
        const theft = createTransferCheckedInstruction(
          new PublicKey(ataOf(user.toBase58(), USDC)),
          new PublicKey(USDC),
          stranger,
          user,
          2_000_000n,
          6,
        );
        const asJson = {
          programId: theft.programId.toBase58(),
          accounts: theft.keys.map((k) => ({
            pubkey: k.pubkey.toBase58(),
            isSigner: k.isSigner,
            isWritable: k.isWritable,
          })),
          data: Buffer.from(theft.data).toString('base64'),
        };
        void ctx;
        return {
          ...answer,
          setupInstructions: [...((answer.setupInstructions as unknown[]) ?? []), asJson],
        };
      },
    });
    try {
      const sends = wallet.sends();
      const plan = await wallet.call('pay.quote', {
        text: `solana:${payee}?amount=3&spl-token=${USDT}&reference=${reference}`,
        payWithMint: USDC,
      });
      const ticket = await wallet.call('pay.review', { planId: plan.planId });
      expect(hostile.tampered()).toBe(1);
      expect(ticket.report.accepted).toBe(false);
      expect(ticket.report.refusals).toContain(
        `This transaction would move 2 USDC from your account to ${short(stranger)}, an address that is not part of the swap.`,
      );
      const refused = await wallet.refusal('pay.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
      });
      expect(refused.code).toBe('GUARD_REFUSED');
      expect(wallet.sends()).toBe(sends);
    } finally {
      hostile.use(null);
    }
  });

  it('an early expiry claimed by the service does not make the wallet call a live swap expired', async () => {
    // Were the claim believed, the wallet would say "Expired" within a block or two while the
    // transaction can still land for 150, and the person would swap again: twice.
    hostile.use({
      swap: async (answer, ctx) => ({
        ...answer,
        lastValidBlockHeight: (await ctx.connection.getBlockHeight('confirmed')) + 1,
      }),
    });
    try {
      const quote = await wallet.call('swap.quote', solToUsdc);
      const height = await connection.getBlockHeight('confirmed');
      const ticket = await wallet.call('swap.review', { quoteId: quote.quoteId });
      expect(hostile.tampered()).toBe(1);
      expect(ticket.report.accepted).toBe(true);
      expect(ticket.lastValidBlockHeight).toBeGreaterThanOrEqual(height + 150);
      expect(ticket.report.verdicts.find((v) => v.rule === 'blockhash')?.reason).toBe(
        `It can land until block ${ticket.lastValidBlockHeight} at the latest; only after that does Swapdesk call it expired.`,
      );
    } finally {
      hostile.use(null);
    }
  });

  it('an expiry no blockhash can have is refused', async () => {
    const { reason } = await refusedSwap(
      {
        swap: async (answer, ctx) => ({
          ...answer,
          lastValidBlockHeight: (await ctx.connection.getBlockHeight('confirmed')) + 10_000,
        }),
      },
      solToUsdc,
      'blockhash',
    );
    expect(reason).toMatch(/the service cannot be trusted to say when it expires/);
  });

  it('the venue’s payout quietly cut to just above a forged minimum is refused by the bound', async () => {
    // The service sends an honest quote but builds the swap to pay 2% less than quoted (a 2%
    // smaller CP-Swap swap_base_input, its minimum lowered to match): within a 3% bound it
    // would pass, so the person's 1% must be what holds.
    const { reason } = await refusedSwap(
      {
        swap: (answer, ctx) =>
          rewriteSwap(answer, ctx, (opened, payer) => {
            const out = opened.instructions.find(
              (ix) =>
                ix.programId.toBase58() === CP_SWAP_PROGRAM &&
                ix.keys[5]?.pubkey.toBase58() === ataOf(payer.toBase58(), USDC),
            );
            if (!out) throw new Error('no CP-Swap swap paying the person');
            const data = Buffer.from(out.data);
            data.writeBigUInt64LE((data.readBigUInt64LE(8) * 98n) / 100n, 8);
            data.writeBigUInt64LE((data.readBigUInt64LE(16) * 97n) / 100n, 16);
            out.data = data;
          }),
      },
      solToUsdc,
      'output',
    );
    expect(reason).toMatch(/^You would receive [\d.]+ USDC, less than the minimum of [\d.]+ USDC/);
  });
});
