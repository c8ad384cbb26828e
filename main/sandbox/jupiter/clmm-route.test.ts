/**
 * Jupiter's program (the mainnet binary, a test fixture) over Raydium CLMM steps (issue 33):
 * routes quoted by the sandbox over its CLMM pools (`dexes=Raydium CLMM`), built by /swap as one
 * Jupiter instruction, signed by the person alone and executed on the ledger's VM, read back:
 * Jupiter at the top, CLMM's swap inside, exactly the quote arriving (ExactIn) or exactly the
 * amount asked (ExactOut), and what left the person exactly the quote's input. Also every
 * ExactOut form (V1 and V2, plain and shared) from the test-only encoder of
 * test/integration/jupiter-exact-out-shapes.ts over one `RaydiumClmm` step.
 */
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { sandboxMintOf as mint } from '../../shared/sandbox-tokens';
import { fundToken } from '../faucet/faucet';
import { expectAsQuoted, useJupiterRoutes } from '../../../test/fixtures/jupiter-route-run';
import { CLMM_PROGRAM_ID } from '../clmm/program';
import { readClmmPool } from '../clmm/clmm-pool-view';
import { quoteClmm } from '../clmm/clmm-quote';
import { CP_SWAP_PROGRAM_ID } from '../cp-swap/program';
import { AMM_V4_LABEL, CLMM_LABEL, CP_SWAP_LABEL } from '../venues/types';
import { AMM_V4_PROGRAM_ID } from '../amm-v4/program';
import { clmmStepKeys } from './clmm-step';
import { clmmPools } from '../clmm/clmm-market';
import type { Pool, Reserves } from '../venues/types';
import type { RouteLeg } from '../router/route-types';

/** Jupiter's `Swap` variant with CLMM's ExactOut path (no fields). */
const RAYDIUM_CLMM = { index: 26, name: 'RaydiumClmm', fieldBytes: 0 };

const routes = useJupiterRoutes(
  'swapdesk-jupiter-clmm-',
  ['SOL', 'USDC', 'USDT', 'RAY', 'mSOL', 'JUP'],
  CLMM_LABEL,
);
const { ata, person } = routes;
const quote = routes.quoteRoute;

type Quote = ReturnType<typeof quote>;

/** /swap for the quote through Jupiter, executed and read back, with the CLMM swaps it called. */
function swap(q: Quote, shared: boolean, version: 'V1' | 'V2' = 'V1') {
  const r = routes.swap(q, CLMM_PROGRAM_ID, {
    useSharedAccounts: shared,
    instructionVersion: version,
  });
  return {
    ...r,
    /** The CLMM swaps Jupiter called, by name ("SwapV2" ExactIn, "Swap" ExactOut). */
    clmmCalls: r.logs.flatMap((line, i) =>
      line === `Program ${CLMM_PROGRAM_ID} invoke [2]` ? [r.logs[i + 1]] : [],
    ),
  };
}

const labels = (q: Quote) => q.routePlan.map((step) => step.swapInfo.label);
const SOL = 10n ** 9n;

/**
 * One CLMM step through each of Jupiter's instructions: the instruction (its shared-accounts
 * form adds `SharedAccounts`), and the CLMM swap it calls (`SwapV2` ExactIn; ExactOut, CLMM's v1
 * swap run backwards, is_base_input false).
 */
const ONE_STEP = [
  {
    title: (route: string) => `ExactIn ${route} (RaydiumClmmV2): SOL → USDC pays exactly the quote`,
    route: { from: 'SOL', to: 'USDC', amount: 2n * SOL, swapMode: 'ExactIn' },
    version: 'V1',
    instruction: 'Route',
    call: 'SwapV2',
  },
  {
    title: (route: string) => `ExactIn ${route}: USDC → SOL pays exactly the quote`,
    route: { from: 'USDC', to: 'SOL', amount: 300_000_000n, swapMode: 'ExactIn' },
    version: 'V2',
    instruction: 'RouteV2',
    call: 'SwapV2',
  },
  {
    title: (route: string) => `ExactOut ${route} (RaydiumClmm): exactly 250 USDC for SOL`,
    route: { from: 'SOL', to: 'USDC', amount: 250_000_000n, swapMode: 'ExactOut' },
    version: 'V1',
    instruction: 'ExactOutRoute',
    call: 'Swap',
  },
] as const;

