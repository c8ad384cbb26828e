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
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Keypair, PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxLedger } from '../ledger/ledger';
import { airdrop, fundToken } from '../faucet/faucet';
import { loadOrSeedMarket } from '../pools/seed-market';
import { createMarketContext, type MarketContext } from '../swap-api/market-context';
import { parseQuoteParams } from '../swap-api/quote-params';
import { computeQuote } from '../swap-api/quote-service';
import { parseSwapRequest } from '../swap-api/swap-request';
import { buildSwap } from '../swap-api/swap-service';
import { NATIVE_MINT, SANDBOX_TOKENS } from '../tokens';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { JUPITER_PROGRAM_FIXTURE } from '../../../test/fixtures/jupiter-program';
import { AMM_V4_PROGRAM_ID, swapBaseOutV2Instruction } from '../amm-v4/program';
import { readAmmV4Pool } from '../amm-v4/amm-pool-view';
import {
  EXACT_OUT_FORMS,
  exactOutInstruction,
} from '../../../test/integration/jupiter-exact-out-shapes';
import { writeJupiterGenesis } from './jupiter-genesis';
import { JUPITER_PROGRAM_ID } from './program';

/** Jupiter's `Swap` variant of an AMM v4 step over its v2 swap accounts (no fields). */
const RAYDIUM_V2 = { index: 105, name: 'RaydiumV2', fieldBytes: 0 };

let ledger: SandboxLedger;
let context: MarketContext;
const person = Keypair.generate();
const mint = (symbol: string) => SANDBOX_TOKENS.find((token) => token.symbol === symbol)!.mint;
const ata = (symbol: string) =>
  getAssociatedTokenAddressSync(new PublicKey(mint(symbol)), person.publicKey).toBase58();

beforeAll(() => {
  const dir = tempDir('swapdesk-jupiter-amm-v4-');
  ledger = SandboxLedger.open({
    stateDir: join(dir, 'ledger'),
    slotMs: 0,
    programs: [
      {
        programId: JUPITER_PROGRAM_ID,
        bytes: new Uint8Array(readFileSync(JUPITER_PROGRAM_FIXTURE)),
      },
    ],
  });
  writeJupiterGenesis(ledger);
  context = createMarketContext(ledger, loadOrSeedMarket(ledger, join(dir, 'swap')));
  airdrop(ledger, person.publicKey, 10_000n * 1_000_000_000n);
  for (const symbol of ['SOL', 'USDC', 'USDT', 'RAY', 'mSOL']) {
    const held = mint(symbol) === NATIVE_MINT ? 5_000n * 10n ** 9n : 10n ** 15n;
    fundToken(ledger, { owner: person.publicKey, mint: new PublicKey(mint(symbol)), amount: held });
  }
  // Loading the 2.9 MB program and genesis take seconds on a busy machine.
}, 60_000);

afterAll(() => ledger.close());

interface Case {
  from: string;
  to: string;
  amount: bigint;
  swapMode: 'ExactIn' | 'ExactOut';
  shared: boolean;
  onlyDirect?: boolean;
}

