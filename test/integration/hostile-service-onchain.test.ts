/**
 * The wallet against a hostile swap service, issue 21: harm that the simulation at review time
 * cannot see, because it happens on chain between the review and the landing. The stand-in of
 * test/harness/hostile-swap-service.ts forwards to the real sandbox (real Raydium CP-Swap on
 * litesvm) and tampers; the attacker trades on the sandbox as any other party can
 * (test/harness/front-run.ts). Each case goes through the real bridge (quote, review, approve)
 * and must be refused in words, nothing sent; for the stripped bounds a twin (a key the test
 * holds, served the same tampered transaction) lands it after a real front-run, to show what
 * the person would have lost. Honest controls still confirm.
 */
import { rmSync } from 'node:fs';
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js';
import {
  AuthorityType,
  createCloseAccountInstruction,
  createInitializeAccount3Instruction,
  createInitializeMint2Instruction,
  createSetAuthorityInstruction,
  getAccount,
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestOf } from '../../preload/contract';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import {
  rewriteSwap,
  startHostileService,
  type HostileCase,
  type HostileService,
  type Json,
} from '../harness/hostile-swap-service';
import {
  balanceOf,
  CP_SWAP,
  frontRun,
  landAs,
  stripBounds,
  stripBoundsJson,
  U64_MAX,
} from '../harness/front-run';
import { createAttackerPool, poolOutput, type AttackerPool } from '../harness/attacker-pool';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import { tempDir } from '../fixtures/temp-dirs';
import { openFeesWallet, type FeesWallet } from './fees-wallet';
import { ataOf, faucet, newKey } from './pay-helpers';
import { SOL, USDC } from './swap-flow-wallet';
import { SANDBOX_TOKENS } from '../../main/sandbox/tokens';

const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const FRZ_SYMBOL = 'FRZ';

let sandbox: RunningSandbox;
let hostile: HostileService;
let wallet: FeesWallet;
let dataDir: string;
let connection: Connection;
let user: PublicKey;
let attacker: Keypair;

const short = (address: string | PublicKey) => {
  const text = typeof address === 'string' ? address : address.toBase58();
  return `${text.slice(0, 4)}…${text.slice(-4)}`;
};

async function send(instructions: TransactionInstruction[], signers: Keypair[]): Promise<void> {
  const tx = new Transaction().add(...instructions);
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  tx.feePayer = signers[0]?.publicKey;
  tx.sign(...signers);
  await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
}

const fundAttacker = async (mint: string, amount: bigint): Promise<void> => {
  await faucet(sandbox, attacker.publicKey.toBase58(), mint, amount);
};