/** 500 JUP to SOL, which no pool pairs directly: two hops, through USDC. */
const JUP_TO_SOL = {
  from: 'JUP',
  to: 'SOL',
  amount: 500_000_000n,
  swapMode: 'ExactIn',
  onlyDirect: false,
} as const;

/**
 * Two CLMM hops through Jupiter's shared-accounts forms: one CLMM call a hop (ExactOut: CLMM's
 * v1 `Swap` each time).
 */
const TWO_HOPS = [
  {
    title: 'ExactIn over two hops (JUP → USDC → SOL, shared accounts): exactly the quote',
    route: JUP_TO_SOL,
    call: undefined,
  },
  {
    title: 'ExactOut over two hops (RAY → USDC → SOL, shared accounts): exactly 3 SOL',
    route: { from: 'RAY', to: 'SOL', amount: 3n * SOL, swapMode: 'ExactOut', onlyDirect: false },
    call: 'Swap',
  },
] as const;

/** `ExactOutRoute` → `exact_out_route`, as the program's IDL names its instructions. */
const snake = (name: string) => name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, '_').toLowerCase();

describe('Jupiter over Raydium CLMM', () => {
  for (const shared of [false, true]) {
    for (const c of ONE_STEP) {
      const instruction = `${shared ? 'SharedAccounts' : ''}${c.instruction}`;
      it(c.title(snake(instruction)), () => {
        const q = quote(c.route);
        expect(labels(q)).toEqual([CLMM_LABEL]);
        const r = swap(q, shared, c.version);
        expect(r.logs).toContain(`Program log: Instruction: ${instruction}`);
        expect(r.clmmCalls).toEqual([`Program log: Instruction: ${c.call}`]);
        expectAsQuoted(r, q, c.route.amount);
      });
    }
  }

  for (const c of TWO_HOPS) {
    it(c.title, () => {
      const q = quote(c.route);
      expect(new Set(q.routePlan.map((step) => step.swapInfo.outputMint)).size).toBe(2);
      const r = swap(q, true);
      expect(r.clmmCalls).toHaveLength(q.routePlan.length);
      if (c.call !== undefined) {
        expect(r.clmmCalls).toEqual(q.routePlan.map(() => `Program log: Instruction: ${c.call}`));
      }
      expectAsQuoted(r, q, c.route.amount);
    });
  }

  it('a split across Raydium CLMM and Raydium CPMM in one hop: both venues inside Jupiter, exactly the quote', () => {
    const q = quote({
      from: 'SOL',
      to: 'USDC',
      amount: 400n * SOL,
      swapMode: 'ExactIn',
      dexes: `${CLMM_LABEL},${CP_SWAP_LABEL}`,
    });
    expect(new Set(labels(q))).toEqual(new Set([CLMM_LABEL, CP_SWAP_LABEL]));
    const r = swap(q, false);
    expect(r.clmmCalls).toEqual(['Program log: Instruction: SwapV2']);
    expect(r.logs).toContain(`Program ${CP_SWAP_PROGRAM_ID} invoke [2]`);
    expectAsQuoted(r, q, 400n * SOL);
  });

  it('a CLMM step before another venue’s (CLMM then CP-Swap, CLMM then AMM v4 ExactOut)', () => {
    const exactIn = quote({ ...JUP_TO_SOL, dexes: `${CLMM_LABEL},${CP_SWAP_LABEL}` });
    expect(labels(exactIn)[0]).toBe(CLMM_LABEL);
    expect(labels(exactIn).slice(1)).toContain(CP_SWAP_LABEL);
    const a = swap(exactIn, true);
    expect(a.clmmCalls).toEqual(['Program log: Instruction: SwapV2']);
    expect(a.logs).toContain(`Program ${CP_SWAP_PROGRAM_ID} invoke [2]`);
    expect(a.received).toBe(BigInt(exactIn.outAmount));

    const exactOut = quote({
      from: 'SOL',
      to: 'RAY',
      amount: 500_000_000n,
      swapMode: 'ExactOut',
      dexes: `${CLMM_LABEL},${AMM_V4_LABEL}`,
      onlyDirect: false,
    });
    expect(labels(exactOut)).toEqual([CLMM_LABEL, AMM_V4_LABEL]);
    const b = swap(exactOut, true);
    expect(b.clmmCalls).toEqual(['Program log: Instruction: Swap']);
    expect(b.logs).toContain(`Program ${AMM_V4_PROGRAM_ID} invoke [2]`);
    expectAsQuoted(b, exactOut, 500_000_000n);
  });

  for (const swapMode of ['ExactIn', 'ExactOut'] as const) {
    it(`a large ${swapMode} trade crosses CLMM ticks and tick arrays through Jupiter, paid exactly as quoted`, () => {
      // As in clmm-quote.property.test.ts: as much SOL in as the pool holds (the price falls
      // through two ranges' lower bounds), then three quarters of its SOL out (back up).
      const [from, to] = swapMode === 'ExactIn' ? ['SOL', 'USDC'] : ['USDC', 'SOL'];
      const pool = quote({ from: 'SOL', to: 'USDC', amount: SOL, swapMode: 'ExactIn' })
        .routePlan[0]!.swapInfo.ammKey;
      const view = readClmmPool(routes.ledger, pool)!;
      const solIsZero = mint('SOL') === view.state.mint0;
      const solVault = solIsZero ? view.vault0 : view.vault1;
      const amount = swapMode === 'ExactIn' ? solVault : (solVault * 3n) / 4n;
      fundToken(routes.ledger, {
        owner: person.publicKey,
        mint: new PublicKey(mint('SOL')),
        amount,
      });
      const zeroForOne = (from === 'SOL') === solIsZero;
      const expected = quoteClmm(view, zeroForOne, amount, swapMode === 'ExactIn')!;
      expect(expected.ticksCrossed).toBeGreaterThanOrEqual(2);
      const q = quote({ from, to, amount, swapMode });
      expect(q.routePlan.map((step) => step.swapInfo.ammKey)).toEqual([pool]);
      const r = swap(q, false);
      expect(r.paid).toBe(expected.amountIn);
      expect(r.received).toBe(expected.amountOut);
      expect(r.paid).toBe(BigInt(q.inAmount));
      expect(r.received).toBe(BigInt(q.outAmount));
      expect(readClmmPool(routes.ledger, pool)!.state.sqrtPriceX64).toBe(
        expected.sqrtPriceAfterX64,
      );
    });
  }

  it('every ExactOut form, V1 and V2, plain and shared, over one RaydiumClmm step: exactly 75 USDC', () => {
    const q = quote({ from: 'SOL', to: 'USDC', amount: 75_000_000n, swapMode: 'ExactOut' });
    const { ledger } = routes;
    const pool = clmmPools(ledger).find((p) => p.ammKey === q.routePlan[0]!.swapInfo.ammKey)!;
    const reservesOf = (p: Pool): Reserves => ({
      a: 0n,
      b: 0n,
      clmm: readClmmPool(ledger, p.ammKey)!,
    });
    const leg: RouteLeg = {
      pool,
      inputMint: mint('SOL'),
      outputMint: mint('USDC'),
      percent: 100,
      amountIn: BigInt(q.inAmount),
      amountOut: 75_000_000n,
      feeAmount: 0n,
      feeMint: mint('SOL'),
    };
    // The step as /swap builds it (the person's accounts; the encoder puts the program
    // authority's at v1 swap's payer 0, input 3 and output 4 in the shared forms).
    const step = () => {
      const [program, ...keys] = clmmStepKeys(
        leg,
        reservesOf,
        ata('SOL'),
        ata('USDC'),
        person.publicKey.toBase58(),
        false,
      );
      return new TransactionInstruction({
        programId: program!.pubkey,
        keys,
        data: Buffer.alloc(0),
      });
    };
    routes.exactOutForms(q, {
      program: CLMM_PROGRAM_ID,
      variant: RAYDIUM_CLMM,
      instruction: step,
      stepSlots: [0, 3, 4],
    });
  });

  it('asLegacyTransaction: one CLMM step through Jupiter fits a packet inline, and pays the quote', () => {
    const q = routes.quote({
      inputMint: mint('SOL'),
      outputMint: mint('USDC'),
      amount: SOL.toString(),
      dexes: CLMM_LABEL,
      asLegacyTransaction: 'true',
    });
    const { bytes, tx } = routes.build(q, {
      useSharedAccounts: true,
      asLegacyTransaction: true,
    });
    expect(bytes.length).toBeLessThanOrEqual(1_232);
    expect(tx.version).toBe('legacy');
    const r = routes.land(tx, 'SOL', 'USDC');
    expect(r.logs).toContain(`Program ${CLMM_PROGRAM_ID} invoke [2]`);
    expect(r.received).toBe(BigInt(q.outAmount));
  });
});
