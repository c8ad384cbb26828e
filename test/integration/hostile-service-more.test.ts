/**
 * The wallet against a hostile swap service (issue 15), classes 4 to 6 and cases of our own
 * (classes 1 to 3 and the honest controls: hostile-service.test.ts). A stand-in in front of the real sandbox
 * (test/harness/hostile-swap-service.ts) forwards every request and tampers with the answers of
 * GET /quote, POST /swap and POST /swap-instructions the way a compromised service would,
 * re-signing as the sandbox's venue (and as itself where it makes itself a co-signer). The
 * wallet is the real composition root behind the real bridge registry (contract schemas, real
 * keychain, real review on the sandbox VM): each case goes through swap.quote / pay.quote,
 * review and approve, and must be refused in words, with nothing sent. One case (at least) per
 * class of the issue, several of our own, and honest controls through the same stand-in.
 */
import { NonceAccount, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { createTransferCheckedInstruction } from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import { rewriteSwap, type HostileCase } from '../harness/hostile-swap-service';
import { ataOf, faucet, newKey } from './pay-helpers';
import { USDC } from './swap-flow-wallet';

import {
  BONK,
  connection,
  CP_SWAP_PROGRAM,
  hostile,
  nonceAccount,
  refusedSwap,
  sandbox,
  short,
  solToUsdc,
  STRANGER,
  user,
  usdcToSol,
  USDT,
  useHostileSession,
  wallet,
} from './hostile-service-session';
import { approveRefused } from './approve-refused';

useHostileSession();

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
    // Issue 32: the refusal names the co-signer, what it pays and what the person accepted.
    expect(reason).toMatch(
      new RegExp(
        `^This transaction would move 5 BONK from your account to ${short(ataOf(attacker.toBase58(), BONK))}, an address that is not part of the swap: ${short(attacker.toBase58())} pays you only 0\\.000001 USDC, less than the [\\d.]+ USDC you accepted, so it is not your swap's counterparty\\.$`,
      ),
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
      await approveRefused(wallet, 'pay.approve', ticket, 'GUARD_REFUSED', sends);
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
