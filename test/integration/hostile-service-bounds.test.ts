/**
 * The wallet against a hostile swap service, issue 21, class 1: protection stripped. The
 * simulation at review time is honest; what protects the person when the transaction lands is
 * only what its swap instructions enforce. Each tamper (minimum 0; the last of two hops at 1; an
 * invoice's max_amount_in u64::MAX) must be refused in words with nothing sent, and a twin (a key
 * the test holds, served the same tampered transaction) lands it after the attacker really traded
 * ahead of it on the sandbox: what the person would have lost. Honest controls confirm.
 * Setting and helpers: hostile-onchain-session.ts.
 */
import { describe, expect, it } from 'vitest';
import { PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { balanceOf, U64_MAX } from '../harness/front-run';
import { createAttackerPool, routeThrough, withdrawInstruction } from '../harness/attacker-pool';
import { SANDBOX_TOKENS } from '../../main/sandbox/tokens';
import {
  attacker,
  connection,
  faucetFor,
  fundAttacker,
  send,
  FRZ_SYMBOL,
  refused,
  reviewSwap,
  strip,
  twinLands,
  useHostileOnchain,
  USDT,
  wallet,
} from './hostile-onchain-session';
import { ataOf, newKey } from './pay-helpers';
import { SOL, USDC } from './swap-flow-wallet';

useHostileOnchain();

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
    const payee = newKey();
    await faucetFor(payee, USDT, 1n);
    const plan = await wallet.call('pay.quote', {
      text: `solana:${payee}?amount=5&spl-token=${USDT}`,
      payWithMint: USDC,
    });
    const invoice = await wallet.call('pay.review', { planId: plan.planId });
    expect(invoice.report.refusals).toEqual([]);
    expect(invoice.report.verdicts.find((v) => v.rule === 'onchain-bound')?.reason).toMatch(
      /^The network refuses this swap if you would pay more than [\d.]+ USDC\.$/,
    );
    const { signature } = await wallet.call('pay.approve', {
      ticketId: invoice.ticketId,
      transactionBase64: invoice.transactionBase64,
    });
    expect((await wallet.settledStatus(signature)).status).toBe('confirmed');
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

  it('a fair pool the attacker owns, minimum 0, liquidity pulled before landing: refused; the twin gets almost nothing', async () => {
    const pool = await createAttackerPool(
      connection,
      attacker,
      send,
      { solAmount: 100_000_000_000n, quoteAmount: 15_000_000_000n }, // 150 USDT a SOL: fair
      fundAttacker,
      USDT,
    );
    const amount = 1_000_000_000n; // 1 SOL
    const stripped = routeThrough(connection, pool, amount, { impact: '0.01', minimumBps: 0n });
    const request = {
      inputMint: SOL,
      outputMint: USDT,
      amount: '1000000000',
      slippage: { bps: 100 },
    };
    const reason = await refused(stripped, reviewSwap(request), 'swap.approve', 'onchain-bound');
    expect(reason).toMatch(/even if only 0 USDT arrived, less than the 1\d\d\.\d+ USDT/);
    const lpAccount = getAssociatedTokenAddressSync(
      new PublicKey(pool.lpMint),
      attacker.publicKey,
      true,
    );
    const twin = await twinLands(
      stripped,
      { inputMint: SOL, outputMint: USDT, amount: '1000000000', slippageBps: '100' },
      {},
      {
        // Between review and landing, the attacker withdraws 99.99% of the pool.
        between: async () => {
          const lp = await balanceOf(connection, lpAccount);
          await send(
            [withdrawInstruction(pool, attacker.publicKey, (lp * 9_999n) / 10_000n)],
            [attacker],
          );
        },
      },
    );
    const minimum = BigInt(twin.quote.otherAmountThreshold as string);
    expect(minimum).toBeGreaterThan(140_000_000n);
    expect(twin.received * 10n).toBeLessThan(minimum);
  }, 60_000);

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
    await faucetFor(payee, USDT, 1n);
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
