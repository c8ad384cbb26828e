/**
 * Jupiter's program (the mainnet binary, a test fixture) over Raydium AMM v4 steps (issue 33):
 * routes quoted by the sandbox over its AMM v4 pools only (`dexes=Raydium`), built by /swap as one
 * Jupiter instruction, signed by the person alone and executed on the ledger's VM, read back:
 * Jupiter at the top, AMM v4 inside, exactly the quote arriving (ExactIn) or exactly the amount
 * asked (ExactOut), and what left the person exactly the quote's input. Also every ExactOut form
 * (V1 and V2, plain and shared) from the test-only encoder of
 * test/integration/jupiter-exact-out-shapes.ts over one `RaydiumV2` step: the forms that fail
 * over a CP-Swap step (sandbox-jupiter-exact-out.test.ts) run over AMM v4.
 */
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { sandboxMintOf as mint } from '../../shared/sandbox-tokens';
import { associatedAccount, fundHolder } from '../../../test/fixtures/sandbox-market';
import {
  expectAsQuoted,
  useJupiterRoutes,
  type RouteCase,
} from '../../../test/fixtures/jupiter-route-run';
import { AMM_V4_PROGRAM_ID, swapBaseOutV2Instruction } from '../amm-v4/program';
import { readAmmV4Pool } from '../amm-v4/amm-pool-view';
import { JUPITER_PROGRAM_ID } from './program';

/** Jupiter's `Swap` variant of an AMM v4 step over its v2 swap accounts (no fields). */
const RAYDIUM_V2 = { index: 105, name: 'RaydiumV2', fieldBytes: 0 };

const routes = useJupiterRoutes(
  'swapdesk-jupiter-amm-v4-',
  ['SOL', 'USDC', 'USDT', 'RAY', 'mSOL'],
  'Raydium',
);
const { ata, person } = routes;

/** The route quoted over AMM v4 only, then swapped through Jupiter (shared accounts or not). */
function run(c: RouteCase & { shared: boolean }) {
  const q = routes.quoteRoute(c);
  expect(q.routePlan.every((step) => step.swapInfo.label === 'Raydium')).toBe(true);
  const r = routes.swap(q, AMM_V4_PROGRAM_ID, { useSharedAccounts: c.shared });
  return { q, ...r };
}

/** The /quote for exactly `amount` USDC (base units) paid in SOL, with `more` query fields. */
function usdcForSol(amount: string, more: Record<string, string> = {}) {
  return routes.quote({
    inputMint: mint('SOL'),
    outputMint: mint('USDC'),
    amount,
    swapMode: 'ExactOut',
    ...more,
  });
}

