/**
 * Jupiter's own platform fee on /order (issues 22 and 32), through the real wallet on a real
 * sandbox serving `--api-shape v2` with Jupiter's program and `--jupiter-fee by-pair`: with no
 * referral set, the sandbox's /order charges Jupiter's published fee by pair (docs-v2 "Order &
 * Execute", Fee breakdown: SOL-stable 2 bps, everything else 10), states it in `platformFee`,
 * and Jupiter's route_v2 pays it into Jupiter's program authority 12's token account of the fee
 * mint, as the real Ultra order pays it (main/fees/jupiter-fee-account.ts). The guard accepts it
 * as Jupiter's fee, not the integrator's, and the fee lands whole when the swap confirms: SOL to
 * USDC, a Token-2022 fee token (PYUSD to BONK, the fee in PYUSD), and a gasless USDC to SOL
 * order for a person without SOL, whose temporary wSOL account the gas payer funds. A token
 * under a day old (UNVR, whose first pool the sandbox's Tokens API publishes as 3 hours old)
 * is charged the table's 50 bps, and the wallet, told its age by its token directory, accepts it.
 *
 * Hostile twins (issue 32): the same /order answer with its route paying "Jupiter's platform
 * fee" of 50 bps into an attacker's account lands on the sandbox signed by a twin key (the
 * attacker gains the fee), and the wallet refuses it in words, nothing sent; a fee above the
 * table's rate into Jupiter's own account is refused too.
 */
