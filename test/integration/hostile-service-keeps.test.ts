/**
 * The wallet against a hostile swap service, issue 21, classes 2 to 4: a pool the attacker owns
 * priced 40% below the market (a real CP-Swap pool it creates on the sandbox), an output account
 * whose close authority the attacker kept (closed and reopened), and a Token-2022 route mint's
 * huge account (rent locked). Setting and helpers: hostile-onchain-session.ts.
 */
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
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
import { beforeAll, describe, expect, it } from 'vitest';
import { rewriteSwap, type HostileCase, type Json } from '../harness/hostile-swap-service';
import { CP_SWAP } from '../harness/front-run';
import { createAttackerPool, poolOutput, type AttackerPool } from '../harness/attacker-pool';
import {
  attacker,
  connection,
  fundAttacker,
  hostile,
  refused,
  reviewSwap,
  send,
  short,
  useHostileOnchain,
  user,
  wallet,
} from './hostile-onchain-session';
import { ataOf, newKey } from './pay-helpers';
import { SOL, USDC } from './swap-flow-wallet';

useHostileOnchain();

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