describe('Jupiter over Raydium AMM v4', () => {
  for (const shared of [false, true]) {
    it(`ExactIn ${shared ? 'shared_accounts_route' : 'route'}: SOL → USDC pays exactly the quote`, () => {
      const r = run({
        from: 'SOL',
        to: 'USDC',
        amount: 2n * 10n ** 9n,
        swapMode: 'ExactIn',
        shared,
      });
      expect(r.logs).toContain(`Program ${AMM_V4_PROGRAM_ID} invoke [2]`);
      expectAsQuoted(r, r.q, 2n * 10n ** 9n);
    });

    it(`ExactOut ${shared ? 'shared_accounts_exact_out_route' : 'exact_out_route'}: exactly 250 USDC for SOL`, () => {
      const r = run({
        from: 'SOL',
        to: 'USDC',
        amount: 250_000_000n,
        swapMode: 'ExactOut',
        shared,
      });
      expect(r.logs).toContain(`Program ${AMM_V4_PROGRAM_ID} invoke [2]`);
      expectAsQuoted(r, r.q, 250_000_000n);
    });
  }

  it('ExactOut over two hops (RAY → SOL → USDT, shared accounts): exactly 100 USDT', () => {
    const r = run({
      from: 'RAY',
      to: 'USDT',
      amount: 100_000_000n,
      swapMode: 'ExactOut',
      shared: true,
      onlyDirect: false,
    });
    expect(new Set(r.q.routePlan.map((step) => step.swapInfo.outputMint)).size).toBe(2);
    expect(
      r.logs.filter((line) => line === `Program ${AMM_V4_PROGRAM_ID} invoke [2]`),
    ).toHaveLength(r.q.routePlan.length);
    expectAsQuoted(r, r.q, 100_000_000n);
  });

  it('every ExactOut form, V1 and V2, plain and shared, over one RaydiumV2 step: exactly 75 USDC', () => {
    const q = usdcForSol('75000000', { dexes: 'Raydium' });
    const pool = q.routePlan[0]!.swapInfo.ammKey;
    const view = readAmmV4Pool(routes.ledger, pool)!;
    // The step's 8 accounts, as the sandbox's own swap_base_out_v2 names them (amounts unused).
    const step = swapBaseOutV2Instruction(
      {
        amm: pool,
        coinVault: view.info.coinVault,
        pcVault: view.info.pcVault,
        userSource: ata('SOL'),
        userDestination: ata('USDC'),
        owner: person.publicKey.toBase58(),
      },
      0n,
      0n,
    );
    const paid = routes.exactOutForms(q, {
      program: AMM_V4_PROGRAM_ID,
      variant: RAYDIUM_V2,
      instruction: () => step,
    });
    for (const amount of paid) expect(amount).toBeGreaterThan(0n);
  });

  it('ExactOut with a platform fee stays the sandbox’s own swap_base_out_v2: exactly the amount out, exactly the fee', () => {
    const feeOwner = Keypair.generate().publicKey;
    fundHolder(routes.ledger, feeOwner, 1_000_000_000n, [[mint('SOL'), 1n]]);
    const feeAccount = associatedAccount(mint('SOL'), feeOwner);
    const q = usdcForSol('50000000', { dexes: 'Raydium', platformFeeBps: '50' });
    const { tx } = routes.build(q, { feeAccount });
    const feeBefore = routes.ledger.tokenBalance(feeAccount)!;
    const r = routes.land(tx, 'SOL', 'USDC');
    // Jupiter's program would take bps of the whole input, not the quote's fee (jupiterCanRoute).
    expect(r.logs.some((line) => line.includes(JUPITER_PROGRAM_ID))).toBe(false);
    expect(r.logs).toContain(`Program ${AMM_V4_PROGRAM_ID} invoke [1]`);
    expect(r.received).toBe(50_000_000n);
    // The integrator's share of the quote's fee (the operator keeps 2.5% on the sandbox's own).
    const fee = BigInt(q.platformFee!.amount);
    expect(routes.ledger.tokenBalance(feeAccount)! - feeBefore).toBe(fee - (fee * 25n) / 1_000n);
    expect(r.paid).toBe(BigInt(q.inAmount));
  });

  it('an ExactOut quote with no venue filter is routed over venues the program runs backwards', () => {
    const q = usdcForSol('5000000');
    // AMM v4 (`RaydiumV2`) or CLMM (`RaydiumClmm`, jupiter/clmm-route.test.ts), never CP-Swap.
    for (const step of q.routePlan)
      expect(['Raydium', 'Raydium CLMM']).toContain(step.swapInfo.label);
  });

  it('a three-hop route with AMM v4 legs (mSOL → SOL → USDC → FRZ) takes their accounts from the lookup table', () => {
    const q = routes.quote({
      inputMint: mint('mSOL'),
      outputMint: mint('FRZ'),
      amount: '200000000000', // 200 mSOL: large enough that AMM v4 takes part of a hop
      dexes: 'Raydium,Raydium CPMM',
    });
    expect(new Set(q.routePlan.map((step) => step.swapInfo.inputMint)).size).toBe(3);
    const ammPools = q.routePlan
      .filter((step) => step.swapInfo.label === 'Raydium')
      .map((step) => step.swapInfo.ammKey);
    expect(ammPools.length).toBeGreaterThan(0);
    const { bytes, tx } = routes.build(q);
    expect(bytes.length).toBeLessThanOrEqual(1_232);
    const inline = tx.message.staticAccountKeys.map((key) => key.toBase58());
    // The pools, their vaults and the program come from the table, not inline.
    for (const pool of ammPools) {
      const view = readAmmV4Pool(routes.ledger, pool)!;
      for (const address of [pool, view.info.coinVault, view.info.pcVault, AMM_V4_PROGRAM_ID])
        expect(inline).not.toContain(address);
    }
    const r = routes.land(tx, 'mSOL', 'FRZ');
    expect(r.logs).toContain(`Program ${AMM_V4_PROGRAM_ID} invoke [2]`);
    expect(r.received).toBe(BigInt(q.outAmount));
  });
});