function run(c: Case) {
  const q = computeQuote(
    context,
    parseQuoteParams(
      new URLSearchParams({
        inputMint: mint(c.from),
        outputMint: mint(c.to),
        amount: c.amount.toString(),
        swapMode: c.swapMode,
        dexes: 'Raydium',
        onlyDirectRoutes: String(c.onlyDirect ?? true),
      }),
    ),
    () => 0,
  );
  expect(q.routePlan.every((step) => step.swapInfo.label === 'Raydium')).toBe(true);
  ledger.advanceSlots(1);
  const answer = buildSwap(
    context,
    parseSwapRequest({
      quoteResponse: q,
      userPublicKey: person.publicKey.toBase58(),
      wrapAndUnwrapSol: false,
      useSharedAccounts: c.shared,
    }),
  );
  expect(answer.simulationError, JSON.stringify(answer.simulationError)).toBeNull();
  const tx = VersionedTransaction.deserialize(Buffer.from(answer.swapTransaction, 'base64'));
  const programs = tx.message.compiledInstructions.map((ix) =>
    tx.message.staticAccountKeys[ix.programIdIndex]!.toBase58(),
  );
  // Jupiter at the top, once; AMM v4 never called directly.
  expect(programs.filter((id) => id === JUPITER_PROGRAM_ID)).toHaveLength(1);
  expect(programs).not.toContain(AMM_V4_PROGRAM_ID);
  expect(tx.message.header.numRequiredSignatures).toBe(1);
  const before = { in: ledger.tokenBalance(ata(c.from))!, out: ledger.tokenBalance(ata(c.to))! };
  tx.sign([person]);
  const sent = ledger.sendTransaction(tx.serialize());
  expect(sent.status).toBe('executed');
  if (sent.status !== 'executed') throw new Error('not executed');
  expect(sent.record.err, sent.record.logs.join('\n')).toBeNull();
  return {
    q,
    logs: sent.record.logs,
    paid: before.in - ledger.tokenBalance(ata(c.from))!,
    received: ledger.tokenBalance(ata(c.to))! - before.out,
  };
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
      expect(r.paid).toBe(2n * 10n ** 9n);
      expect(r.received).toBe(BigInt(r.q.outAmount));
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
      expect(r.received).toBe(250_000_000n);
      expect(r.paid).toBe(BigInt(r.q.inAmount));
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
    expect(r.received).toBe(100_000_000n);
    expect(r.paid).toBe(BigInt(r.q.inAmount));
  });

  it('every ExactOut form, V1 and V2, plain and shared, over one RaydiumV2 step: exactly 75 USDC', () => {
    const q = computeQuote(
      context,
      parseQuoteParams(
        new URLSearchParams({
          inputMint: mint('SOL'),
          outputMint: mint('USDC'),
          amount: '75000000',
          swapMode: 'ExactOut',
          dexes: 'Raydium',
        }),
      ),
      () => 0,
    );
    const pool = q.routePlan[0]!.swapInfo.ammKey;
    const view = readAmmV4Pool(ledger, pool)!;
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
    for (const form of EXACT_OUT_FORMS) {
      ledger.advanceSlots(1);
      const instruction = exactOutInstruction({
        form,
        user: person.publicKey,
        sourceMint: mint('SOL'),
        destinationMint: mint('USDC'),
        source: ata('SOL'),
        destination: ata('USDC'),
        cpSwap: step,
        steps: [{ variant: RAYDIUM_V2, percent: 100, from: 0, to: 1 }],
        outAmount: 75_000_000n,
        quotedInAmount: BigInt(q.inAmount),
        slippageBps: 50,
        feeAccount: null,
        platformFeeBps: 0,
      });
      const tx = new VersionedTransaction(
        new TransactionMessage({
          payerKey: person.publicKey,
          recentBlockhash: ledger.latestBlockhash().blockhash,
          instructions: [instruction],
        }).compileToV0Message(),
      );
      tx.sign([person]);
      const before = {
        in: ledger.tokenBalance(ata('SOL'))!,
        out: ledger.tokenBalance(ata('USDC'))!,
      };
      const sent = ledger.sendTransaction(tx.serialize());
      if (sent.status !== 'executed') throw new Error(`${form} not executed`);
      expect(sent.record.err, `${form}\n${sent.record.logs.join('\n')}`).toBeNull();
      expect(sent.record.logs).toContain(`Program ${AMM_V4_PROGRAM_ID} invoke [2]`);
      expect(ledger.tokenBalance(ata('USDC'))! - before.out, form).toBe(75_000_000n);
      // What left is what the pool asked at that moment (each form moves the price a little).
      const paid = before.in - ledger.tokenBalance(ata('SOL'))!;
      expect(paid, form).toBeGreaterThan(0n);
      expect(paid * 10_000n, form).toBeLessThanOrEqual(BigInt(q.inAmount) * 10_050n);
    }
  });

  it('ExactOut with a platform fee stays the sandbox’s own swap_base_out_v2: exactly the amount out, exactly the fee', () => {
    const feeOwner = Keypair.generate().publicKey;
    airdrop(ledger, feeOwner, 1_000_000_000n);
    fundToken(ledger, { owner: feeOwner, mint: new PublicKey(mint('SOL')), amount: 1n });
    const feeAccount = getAssociatedTokenAddressSync(
      new PublicKey(mint('SOL')),
      feeOwner,
    ).toBase58();
    const q = computeQuote(
      context,
      parseQuoteParams(
        new URLSearchParams({
          inputMint: mint('SOL'),
          outputMint: mint('USDC'),
          amount: '50000000',
          swapMode: 'ExactOut',
          dexes: 'Raydium',
          platformFeeBps: '50',
        }),
      ),
      () => 0,
    );
    ledger.advanceSlots(1);
    const answer = buildSwap(
      context,
      parseSwapRequest({
        quoteResponse: q,
        userPublicKey: person.publicKey.toBase58(),
        wrapAndUnwrapSol: false,
        feeAccount,
      }),
    );
    expect(answer.simulationError, JSON.stringify(answer.simulationError)).toBeNull();
    const tx = VersionedTransaction.deserialize(Buffer.from(answer.swapTransaction, 'base64'));
    tx.sign([person]);
    const before = {
      in: ledger.tokenBalance(ata('SOL'))!,
      out: ledger.tokenBalance(ata('USDC'))!,
      fee: ledger.tokenBalance(feeAccount)!,
    };
    const sent = ledger.sendTransaction(tx.serialize());
    if (sent.status !== 'executed') throw new Error('not executed');
    expect(sent.record.err, sent.record.logs.join('\n')).toBeNull();
    // Jupiter's program would take bps of the whole input, not the quote's fee (jupiterCanRoute).
    expect(sent.record.logs.some((line) => line.includes(JUPITER_PROGRAM_ID))).toBe(false);
    expect(sent.record.logs).toContain(`Program ${AMM_V4_PROGRAM_ID} invoke [1]`);
    expect(ledger.tokenBalance(ata('USDC'))! - before.out).toBe(50_000_000n);
    // The integrator's share of the quote's fee (the operator keeps 2.5% on the sandbox's own).
    const fee = BigInt(q.platformFee!.amount);
    expect(ledger.tokenBalance(feeAccount)! - before.fee).toBe(fee - (fee * 25n) / 1_000n);
    expect(before.in - ledger.tokenBalance(ata('SOL'))!).toBe(BigInt(q.inAmount));
  });

  it('an ExactOut quote with no venue filter is routed over venues the program runs backwards', () => {
    const q = computeQuote(
      context,
      parseQuoteParams(
        new URLSearchParams({
          inputMint: mint('SOL'),
          outputMint: mint('USDC'),
          amount: '5000000',
          swapMode: 'ExactOut',
        }),
      ),
      () => 0,
    );
    // AMM v4 (`RaydiumV2`) or CLMM (`RaydiumClmm`, jupiter/clmm-route.test.ts), never CP-Swap.
    for (const step of q.routePlan)
      expect(['Raydium', 'Raydium CLMM']).toContain(step.swapInfo.label);
  });

  it('a three-hop route with AMM v4 legs (mSOL → SOL → USDC → FRZ) takes their accounts from the lookup table', () => {
    const q = computeQuote(
      context,
      parseQuoteParams(
        new URLSearchParams({
          inputMint: mint('mSOL'),
          outputMint: mint('FRZ'),
          amount: '200000000000', // 200 mSOL: large enough that AMM v4 takes part of a hop
          dexes: 'Raydium,Raydium CPMM',
        }),
      ),
      () => 0,
    );
    expect(new Set(q.routePlan.map((step) => step.swapInfo.inputMint)).size).toBe(3);
    const ammPools = q.routePlan
      .filter((step) => step.swapInfo.label === 'Raydium')
      .map((step) => step.swapInfo.ammKey);
    expect(ammPools.length).toBeGreaterThan(0);
    ledger.advanceSlots(1);
    const answer = buildSwap(
      context,
      parseSwapRequest({
        quoteResponse: q,
        userPublicKey: person.publicKey.toBase58(),
        wrapAndUnwrapSol: false,
      }),
    );
    expect(answer.simulationError, JSON.stringify(answer.simulationError)).toBeNull();
    const bytes = Buffer.from(answer.swapTransaction, 'base64');
    expect(bytes.length).toBeLessThanOrEqual(1_232);
    const tx = VersionedTransaction.deserialize(bytes);
    const inline = tx.message.staticAccountKeys.map((key) => key.toBase58());
    // The pools, their vaults and the program come from the table, not inline.
    for (const pool of ammPools) {
      const view = readAmmV4Pool(ledger, pool)!;
      for (const address of [pool, view.info.coinVault, view.info.pcVault, AMM_V4_PROGRAM_ID])
        expect(inline).not.toContain(address);
    }
    tx.sign([person]);
    const before = ledger.tokenBalance(ata('FRZ')) ?? 0n;
    const sent = ledger.sendTransaction(tx.serialize());
    if (sent.status !== 'executed') throw new Error('not executed');
    expect(sent.record.err, sent.record.logs.join('\n')).toBeNull();
    expect(sent.record.logs).toContain(`Program ${AMM_V4_PROGRAM_ID} invoke [2]`);
    expect((ledger.tokenBalance(ata('FRZ')) ?? 0n) - before).toBe(BigInt(q.outAmount));
  });
});
