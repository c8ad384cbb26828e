/**
 * Issue 32 point 4 across venues, against the real sandbox: the chain's pools the wallet finds
 * itself include Raydium AMM v4's (found by getProgramAccounts), not only CP-Swap's. RAY has no
 * Pyth feed. A trader first sells 400,000 RAY into CP-Swap's RAY/USDC pool (a real swap), so
 * that the deepest RAY pool left is AMM v4's RAY/USDC ($2.0 M of USDC at 2.502), deeper than
 * every CP-Swap and CLMM pool of RAY. Then a hostile service routes 0.1 SOL → RAY through the
 * attacker's own CP-Swap pool priced 40% below that AMM v4 pool, its Price API lying along.
 *
 * - The wallet values RAY from AMM v4's pool, names it, and requires acknowledgement in words.
 * - Harmful: a twin key lands the same route and receives about 40% less RAY.
 * - Honest twin: the market's own route needs no acknowledgement.
 *
 * Setting: hostile-onchain-session.ts, as hostile-value-evidence.test.ts (the CP-Swap case).
 */
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { type Json } from '../harness/hostile-swap-service';
import { createAttackerPool, routeThrough } from '../harness/attacker-pool';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import {
  attacker,
  connection,
  faucetFor,
  fundAttacker,
  hostile,
  sandbox,
  send,
  twinLands,
  useHostileOnchain,
  wallet,
} from './hostile-onchain-session';
import { SOL, USDC } from './swap-flow-wallet';
import { lieAbout, needsAcknowledgement } from './value-evidence-steps';

const RAY = '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R';
const AMOUNT = 100_000_000n; // 0.1 SOL, about $15

useHostileOnchain();

/** A trader sells `amount` RAY into CP-Swap's RAY/USDC pool through the sandbox's /swap. */
async function sellRayOnCpSwap(amount: bigint) {
  const trader = Keypair.generate();
  await waitForStatus(connection, await connection.requestAirdrop(trader.publicKey, 2e9), 200, 25);
  await faucetFor(trader.publicKey.toBase58(), RAY, amount);
  const query = new URLSearchParams({
    inputMint: RAY,
    outputMint: USDC,
    amount: amount.toString(),
    slippageBps: '5000',
    dexes: 'Raydium CPMM',
    onlyDirectRoutes: 'true',
  });
  const quote = (await (await fetch(`${sandbox.rpcUrl}/v6/quote?${query}`)).json()) as Json;
  const { swapTransaction } = (await (
    await fetch(`${sandbox.rpcUrl}/v6/swap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quoteResponse: quote, userPublicKey: trader.publicKey.toBase58() }),
    })
  ).json()) as { swapTransaction: string };
  const tx = VersionedTransaction.deserialize(Buffer.from(swapTransaction, 'base64'));
  tx.sign([trader]);
  await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
}

async function reviewSolToRay() {
  const quote = await wallet.call('swap.quote', {
    inputMint: SOL,
    outputMint: RAY,
    amount: AMOUNT.toString(),
    slippage: { bps: 100 },
  });
  return wallet.call('swap.review', { quoteId: quote.quoteId });
}

const AMM_V4_EVIDENCE =
  /^the deepest Raydium AMM v4 pool the wallet found, RAY\/USDC \S+ \(\$2,00\d,\d{3}\.\d\d of USDC\), USDC priced by Pyth's USDC\/USD feed$/;

describe('a token whose deepest pool is AMM v4’s, through the attacker’s pool 40% below it', () => {
  it('is valued from the AMM v4 pool, must be acknowledged in words, and the twin loses ~40%', async () => {
    await sellRayOnCpSwap(400_000_000_000n);
    // The attacker's SOL/RAY pool: 36 RAY a SOL, where AMM v4's 2.502 and SOL's $150 say ~60.
    const pool = await createAttackerPool(
      connection,
      attacker,
      send,
      { solAmount: 20_000_000_000n, quoteAmount: 720_000_000n },
      fundAttacker,
      RAY,
      '0.05%', // the sandbox's own RAY/SOL pool has the 1% tier
    );
    const tamper = {
      ...routeThrough(connection, pool, AMOUNT, { impact: '0.001', minimumBps: 9_900n }),
      // RAY "worth" $4.17: by the service's prices, 3.6 RAY for 0.1 SOL loses nothing.
      prices: lieAbout(RAY, 4.17),
    };
    hostile.use(tamper);
    try {
      const ticket = await reviewSolToRay();
      expect(ticket.report.refusals).toEqual([]);
      const output = ticket.report.valuation?.output;
      expect(output).toMatchObject({ source: 'pool', feed: null, servicePrice: '4.17' });
      expect(Number(output?.evidencePrice)).toBeCloseTo(2.502, 2);
      expect(output?.evidence).toMatch(AMM_V4_EVIDENCE);
      const loss = ticket.report.tokenWarnings.find((w) => w.kind === 'value-loss');
      expect(loss?.mustAcknowledge).toBe(true);
      expect(loss?.sentence).toMatch(
        /^You give about \$1[45]\.\d\d and may get as little as \$8\.\d\d \(prices from Pyth's SOL\/USD feed for SOL and the deepest Raydium AMM v4 pool the wallet found, RAY\/USDC .* for RAY \(±1%\)\): 4\d% less\./,
      );
      await needsAcknowledgement(ticket);
    } finally {
      hostile.use(null);
    }
    // Harmful: a key the test holds lands the same route.
    const twin = await twinLands(
      tamper,
      { inputMint: SOL, outputMint: RAY, amount: AMOUNT.toString(), slippageBps: '100' },
      {},
      { between: async () => undefined },
    );
    // AMM v4's price pays about 6 RAY for 0.1 SOL; the attacker's pool about 3.6.
    expect(twin.received).toBeGreaterThan(3_400_000n);
    expect(twin.received).toBeLessThan(3_700_000n);
  }, 180_000);

  it('the honest twin, the market’s own route, is valued from the same pool and needs no acknowledgement', async () => {
    const ticket = await reviewSolToRay();
    expect(ticket.report.accepted).toBe(true);
    expect(ticket.report.valuation?.output.evidence).toMatch(AMM_V4_EVIDENCE);
    expect(ticket.report.tokenWarnings.filter((w) => w.mustAcknowledge)).toEqual([]);
  }, 60_000);
});
