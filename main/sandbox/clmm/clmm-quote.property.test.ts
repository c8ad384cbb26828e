/**
 * The CLMM quote against the program itself: random `swap_v2` calls (ExactIn and ExactOut, both
 * directions, every genesis pool, sizes from a few base units to a third of the output vault,
 * so that large ones cross ticks and tick arrays) run by Raydium CLMM's mainnet binary on the
 * ledger's VM, each bounded by its own quote (other_amount_threshold = the quoted output or
 * input), and the person's balances, the pool's price and its protocol and fund fees compared
 * with the quote to the base unit. Where the quote says the program refuses, it must refuse.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxLedger } from '../ledger/ledger';
import { airdrop, fundToken } from '../faucet/faucet';
import { SANDBOX_TOKENS } from '../tokens';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { readClmmPool } from './clmm-pool-view';
import { quoteClmm, type ClmmQuote } from './clmm-quote';
import { CLMM_POOL_SEEDS, clmmSeedPoolAddress } from './pool-seeds';
import { swapV2Instruction } from './program';
import { clmmSwapAccounts } from './swap-accounts';

let ledger: SandboxLedger;
const person = Keypair.generate();
const mintOf = (symbol: string) => SANDBOX_TOKENS.find((token) => token.symbol === symbol)!.mint;
const pools = CLMM_POOL_SEEDS.map((seed) => clmmSeedPoolAddress(seed, mintOf));
const programOf = (mint: string) =>
  SANDBOX_TOKENS.find((token) => token.mint === mint)!.tokenProgram;
const U64_MAX = (1n << 64n) - 1n;

function ata(mint: string): string {
  return getAssociatedTokenAddressSync(
    new PublicKey(mint),
    person.publicKey,
    false,
    new PublicKey(programOf(mint)),
  ).toBase58();
}

beforeAll(() => {
  ledger = SandboxLedger.open({
    stateDir: join(tempDir('swapdesk-clmm-quote-'), 'ledger'),
    slotMs: 0,
  });
  airdrop(ledger, person.publicKey, 1_000n * 1_000_000_000n);
  for (const token of SANDBOX_TOKENS) {
    if (token.traits?.permanentDelegate) continue;
    const amount = token.symbol === 'SOL' ? 1_000_000n * 10n ** 9n : 10n ** 18n;
    fundToken(ledger, { owner: person.publicKey, mint: new PublicKey(token.mint), amount });
  }
});

afterAll(() => ledger.close());

/** Runs swap_v2 bounded by `quote` (or by nothing where the quote refuses) and reads it back. */
function swapOnVm(
  poolIndex: number,
  zeroForOne: boolean,
  exactIn: boolean,
  quote: ClmmQuote | null,
  amount: bigint,
) {
  const view = readClmmPool(ledger, pools[poolIndex]!)!;
  const { state } = view;
  const [inMint, outMint] = zeroForOne ? [state.mint0, state.mint1] : [state.mint1, state.mint0];
  // Where the quote refuses, hand the program every array of the pool in the swap's direction.
  const starts =
    quote?.tickArrays ?? [...view.tickArrays.keys()].sort((a, b) => (zeroForOne ? b - a : a - b));
  const accounts = clmmSwapAccounts(
    view,
    zeroForOne,
    person.publicKey.toBase58(),
    ata(inMint),
    ata(outMint),
    starts,
  );
  const threshold = exactIn ? (quote?.amountOut ?? 0n) : (quote?.amountIn ?? U64_MAX);
  ledger.advanceSlots(1);
  const tx = new Transaction({ feePayer: person.publicKey, ...ledger.latestBlockhash() });
  tx.add(swapV2Instruction(accounts, amount, threshold, exactIn));
  tx.sign(person);
  const before = {
    in: ledger.tokenBalance(accounts.inputAccount)!,
    out: ledger.tokenBalance(accounts.outputAccount)!,
  };
  const result = ledger.sendTransaction(tx.serialize(), { skipPreflight: true });
  const after = readClmmPool(ledger, view.address)!;
  return {
    ok: result.status === 'executed' && result.record.err === null,
    logs: result.status === 'executed' ? result.record.logs : [],
    paid: before.in - ledger.tokenBalance(accounts.inputAccount)!,
    received: ledger.tokenBalance(accounts.outputAccount)! - before.out,
    sqrtPrice: after.state.sqrtPriceX64,
    protocolFee: zeroForOne
      ? after.state.protocolFees0 - state.protocolFees0
      : after.state.protocolFees1 - state.protocolFees1,
    fundFee: zeroForOne
      ? after.state.fundFees0 - state.fundFees0
      : after.state.fundFees1 - state.fundFees1,
  };
}