import { Connection, Keypair, PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js';
import { createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import { JUPITER_FEE_AUTHORITY } from '../../main/sandbox/jupiter/program';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import { redirectedFee, type RouteFee } from '../harness/jupiter-fee-tamper';
import { ataOf, PYUSD, SOL, USDC, usePaySession } from './pay-helpers';

const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
/** The sandbox's unverified token, whose first pool the sandbox publishes as 3 hours old. */
const UNVR = '4V5ZVoUWuiCw7JRnD87JXhBXFVq6erXBXymz9z8y4Pki';
const jupiterSol = ataOf(JUPITER_FEE_AUTHORITY, SOL);
/** While set, the /order answer states this rate instead of its own (a service that lies). */
let statedBps: number | null = null;
/** While set, the /order transaction's route pays this fee instead (a hostile service). */
let redirect: RouteFee | null = null;

const pay = usePaySession('order-jupiter-fee', {
  sandboxArgs: [
    '--api-shape',
    'v2',
    '--jupiter-program',
    JUPITER_PROGRAM_FIXTURE,
    '--jupiter-fee',
    'by-pair',
  ],
  rewrite: async (url, response) => {
    if (statedBps === null && redirect === null) return response;
    if (!new URL(url).pathname.endsWith('/swap/v2/order')) return response;
    const answer = (await response.json()) as Record<string, unknown>;
    if (redirect !== null && typeof answer.transaction === 'string' && answer.transaction) {
      answer.transaction = (
        await redirectedFee(answer.transaction, pay.connection, redirect)
      ).base64;
    }
    if (statedBps !== null) {
      answer.feeBps = statedBps;
      answer.platformFee = { ...(answer.platformFee as object), feeBps: statedBps };
    }
    return new Response(JSON.stringify(answer), {
      status: response.status,
      headers: response.headers,
    });
  },
});

/** Quote and review `request` on Best price (Meta-Aggregator). */
async function reviewed(request: {
  inputMint: string;
  outputMint: string;
  amount: string;
  slippage?: { bps: number };
}) {
  await pay.wallet.call('swapPath.set', { path: 'meta-aggregator' });
  const quote = await pay.wallet.call('swap.quote', {
    slippage: { bps: 100 },
    ...request,
  });
  const ticket = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
  return { quote, ticket };
}

/** Approves a ticket and waits for the swap to confirm. */
async function approved(ticket: { ticketId: string; transactionBase64: string }) {
  const swap = await pay.wallet.call('swap.approve', {
    ticketId: ticket.ticketId,
    transactionBase64: ticket.transactionBase64,
  });
  await pay.confirmedSignature(swap.signature);
}

const feeVerdict = (report: { verdicts: { rule: string; ok: boolean; reason: string }[] }) =>
  report.verdicts.find((v) => v.rule === 'fee-account');

describe("Jupiter's own fee on /order, at the table's rate into Jupiter's account", () => {
  it('SOL → USDC: 2 bps in SOL, accepted as Jupiter’s fee, landing whole', async () => {
    const { quote, ticket } = await reviewed({
      inputMint: SOL,
      outputMint: USDC,
      amount: '1000000000',
    });
    expect(quote.platformFee?.feeBps).toBe(2);
    // Shown as Jupiter's, in the token it is taken in (SOL, first by priority).
    expect(quote.serviceFee).toEqual({ by: 'Jupiter', feeBps: 2, amount: '200000', mint: SOL });
    expect(pay.wallet.urls.some((u) => u.includes('referralAccount='))).toBe(false);
    expect(ticket.report.refusals).toEqual([]);
    expect(feeVerdict(ticket.report)?.reason).toMatch(
      /^Jupiter's platform fee of 2 bps \(0\.0002 SOL, its answer said 0\.0002 SOL\) goes to .*, the account its swap instruction names\. It is Jupiter's fee: no integrator fee is set/,
    );
    expect(ticket.report.balanceChanges.find((r) => r.role === 'service-fee')).toMatchObject({
      account: jupiterSol,
      change: '200000',
    });
    const before = await pay.tokenBalance(jupiterSol);
    await approved(ticket);
    // 2 bps of 1 SOL, whole: Jupiter's route pays it, no operator share taken from it.
    expect((await pay.tokenBalance(jupiterSol)) - before).toBe(200_000n);
  });

  it('PYUSD → BONK: 10 bps in PYUSD, a Token-2022 fee token, into Jupiter’s PYUSD account', async () => {
    await pay.faucet(pay.payer, PYUSD, 100_000_000n);
    const jupiterPyusd = ataOf(JUPITER_FEE_AUTHORITY, PYUSD);
    const { quote, ticket } = await reviewed({
      inputMint: PYUSD,
      outputMint: BONK,
      amount: '50000000',
    });
    expect(quote.serviceFee).toEqual({ by: 'Jupiter', feeBps: 10, amount: '50000', mint: PYUSD });
    expect(ticket.report.refusals).toEqual([]);
    expect(feeVerdict(ticket.report)?.reason).toMatch(/^Jupiter's platform fee of 10 bps/);
    const before = await pay.tokenBalance(jupiterPyusd);
    await approved(ticket);
    expect((await pay.tokenBalance(jupiterPyusd)) - before).toBe(50_000n);
  });

  it('USDC → UNVR, a token under a day old: 50 bps in USDC, the table’s new-token row, accepted', async () => {
    // The sandbox's Tokens API publishes UNVR's first pool 3 hours before the sandbox started
    // (main/sandbox/market-data/first-pools.ts), as Jupiter's Tokens API v2 publishes any token's.
    const origin = new URL(pay.sandbox.swapApiUrl).origin;
    const [entry] = (await (await fetch(`${origin}/tokens/v2/search?query=${UNVR}`)).json()) as {
      firstPool?: { createdAt: string };
    }[];
    const age = Date.now() - Date.parse(entry?.firstPool?.createdAt ?? '');
    expect(age).toBeGreaterThan(3 * 3_600_000 - 1_000);
    expect(age).toBeLessThan(4 * 3_600_000);

    await pay.faucet(pay.payer, USDC, 10_000_000n);
    const jupiterUsdc = ataOf(JUPITER_FEE_AUTHORITY, USDC);
    const { quote, ticket } = await reviewed({
      inputMint: USDC,
      outputMint: UNVR,
      amount: '2000000',
    });
    // The sandbox charges the table's new-token row, in USDC (before UNVR by priority) ...
    expect(quote.serviceFee).toEqual({ by: 'Jupiter', feeBps: 50, amount: '10000', mint: USDC });
    // ... and the wallet, told UNVR's age by the directory, accepts it as that row's rate.
    expect(ticket.report.refusals).toEqual([]);
    expect(feeVerdict(ticket.report)?.reason).toMatch(
      /^Jupiter's platform fee of 50 bps \(0\.01 USDC, its answer said 0\.01 USDC\) goes to .*\. Its rate is within the 50 bps Jupiter publishes for tokens under a day old\.$/,
    );
    const before = await pay.tokenBalance(jupiterUsdc);
    const swap = await pay.wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
      // UNVR is unverified: the person acknowledges that warning, not the fee.
      risksAcknowledged: true,
    });
    await pay.confirmedSignature(swap.signature);
    expect((await pay.tokenBalance(jupiterUsdc)) - before).toBe(10_000n);
  });

  it('a gasless USDC → SOL order for a person without SOL: the fee counted on the SOL bought, not on the gas payer’s rent', async () => {
    const poor = (await pay.wallet.call('accounts.create', { label: 'No SOL' })).address;
    await pay.wallet.call('accounts.select', { address: poor });
    try {
      await pay.faucet(poor, USDC, 50_000_000n);
      const before = await pay.tokenBalance(jupiterSol);
      const { quote, ticket } = await reviewed({
        inputMint: USDC,
        outputMint: SOL,
        amount: '20000000',
      });
      expect(quote.serviceFee).toMatchObject({ by: 'Jupiter', feeBps: 2, mint: SOL });
      expect(ticket.report.networkFee.paidByYou).toBe(false);
      expect(ticket.report.refusals).toEqual([]);
      const row = ticket.report.balanceChanges.find((r) => r.role === 'service-fee');
      const fee = BigInt(row?.change ?? '0');
      // 2 bps of the SOL the swap gives (about 0.1333 SOL for 20 USDC), without the gas payer's
      // 0.00203928 SOL of rent that passes through the temporary wSOL account.
      expect(fee).toBeGreaterThan(20_000n);
      expect(fee).toBeLessThan(30_000n);
      expect(feeVerdict(ticket.report)?.reason).toMatch(/^Jupiter's platform fee of 2 bps/);
      await approved(ticket);
      expect((await pay.tokenBalance(jupiterSol)) - before).toBe(fee);
    } finally {
      await pay.wallet.call('accounts.select', { address: pay.payer });
    }
  });

  it('refuses an order whose route takes more than its answer states', async () => {
    statedBps = 1;
    try {
      const { ticket } = await reviewed({ inputMint: SOL, outputMint: USDC, amount: '500000000' });
      expect(ticket.report.accepted).toBe(false);
      expect(ticket.report.refusals.join(' ')).toContain(
        "The swap instruction takes a platform fee of 2 bps, more than the 1 bps Jupiter's answer states.",
      );
      const refused = await pay.approvalRefusal('swap.approve', ticket);
      expect(refused.code).toBe('GUARD_REFUSED');
    } finally {
      statedBps = null;
    }
  });
});

describe('a hostile "Jupiter platform fee"', () => {
  /** An attacker with a wSOL account to be paid into. */
  async function attackerWsol(): Promise<string> {
    const attacker = Keypair.generate();
    await pay.airdrop(attacker.publicKey.toBase58(), 1_000_000_000);
    const account = ataOf(attacker.publicKey.toBase58(), SOL);
    const tx = new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(
        attacker.publicKey,
        new PublicKey(account),
        attacker.publicKey,
        new PublicKey(SOL),
      ),
    );
    tx.recentBlockhash = (await pay.connection.getLatestBlockhash()).blockhash;
    tx.feePayer = attacker.publicKey;
    tx.sign(attacker);
    await waitForStatus(
      pay.connection,
      await pay.connection.sendRawTransaction(tx.serialize()),
      200,
      25,
    );
    return account;
  }

  /** What the same route does when a twin key signs it: lands, and the attacker is paid. */
  async function landedOnTwin(to: RouteFee): Promise<bigint> {
    const twin = Keypair.generate();
    await pay.airdrop(twin.publicKey.toBase58(), 2_000_000_000);
    const url = new URL(`${pay.sandbox.swapApiUrl}/order`);
    for (const [name, value] of Object.entries({
      inputMint: SOL,
      outputMint: USDC,
      amount: '500000000',
      taker: twin.publicKey.toBase58(),
      slippageBps: '100',
      excludeRouters: 'jupiterz',
    })) {
      url.searchParams.set(name, value);
    }
    const order = (await (await fetch(url)).json()) as { transaction: string };
    const { base64, was } = await redirectedFee(order.transaction, pay.connection, to);
    expect(was).toEqual({ bps: 2, account: jupiterSol });
    const tx = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
    tx.sign([twin]);
    const before = await pay.tokenBalance(to.account);
    const signature = await pay.connection.sendRawTransaction(tx.serialize());
    await waitForStatus(pay.connection, signature, 200, 25);
    const landed = await new Connection(pay.sandbox.rpcUrl, 'confirmed').getTransaction(signature, {
      maxSupportedTransactionVersion: 0,
      commitment: 'confirmed',
    });
    expect(landed?.meta?.err).toBeNull();
    return (await pay.tokenBalance(to.account)) - before;
  }

  /** The wallet's review of SOL → USDC under the tamper: refused, approve refused, nothing sent. */
  async function refusedByWallet(to: RouteFee, stated: number): Promise<string> {
    redirect = to;
    statedBps = stated;
    try {
      const { quote, ticket } = await reviewed({
        inputMint: SOL,
        outputMint: USDC,
        amount: '500000000',
      });
      expect(quote.serviceFee?.feeBps).toBe(stated);
      expect(ticket.report.accepted).toBe(false);
      const reason = feeVerdict(ticket.report)?.reason ?? '';
      const refused = await pay.approvalRefusal('swap.approve', ticket);
      expect(refused.code).toBe('GUARD_REFUSED');
      expect(refused.message).toContain(reason);
      return reason;
    } finally {
      redirect = null;
      statedBps = null;
    }
  }

  it('50 bps into an attacker’s account: lands for a twin, the attacker paid; refused in words', async () => {
    const account = await attackerWsol();
    const fifty = { bps: 50, account };
    // 50 bps of 0.5 SOL, taken from the input before the swap.
    expect(await landedOnTwin(fifty)).toBe(2_500_000n);
    const reason = await refusedByWallet(fifty, 50);
    expect(reason).toMatch(
      /^The swap instruction pays Jupiter's platform fee into .+, an account the wallet cannot attribute to Jupiter \(Jupiter's fee goes to a token account of its own program's authorities\) nor to your referral account: whoever holds it would be paid the fee\. Don't approve it: get a fresh quote, or choose Router as the swap path in Settings\.$/,
    );
  });

  it('the table’s rate into an attacker’s account is refused just the same', async () => {
    const account = await attackerWsol();
    const reason = await refusedByWallet({ bps: 2, account }, 2);
    expect(reason).toMatch(/an account the wallet cannot attribute to Jupiter/);
  });

  it('10 bps into Jupiter’s own account, stated as such: above the 2 bps of SOL–USDC, refused', async () => {
    const reason = await refusedByWallet({ bps: 10, account: jupiterSol }, 10);
    expect(reason).toBe(
      "Jupiter's platform fee would be 10 bps, above the 2 bps Jupiter publishes for SOL–stablecoin pairs (its docs' fee table). Don't approve it: get a fresh quote, or choose Router as the swap path in Settings.",
    );
  });
});
