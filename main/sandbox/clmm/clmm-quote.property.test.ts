/**
 * The CLMM quote against the program itself: random `swap_v2` calls (ExactIn and ExactOut, both
 * directions, every genesis pool, sizes from a few base units to a third of the output vault,
 * so that large ones cross ticks and tick arrays) run by Raydium CLMM's mainnet binary on the
 * ledger's VM, each bounded by its own quote (other_amount_threshold = the quoted output or
 * input), and the person's balances, the pool's price and its protocol and fund fees compared
 * with the quote to the base unit. Where the quote says the program refuses, it must refuse.
 */
import { describe, expect, it } from 'vitest';
import { sandboxMintOf as mintOf } from '../../shared/sandbox-tokens';
import {
  expectRunAsQuoted,
  quotesAgainstProgram,
  useVenueLedger,
  type SwapSide,
} from '../../../test/fixtures/venue-quote-vm';
import { readClmmPool } from './clmm-pool-view';
import { quoteClmm, type ClmmQuote } from './clmm-quote';
import { CLMM_POOL_SEEDS, clmmSeedPoolAddress } from './pool-seeds';
import { swapV2Instruction } from './program';
import { clmmSwapAccounts } from './swap-accounts';

const venue = useVenueLedger('swapdesk-clmm-quote-');
const pools = CLMM_POOL_SEEDS.map((seed) => clmmSeedPoolAddress(seed, mintOf));
const U64_MAX = (1n << 64n) - 1n;

/**
 * Runs case `c`'s swap_v2 bounded by `quote` (or by nothing where the quote refuses) and reads
 * it back, with the pool's price and its protocol and fund fee counters.
 */
function swapClmmOnVm(c: SwapSide, quote: ClmmQuote | null, amount: bigint) {
  const { zeroForOne, exactIn } = c;
  const view = readClmmPool(venue.ledger, pools[c.pool]!)!;
  const { state } = view;
  const [inMint, outMint] = zeroForOne ? [state.mint0, state.mint1] : [state.mint1, state.mint0];
  // Where the quote refuses, hand the program every array of the pool in the swap's direction.
  const starts =
    quote?.tickArrays ?? [...view.tickArrays.keys()].sort((a, b) => (zeroForOne ? b - a : a - b));
  const accounts = clmmSwapAccounts(
    view,
    zeroForOne,
    venue.person.publicKey.toBase58(),
    venue.account(inMint),
    venue.account(outMint),
    starts,
  );
  const threshold = exactIn ? (quote?.amountOut ?? 0n) : (quote?.amountIn ?? U64_MAX);
  const run = venue.swap(swapV2Instruction(accounts, amount, threshold, exactIn), {
    paid: accounts.inputAccount,
    received: accounts.outputAccount,
  });
  const after = readClmmPool(venue.ledger, view.address)!;
  const protocolFee = zeroForOne
    ? after.state.protocolFees0 - state.protocolFees0
    : after.state.protocolFees1 - state.protocolFees1;
  const fundFee = zeroForOne
    ? after.state.fundFees0 - state.fundFees0
    : after.state.fundFees1 - state.fundFees1;
  return {
    ...run,
    moved: { ...run.moved, sqrtPrice: after.state.sqrtPriceX64, protocolFee, fundFee },
  };
}

/** What the quote says a swap moves, by the names swapClmmOnVm reads them under. */
const quoted = (quote: ClmmQuote) => ({
  paid: quote.amountIn,
  received: quote.amountOut,
  sqrtPrice: quote.sqrtPriceAfterX64,
  protocolFee: quote.protocolFee,
  fundFee: quote.fundFee,
});

describe('CLMM quotes equal what the program pays', () => {
  it('crosses ticks and tick arrays on a large trade, paid exactly as quoted', () => {
    const sol = CLMM_POOL_SEEDS.findIndex((seed) => seed.a === 'SOL' && seed.b === 'USDC');
    // SOL in for as much SOL as the pool holds (the price falls through two ranges' lower
    // ticks), then SOL out for three quarters of what the pool then holds (it climbs back through them).
    for (const [zeroForOne, exactIn] of [
      [true, true],
      [false, false],
    ] as const) {
      const view = readClmmPool(venue.ledger, pools[sol]!)!;
      const amount = exactIn ? view.vault0 : (view.vault0 * 3n) / 4n;
      const quote = quoteClmm(view, zeroForOne, amount, exactIn)!;
      expect(quote.ticksCrossed, `exactIn ${exactIn}`).toBeGreaterThanOrEqual(2);
      // The way down reaches the wide range's array; the way back crosses ticks within one.
      expect(quote.tickArrays.length).toBeGreaterThanOrEqual(exactIn ? 2 : 1);
      const run = swapClmmOnVm({ pool: sol, zeroForOne, exactIn }, quote, amount);
      expectRunAsQuoted(run, quoted(quote), `exactIn ${exactIn}`);
    }
  }, 60_000);

  it('holds for 600 random swaps on the VM, to the base unit', () => {
    const { served, refused } = quotesAgainstProgram({
      pools,
      numRuns: 600,
      seed: 33,
      // From a few base units up to about a third of the vault.
      sizes: { exponent: { min: 0, max: 12 }, mantissaMax: 3_333 },
      view: (pool) => readClmmPool(venue.ledger, pool)!,
      reserves: (view) => [view.vault0, view.vault1],
      quoteExactIn: (view, zeroForOne, amount) => quoteClmm(view, zeroForOne, amount, true),
      quoteExactOut: (view, zeroForOne, amount) => quoteClmm(view, zeroForOne, amount, false),
      swap: swapClmmOnVm,
      quoted,
    });
    expect(refused).toBeLessThan(150);
    expect(served.filter((quote) => quote.ticksCrossed > 0).length).toBeGreaterThan(20);
  }, 300_000);
});
