/**
 * The wallet's side of routes of three hops (issue 33 point 3), through the real composition
 * root on a sandbox running Jupiter's program (the mainnet binary, a test fixture): the quote
 * shows each leg with its venue, the review names each step of Jupiter's route and the bound
 * the program enforces, the person approves and the swap lands; and invoices in UNVR paid from
 * mSOL (mSOL > SOL > USDC > UNVR, the payment composed around /swap-instructions, with and
 * without a reference key) pay the payee exactly the amount, checked on the ledger.
 */
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import {
  ataOf,
  confirmedSignature,
  faucet,
  SOL,
  tokenBalance,
  USDC,
  usePaySession,
} from './pay-helpers';
import { mintOf, MSOL } from './three-hops-fixtures';

const UNVR = mintOf('UNVR');

const pay = usePaySession('three-hops-wallet', {
  sandboxArgs: ['--jupiter-program', JUPITER_PROGRAM_FIXTURE],
});

describe('a three-hop route in the wallet', () => {
  it('quote and review read each leg, its venue and the bound of Jupiter’s program; it lands', async () => {
    await faucet(pay.sandbox, pay.payer, MSOL, 100_000_000n);
    const quote = await pay.wallet.call('swap.quote', {
      inputMint: MSOL,
      outputMint: UNVR,
      amount: '50000000',
      slippage: { bps: 100 },
      // CP-Swap's chain of three, the route this test reads: Raydium AMM v4 and CLMM (issue 33
      // point 1) also join mSOL to SOL, so they are left out by name.
      options: { excludeDexes: ['Raydium', 'Raydium CLMM'] },
    });
    // The quote: three legs, each named with its venue, chained mint to mint.
    expect(
      quote.route.map((leg) => [leg.label, leg.inputMint, leg.outputMint, leg.percent]),
    ).toEqual([
      ['Raydium CPMM', MSOL, SOL, 100],
      ['Raydium CPMM', SOL, USDC, 100],
      ['Raydium CPMM', USDC, UNVR, 100],
    ]);
    const ticket = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.accepted).toBe(true);
    // The review: the route's three steps by venue and tokens, then the program's own bound.
    const route = ticket.report.instructions.find((i) => i.summary.startsWith('Jupiter route:'));
    expect(route?.summary).toMatch(
      /^Jupiter route: Raydium CP-Swap mSOL → SOL, 100%; Raydium CP-Swap SOL → USDC, 100%; Raydium CP-Swap USDC → UNVR, 100%\. .*: swap along the quoted route \(shared_accounts_route\), paying \S+ at least [\d,.]+ UNVR, no platform fee$/,
    );
    const before = await tokenBalance(pay.connection, ataOf(pay.payer, UNVR));
    const submission = await pay.wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
      ...(ticket.report.tokenWarnings.some((w) => w.mustAcknowledge)
        ? { risksAcknowledged: true }
        : {}),
    });
    await confirmedSignature(pay.wallet, submission.signature);
    const gained = (await tokenBalance(pay.connection, ataOf(pay.payer, UNVR))) - before;
    expect(gained).toBe(BigInt(quote.outAmount));
  });

  for (const withReference of [true, false]) {
    it(`an invoice of 150 UNVR paid from mSOL${withReference ? ' (reference key and memo)' : ''}: the payee gets exactly 150`, async () => {
      await faucet(pay.sandbox, pay.payer, MSOL, 100_000_000n);
      const payee = await pay.payeeWithAccount(UNVR);
      const params = new URLSearchParams({ amount: '150', 'spl-token': UNVR });
      if (withReference) {
        params.set('reference', Keypair.generate().publicKey.toBase58());
        params.set('memo', 'INV-33');
      }
      const plan = await pay.wallet.call('pay.quote', {
        text: `solana:${payee}?${params.toString()}`,
        payWithMint: MSOL,
        slippageBps: 100,
      });
      const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
      expect(ticket.report.refusals).toEqual([]);
      expect(ticket.report.accepted).toBe(true);
      const before = await tokenBalance(pay.connection, ataOf(payee, UNVR));
      const submission = await pay.wallet.call('pay.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
        ...(ticket.report.tokenWarnings.some((w) => w.mustAcknowledge)
          ? { risksAcknowledged: true }
          : {}),
      });
      // UNVR is unverified: the person ticks "I understand this risk" where the review asks.
      await confirmedSignature(pay.wallet, submission.signature);
      expect((await tokenBalance(pay.connection, ataOf(payee, UNVR))) - before).toBe(150_000_000n);
    });
  }
});
