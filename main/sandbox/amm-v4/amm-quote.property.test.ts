/**
 * The AMM v4 quote against the program itself: random swaps (`swap_base_in_v2` and
 * `swap_base_out_v2`, both directions, every genesis pool, sizes from one base unit to a tenth of
 * the reserve) run by Raydium AMM v4's mainnet binary on the ledger's VM, each bounded by its own
 * quote (minimum_amount_out = the quoted output, max_amount_in = the quoted input), and the
 * person's balances, the vaults and the pool's fee counters compared with the quote to the base
 * unit. Where the quote says the program refuses, the program must refuse.
 */
import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TOKENS } from '../tokens';
import { sandboxMintOf as mintOf } from '../../shared/sandbox-tokens';
import {
  quotesAgainstProgram,
  useVenueLedger,
  type SwapSide,
} from '../../../test/fixtures/venue-quote-vm';
import { AMM_V4_POOL_SEEDS } from './pool-seeds';
import { seedAmmAddress } from './amm-genesis';
import { readAmmV4Pool } from './amm-pool-view';
import { ammQuoteExactIn, ammQuoteExactOut, type AmmV4Quote } from './amm-quote';
import { AMM_V4_AUTHORITY } from './program';
import { ammV4LegInstruction } from './amm-venue';

const pools = AMM_V4_POOL_SEEDS.map((seed) => seedAmmAddress(seed, mintOf));
const pooled = new Set(AMM_V4_POOL_SEEDS.flatMap((seed) => [seed.coin, seed.pc]));
const venue = useVenueLedger(
  'swapdesk-amm-v4-quote-',
  SANDBOX_TOKENS.filter((token) => pooled.has(token.symbol)),
);

/** Case `c` (zeroForOne: coin to pc) on the VM, bounded by `quote`, and the pool's fee counter. */
function swapAmmOnVm(c: SwapSide, quote: AmmV4Quote | null, amount: bigint) {
  const pool = pools[c.pool]!;
  const view = readAmmV4Pool(venue.ledger, pool)!;
  const { info } = view;
  const [inMint, outMint, inVault, outVault] = c.zeroForOne
    ? [info.coinVaultMint, info.pcVaultMint, info.coinVault, info.pcVault]
    : [info.pcVaultMint, info.coinVaultMint, info.pcVault, info.coinVault];
  const [from, to] = [venue.account(inMint), venue.account(outMint)];
  // The leg instruction the sandbox's own transactions send (amm-venue.ts), bounded by the quote.
  const bound = c.exactIn ? (quote?.amountOut ?? 0n) : (quote?.amountIn ?? (1n << 64n) - 1n);
  const owner = venue.person.publicKey.toBase58();
  const amounts = { amountIn: amount, amountOut: amount, bound };
  const instruction = ammV4LegInstruction(view, owner, from, to, c.exactIn, amounts);
  const run = venue.swap(instruction, { paid: from, received: to, inVault, outVault });
  const after = readAmmV4Pool(venue.ledger, pool)!.info;
  const fee = c.zeroForOne
    ? after.swapAccCoinFee - info.swapAccCoinFee
    : after.swapAccPcFee - info.swapAccPcFee;
  return { ...run, moved: { ...run.moved, fee } };
}

describe('Raydium AMM v4 at genesis', () => {
  it('has every seeded pool on the ledger, owned by the program, vaults owned by its authority', () => {
    for (const address of pools) {
      const view = readAmmV4Pool(venue.ledger, address);
      expect(view, address).not.toBeNull();
      expect(view!.info.status).toBe(6n);
      for (const vault of [view!.info.coinVault, view!.info.pcVault]) {
        const account = venue.ledger.getAccount(vault)!;
        expect(Buffer.from(account.data.subarray(32, 64))).toEqual(
          new PublicKey(AMM_V4_AUTHORITY).toBuffer(),
        );
      }
    }
  });
});

describe('AMM v4 quotes equal what the program pays', () => {
  it('holds for 500 random swaps on the VM, to the base unit', () => {
    const { refused } = quotesAgainstProgram({
      pools,
      numRuns: 500,
      seed: 33,
      view: (pool) => readAmmV4Pool(venue.ledger, pool)!,
      reserves: (view) => [view.coinVault, view.pcVault],
      quoteExactIn: ammQuoteExactIn,
      quoteExactOut: ammQuoteExactOut,
      swap: swapAmmOnVm,
      quoted: (quote) => ({
        paid: quote.amountIn,
        received: quote.amountOut,
        inVault: quote.amountIn,
        outVault: quote.amountOut,
        fee: quote.swapFee,
      }),
    });
    // Most sizes are served; a few tiny ones are refused by both.
    expect(refused).toBeLessThan(100);
  }, 120_000);
});
