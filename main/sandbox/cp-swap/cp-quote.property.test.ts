/**
 * The quote module against the program itself: random swaps (both instructions, both
 * directions, every genesis pool, sizes from one base unit to a tenth of the reserve) run by
 * Raydium CP-Swap's mainnet binary on the ledger's VM, each bounded by its own quote
 * (minimum_amount_out = the quoted output, max_amount_in = the quoted input), and the person's
 * balances, the vaults and the pool's fee counters compared with the quote to the base unit.
 * Where the quote says the program refuses, the program must refuse.
 */
import { describe, expect, it } from 'vitest';
import { sandboxMintOf as mintOf } from '../../shared/sandbox-tokens';
import {
  quotesAgainstProgram,
  useVenueLedger,
  type SwapSide,
} from '../../../test/fixtures/venue-quote-vm';
import { CP_POOL_SEEDS, seedPoolAddress } from './pool-seeds';
import { feeTierConfigAddress } from './fee-tiers';
import { readCpPool } from './cp-pool-view';
import { quoteExactIn, quoteExactOut, type CpSwapQuote } from './cp-quote';
import { swapBaseInputInstruction, swapBaseOutputInstruction } from './program';
import { cpSwapAccounts } from './swap-accounts';

const venue = useVenueLedger('swapdesk-cp-quote-');
const pools = CP_POOL_SEEDS.map((seed) =>
  seedPoolAddress(seed, mintOf, (s) => feeTierConfigAddress(s.feeTier)),
);

/** Case `c` on the VM, bounded by `quote`, and the pool's protocol and fund fee counters. */
function swapCpOnVm(c: SwapSide, quote: CpSwapQuote | null, amount: bigint) {
  const { zeroForOne } = c;
  const view = readCpPool(venue.ledger, pools[c.pool]!, 0n)!;
  const { state } = view;
  const [inMint, outMint] = zeroForOne
    ? [state.token0Mint, state.token1Mint]
    : [state.token1Mint, state.token0Mint];
  const accounts = cpSwapAccounts(view.address, state, inMint, {
    payer: venue.person.publicKey.toBase58(),
    inputAccount: venue.account(inMint),
    outputAccount: venue.account(outMint),
  });
  const instruction = c.exactIn
    ? swapBaseInputInstruction(accounts, amount, quote?.amountOut ?? 0n)
    : swapBaseOutputInstruction(accounts, quote?.amountIn ?? (1n << 64n) - 1n, amount);
  const run = venue.swap(instruction, {
    paid: accounts.inputAccount,
    received: accounts.outputAccount,
    inVault: accounts.inputVault,
    outVault: accounts.outputVault,
  });
  const after = readCpPool(venue.ledger, view.address, 0n)!;
  const protocolFee = zeroForOne
    ? after.state.protocolFeesToken0 - state.protocolFeesToken0
    : after.state.protocolFeesToken1 - state.protocolFeesToken1;
  const fundFee = zeroForOne
    ? after.state.fundFeesToken0 - state.fundFeesToken0
    : after.state.fundFeesToken1 - state.fundFeesToken1;
  return { ...run, moved: { ...run.moved, protocolFee, fundFee } };
}

describe('CP-Swap quotes equal what the program pays', () => {
  it('holds for 1,000 random swaps on the VM, to the base unit', () => {
    const { refused } = quotesAgainstProgram({
      pools,
      numRuns: 1_000,
      seed: 16,
      view: (pool) => readCpPool(venue.ledger, pool, 0n)!,
      reserves: (view) => [view.vault0, view.vault1],
      quoteExactIn,
      quoteExactOut,
      swap: swapCpOnVm,
      quoted: (quote) => ({
        paid: quote.amountIn,
        received: quote.amountOut,
        inVault: quote.vaultInDelta,
        outVault: quote.vaultOutDelta,
        protocolFee: quote.protocolFee,
        fundFee: quote.fundFee,
      }),
    });
    // Most sizes are served; a few tiny ones are refused by both.
    expect(refused).toBeLessThan(200);
  }, 120_000);
});