beforeAll(async () => {
  sandbox = await startSandbox();
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  attacker = Keypair.generate();
  hostile = await startHostileService(sandbox, attacker);
  dataDir = tempDir('swapdesk-hostile-onchain-');
  wallet = openFeesWallet({ ...sandbox, swapApiUrl: hostile.url }, dataDir);
  user = new PublicKey((await wallet.call('accounts.create', { label: 'Victim' })).address);
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

/**
 * Review through the bridge under `tamperCase` must refuse with `rule`'s verdict, and approve
 * must answer GUARD_REFUSED with the same words, nothing sent.
 */
async function refused(
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
    const answer = await wallet.refusal(approve, {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect(answer.code).toBe('GUARD_REFUSED');
    expect(answer.message).toContain(verdict?.reason);
    expect(wallet.sends()).toBe(sends);
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

const reviewSwap = (request: RequestOf<'swap.quote'>) => async () => {
  const quote = await wallet.call('swap.quote', request);
  return wallet.call('swap.review', { quoteId: quote.quoteId });
};

/**
 * The twin: a key the test holds asks the same hostile service for the same swap, gets the same
 * tamper, and lands it right after the attacker traded ahead of it on its pools. Answers what
 * reached the output and what left the input.
 */
async function twinLands(
  tamperCase: HostileCase,
  query: Record<string, string>,
  extra: Json = {},
  options: { holds?: bigint; frontRun?: { inputMint?: string; outputMint?: string } } = {},
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
    quote = (await (
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
    transaction = Buffer.from(built.swapTransaction as string, 'base64');
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
  await frontRun(connection, transaction, attacker, fundAttacker, send, options.frontRun);
  await landAs(connection, transaction, twin);
  return {
    quote,
    received: (await balanceOf(connection, out)) - outBefore,
    spent: inBefore - (await balanceOf(connection, source)),
  };
}

const strip = (bounds: { last?: bigint; middle?: bigint; maxIn?: bigint }): HostileCase => ({
  swap: (answer, ctx) => rewriteSwap(answer, ctx, (opened) => stripBounds(opened, bounds)),
  swapInstructions: (answer) => stripBoundsJson(answer, bounds),
});

describe('honest controls', () => {
  it('SOL → USDC and an invoice through the stand-in are accepted, and say what the network refuses', async () => {
    const { ticket } = await wallet.swap({
      inputMint: SOL,
      outputMint: USDC,
      amount: '100000000',
      slippage: { bps: 100 },
    });
    expect(ticket.report.verdicts.find((v) => v.rule === 'onchain-bound')?.reason).toMatch(
      /^The network refuses this swap if you would receive less than [\d.]+ USDC\.$/,
    );
  });
});

describe('class 1: protection stripped, and a real front-run between review and landing', () => {
  it('ExactIn with minimum_amount_out 0 is refused; the twin shows what it would have cost', async () => {
    const request = {
      inputMint: SOL,
      outputMint: USDC,
      amount: '500000000',
      slippage: { bps: 100 },
    };
    const reason = await refused(
      strip({ last: 0n, middle: 0n }),
      reviewSwap(request),
      'swap.approve',
      'onchain-bound',
    );
    expect(reason).toMatch(
      /^Its swap instructions would let the network complete this swap even if only 0 USDC arrived, less than the [\d.]+ USDC your slippage of 1\.00% allows\. The transaction does not protect you on chain: anyone who trades before it lands could take the difference\.$/,
    );
    const twin = await twinLands(strip({ last: 0n, middle: 0n }), {
      inputMint: SOL,
      outputMint: USDC,
      amount: '500000000',
      slippageBps: '100',
    });
    // The review would have shown this minimum; the chain delivered far less, and accepted it.
    const minimum = BigInt(twin.quote.otherAmountThreshold as string);
    expect(twin.received).toBeGreaterThan(0n);
    expect(twin.received * 2n).toBeLessThan(minimum);
  });

  it('two hops with only the last hop’s minimum at 1 are refused; the twin shows the cost', async () => {
    const mint = SANDBOX_TOKENS.find((token) => token.symbol === FRZ_SYMBOL)?.mint as string;
    const request = {
      inputMint: SOL,
      outputMint: mint,
      amount: '300000000',
      slippage: { bps: 100 },
    };
    const quote = await wallet.call('swap.quote', request);
    expect(new Set(quote.route.map((hop) => hop.outputMint)).size, 'a two-hop route').toBe(2);
    const reason = await refused(
      strip({ last: 1n }),
      reviewSwap(request),
      'swap.approve',
      'onchain-bound',
    );
    expect(reason).toMatch(/even if only 0\.000001 FRZ arrived, less than the [\d.]+ FRZ/);
    // The attacker trades ahead of the last hop only: the first still holds to its exact bound.
    const twin = await twinLands(
      strip({ last: 1n }),
      { inputMint: SOL, outputMint: mint, amount: '300000000', slippageBps: '100' },
      {},
      { frontRun: { outputMint: mint } },
    );
    expect(twin.received * 2n).toBeLessThan(BigInt(twin.quote.otherAmountThreshold as string));
  });

  it('an invoice whose swap_base_output may take u64::MAX is refused; the twin pays far more than the most shown', async () => {
    const payee = newKey();
    await faucet(sandbox, payee, USDT, 1n);
    const invoice = `solana:${payee}?amount=500&spl-token=${USDT}`;
    const reason = await refused(
      strip({ maxIn: U64_MAX }),
      async () => {
        const plan = await wallet.call('pay.quote', { text: invoice, payWithMint: USDC });
        return wallet.call('pay.review', { planId: plan.planId });
      },
      'pay.approve',
      'onchain-bound',
    );
    expect(reason).toMatch(
      /^Its swap instructions would let the network take up to 18446744073709\.551615 USDC from you, more than the [\d.]+ USDC your slippage of 0\.50% allows\. The transaction does not protect you on chain/,
    );
    const twin = await twinLands(
      strip({ maxIn: U64_MAX }),
      {
        inputMint: USDC,
        outputMint: USDT,
        amount: '500000000',
        slippageBps: '50',
        swapMode: 'ExactOut',
      },
      { destinationTokenAccount: ataOf(payee, USDT) },
      { holds: 10_000_000_000n, frontRun: { inputMint: USDC } },
    );
    expect(twin.received).toBe(500_000_000n);
    expect(twin.spent).toBeGreaterThan(BigInt(twin.quote.otherAmountThreshold as string) * 2n);
  });
});

describe('class 2: a pool the attacker owns, priced 40% below the market', () => {
  let pool: AttackerPool;
  beforeAll(async () => {
    pool = await createAttackerPool(
      attacker,
      send,
      { solAmount: 20_000_000_000n, usdcAmount: 1_800_000_000n }, // 90 USDC a SOL, not 150
      fundAttacker,
    );
  }, 60_000);

  it('a quote through it that claims a matching price impact needs the person’s acknowledgement', async () => {
    let original: Json | null = null;
    const amount = 100_000_000n; // 0.1 SOL, about $15
    const ownPool: HostileCase = {
      quote: async (answer) => {
        original = answer;
        const out = await poolOutput(connection, pool, amount);
        const min = (out * 9_900n) / 10_000n;
        return {
          ...answer,
          outAmount: out.toString(),
          otherAmountThreshold: min.toString(),
          priceImpactPct: '0.4',
          routePlan: [
            {
              swapInfo: {
                ammKey: pool.pool,
                label: 'Raydium CPMM',
                inputMint: SOL,
                outputMint: USDC,
                inAmount: amount.toString(),
                outAmount: out.toString(),
              },
              percent: 100,
              bps: 10_000,
            },
          ],
        };
      },
      buildRequest: (body) => ({ ...body, quoteResponse: original }),
      swap: (answer, ctx) =>
        rewriteSwap(answer, ctx, async (opened) => {
          const swaps = opened.instructions.filter((ix) => ix.programId.toBase58() === CP_SWAP);
          const [first] = swaps;
          if (!first) throw new Error('no CP-Swap swap');
          opened.instructions = opened.instructions.filter(
            (ix) => ix === first || !swaps.includes(ix),
          );
          const out = await poolOutput(connection, pool, amount);
          pool.retarget(first, amount, (out * 9_900n) / 10_000n);
        }),
    };
    hostile.use(ownPool);
    try {
      const sends = wallet.sends();
      const quote = await wallet.call('swap.quote', {
        inputMint: SOL,
        outputMint: USDC,
        amount: amount.toString(),
        slippage: { bps: 100 },
      });
      const ticket = await wallet.call('swap.review', { quoteId: quote.quoteId });
      // Every chain rule passes: the pool really pays what the quote says.
      expect(ticket.report.refusals).toEqual([]);
      const warning = ticket.report.tokenWarnings.find((w) => w.kind === 'value-loss');
      expect(warning?.mustAcknowledge).toBe(true);
      expect(warning?.sentence).toMatch(
        /^You give about \$15\.\d\d and may get as little as \$8\.\d\d \(prices from the swap service's Price API\): 4\d% less\. The quote puts the price impact at 40%/,
      );
      const answer = await wallet.refusal('swap.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
      });
      expect(answer.code).toBe('RISK_NOT_ACKNOWLEDGED');
      expect(wallet.sends()).toBe(sends);
    } finally {
      hostile.use(null);
    }
  });
});

describe('class 3: an output account someone else can close', () => {
  it('is refused; the attacker then closes it and opens its own at the same address', async () => {
    const account = Keypair.generate();
    const rent = await connection.getMinimumBalanceForRentExemption(165);
    await send(
      [
        SystemProgram.createAccount({
          fromPubkey: attacker.publicKey,
          newAccountPubkey: account.publicKey,
          lamports: rent,
          space: 165,
          programId: TOKEN_PROGRAM_ID,
        }),
        createInitializeAccount3Instruction(
          account.publicKey,
          new PublicKey(USDC),
          attacker.publicKey,
        ),
        createSetAuthorityInstruction(
          account.publicKey,
          attacker.publicKey,
          AuthorityType.CloseAccount,
          attacker.publicKey,
        ),
        createSetAuthorityInstruction(
          account.publicKey,
          attacker.publicKey,
          AuthorityType.AccountOwner,
          user,
        ),
      ],
      [attacker, account],
    );
    expect((await getAccount(connection, account.publicKey)).owner.equals(user)).toBe(true);
    const redirect: HostileCase = {
      swap: (answer, ctx) =>
        rewriteSwap(answer, ctx, (opened, payer) => {
          for (const ix of opened.instructions) {
            if (ix.programId.toBase58() !== CP_SWAP) continue;
            if (ix.keys[5]?.pubkey.toBase58() === ataOf(payer.toBase58(), USDC)) {
              ix.keys[5] = { ...ix.keys[5], pubkey: account.publicKey };
            }
          }
        }),
    };
    const reason = await refused(
      redirect,
      reviewSwap({ inputMint: SOL, outputMint: USDC, amount: '100000000', slippage: { bps: 100 } }),
      'swap.approve',
      'sol-custody',
    );
    expect(reason).toBe(
      `It would pay USDC into your account ${short(account.publicKey)}, which is not your usual USDC account and its close authority is ${short(attacker.publicKey)}: they could empty it, or close it and open their own at the same address before this lands, and keep what arrives.`,
    );
    // What the attacker does before the person's swap lands: close the empty account, open its own.
    await send(
      [
        createCloseAccountInstruction(account.publicKey, attacker.publicKey, attacker.publicKey),
        SystemProgram.createAccount({
          fromPubkey: attacker.publicKey,
          newAccountPubkey: account.publicKey,
          lamports: rent,
          space: 165,
          programId: TOKEN_PROGRAM_ID,
        }),
        createInitializeAccount3Instruction(
          account.publicKey,
          new PublicKey(USDC),
          attacker.publicKey,
        ),
      ],
      [attacker, account],
    );
    expect((await getAccount(connection, account.publicKey)).owner.equals(attacker.publicKey)).toBe(
      true,
    );
  });
});

describe('class 4: rent locked in a route mint’s account', () => {
  it('a 1.4 MB Token-2022 account of a route mint the attacker controls is refused for its rent', async () => {
    const mint = Keypair.generate();
    await send(
      [
        SystemProgram.createAccount({
          fromPubkey: attacker.publicKey,
          newAccountPubkey: mint.publicKey,
          lamports: await connection.getMinimumBalanceForRentExemption(MINT_SIZE),
          space: MINT_SIZE,
          programId: TOKEN_2022_PROGRAM_ID,
        }),
        createInitializeMint2Instruction(
          mint.publicKey,
          6,
          attacker.publicKey,
          attacker.publicKey,
          TOKEN_2022_PROGRAM_ID,
        ),
      ],
      [attacker, mint],
    );
    const huge = Keypair.generate();
    const size = 1_400_000;
    const lamports = await connection.getMinimumBalanceForRentExemption(size);
    let original: Json | null = null;
    const routeMint: HostileCase = {
      quote: (answer) => {
        original = answer;
        const step = (answer.routePlan as Json[])[0] as Json;
        const info = step.swapInfo as Json;
        // The route passes through the attacker's mint: it becomes one of the swap's own mints.
        const middle = '1000';
        return {
          ...answer,
          routePlan: [
            {
              ...step,
              percent: 100,
              bps: 10_000,
              swapInfo: {
                ...info,
                ammKey: newKey(),
                outputMint: mint.publicKey.toBase58(),
                inAmount: answer.inAmount,
                outAmount: middle,
              },
            },
            {
              ...step,
              percent: 100,
              bps: 10_000,
              swapInfo: {
                ...info,
                ammKey: newKey(),
                inputMint: mint.publicKey.toBase58(),
                inAmount: middle,
                outAmount: answer.outAmount,
              },
            },
          ],
        };
      },
      buildRequest: (body) => ({ ...body, quoteResponse: original }),
      swap: (answer, ctx) =>
        rewriteSwap(
          answer,
          ctx,
          (opened, payer) => {
            opened.instructions.splice(
              0,
              0,
              SystemProgram.createAccount({
                fromPubkey: payer,
                newAccountPubkey: huge.publicKey,
                lamports,
                space: size,
                programId: TOKEN_2022_PROGRAM_ID,
              }),
              createInitializeAccount3Instruction(
                huge.publicKey,
                mint.publicKey,
                payer,
                TOKEN_2022_PROGRAM_ID,
              ),
            );
          },
          [huge],
        ),
    };
    const reason = await refused(
      routeMint,
      reviewSwap({ inputMint: SOL, outputMint: USDC, amount: '100000000', slippage: { bps: 100 } }),
      'swap.approve',
      'sol-custody',
    );
    expect(reason).toContain(
      `It would lock ${lamports / 1e9} SOL of your SOL as rent in new accounts (${lamports / 1e9} SOL in ${short(huge.publicKey)}), more than the 0.01 SOL (the rent of about five token accounts) a swap needs.`,
    );
    expect(reason).not.toMatch(/a token this swap does not involve/);
  });
});