function expectPaidAsQuoted(run: ReturnType<typeof swapOnVm>, quote: ClmmQuote, label: string) {
  expect(run.ok, `${label}\n${run.logs.join('\n')}`).toBe(true);
  expect({
    paid: run.paid,
    received: run.received,
    sqrtPrice: run.sqrtPrice,
    protocolFee: run.protocolFee,
    fundFee: run.fundFee,
  }).toEqual({
    paid: quote.amountIn,
    received: quote.amountOut,
    sqrtPrice: quote.sqrtPriceAfterX64,
    protocolFee: quote.protocolFee,
    fundFee: quote.fundFee,
  });
}

describe('CLMM quotes equal what the program pays', () => {
  it('crosses ticks and tick arrays on a large trade, paid exactly as quoted', () => {
    const sol = CLMM_POOL_SEEDS.findIndex((seed) => seed.a === 'SOL' && seed.b === 'USDC');
    // SOL in for as much SOL as the pool holds (the price falls through two ranges' lower
    // ticks), then SOL out for three quarters of what the pool then holds (it climbs back through them).
    for (const [zeroForOne, exactIn] of [
      [true, true],
      [false, false],
    ] as const) {
      const view = readClmmPool(ledger, pools[sol]!)!;
      const amount = exactIn ? view.vault0 : (view.vault0 * 3n) / 4n;
      const quote = quoteClmm(view, zeroForOne, amount, exactIn)!;
      expect(quote.ticksCrossed, `exactIn ${exactIn}`).toBeGreaterThanOrEqual(2);
      // The way down reaches the wide range's array; the way back crosses ticks within one.
      expect(quote.tickArrays.length).toBeGreaterThanOrEqual(exactIn ? 2 : 1);
      const run = swapOnVm(sol, zeroForOne, exactIn, quote, amount);
      expectPaidAsQuoted(run, quote, `exactIn ${exactIn}`);
    }
  }, 60_000);

  it('holds for 600 random swaps on the VM, to the base unit', () => {
    let refused = 0;
    let crossed = 0;
    fc.assert(
      fc.property(
        fc.record({
          pool: fc.integer({ min: 0, max: pools.length - 1 }),
          zeroForOne: fc.boolean(),
          exactIn: fc.boolean(),
          exponent: fc.integer({ min: 0, max: 12 }),
          mantissa: fc.integer({ min: 1, max: 3_333 }),
        }),
        (c) => {
          const view = readClmmPool(ledger, pools[c.pool]!)!;
          const vault = c.exactIn === c.zeroForOne ? view.vault0 : view.vault1;
          // From a few base units up to about a third of the vault.
          const amount =
            (vault * BigInt(c.mantissa)) / (10_000n * 10n ** BigInt(c.exponent)) +
            BigInt(c.mantissa % 7);
          const quote = quoteClmm(view, c.zeroForOne, amount, c.exactIn);
          const run = swapOnVm(c.pool, c.zeroForOne, c.exactIn, quote, amount);
          if (quote === null) {
            refused += 1;
            expect(
              run.ok,
              `the program paid where the quote refused: ${JSON.stringify(c)} ${amount}`,
            ).toBe(false);
            return;
          }
          if (quote.ticksCrossed > 0) crossed += 1;
          expectPaidAsQuoted(run, quote, `${JSON.stringify(c)} amount ${amount}`);
        },
      ),
      { numRuns: 600, seed: 33 },
    );
    expect(refused).toBeLessThan(150);
    expect(crossed).toBeGreaterThan(20);
  }, 300_000);
});
