/**
 * Sizing an exact-input swap for an exact payment (issue 22 point 3): over a constant-product
 * curve with a venue fee (the shape of the sandbox's CP-Swap pools), the input found is the
 * smallest (to a base unit or so) whose wallet minimum still covers the transfer, for amounts
 * from dust to a large share of the pool; the Token-2022 transfer fee is read from the
 * sandbox's real TFEE mint bytes (unpacked by spl-token) and counted on the delivery.
 */
import { PublicKey, type AccountInfo } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, unpackMint } from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import { genesisMintData } from '../sandbox/ledger/mint-extensions';
import { SANDBOX_TOKENS } from '../sandbox/tokens';
import { isWalletError } from '../shared/errors';
import { minimumReceived } from '../swap-api/slippage-bound';
import {
  covers,
  deliveryFeeOf,
  guaranteedArrival,
  NO_DELIVERY_FEE,
  nextInput,
  sizeExactIn,
  type SizingQuote,
} from './exact-in-sizing';

/** A constant-product pool charging 0.25% of the input, quoting at `slippageBps`. */
function pool(reserveIn: bigint, reserveOut: bigint, slippageBps = 50) {
  const asked: bigint[] = [];
  const quoteAt = async (amount: bigint): Promise<SizingQuote> => {
    asked.push(amount);
    const lessFee = amount - (amount * 25n + 9_999n) / 10_000n;
    return {
      inAmount: amount,
      outAmount: (lessFee * reserveOut) / (reserveIn + lessFee),
      slippageBps,
    };
  };
  return { quoteAt, asked };
}

function tfeeMint() {
  const token = SANDBOX_TOKENS.find((t) => t.symbol === 'TFEE');
  if (!token) throw new Error('no TFEE in the sandbox token list');
  const faucet = new PublicKey(new Uint8Array(32).fill(9)).toBase58();
  const info: AccountInfo<Buffer> = {
    data: Buffer.from(genesisMintData(token, faucet)),
    owner: TOKEN_2022_PROGRAM_ID,
    lamports: 1,
    executable: false,
  };
  return unpackMint(new PublicKey(token.mint), info, TOKEN_2022_PROGRAM_ID);
}

describe('sizing an exact-input payment', () => {
  it('finds the smallest covering input over a curve, from dust to a large share of the pool', async () => {
    const target = (needed: bigint) => ({ needed, deliveryFee: NO_DELIVERY_FEE });
    for (const needed of [1n, 999n, 1_000_000n, 5_000_000_000n, 40_000_000_000n]) {
      const { quoteAt } = pool(100_000_000_000n, 200_000_000_000n);
      // A poor first estimate (half of what is needed, in the output's units) still converges.
      const { quote, quotes } = await sizeExactIn(quoteAt, needed / 2n, target(needed));
      expect(covers(quote, target(needed))).toBe(true);
      expect(quotes).toBeLessThanOrEqual(5);
      // Smallest, to within 2 bps of the input: a smaller input by that much no longer covers.
      const smaller = quote.inAmount - (quote.inAmount * 2n) / 10_000n - 1n;
      if (smaller > 0n) expect(covers(await quoteAt(smaller), target(needed))).toBe(false);
    }
  });

  it('shrinks an estimate that was too high, so what is left over stays small', async () => {
    const { quoteAt, asked } = pool(50_000_000_000n, 50_000_000_000n);
    const needed = 1_000_000_000n;
    const { quote } = await sizeExactIn(quoteAt, 3n * needed, {
      needed,
      deliveryFee: NO_DELIVERY_FEE,
    });
    expect(asked[0]).toBe(3n * needed);
    const arrival = guaranteedArrival(quote, { needed, deliveryFee: NO_DELIVERY_FEE });
    expect(arrival).toBeGreaterThanOrEqual(needed);
    // The leftover at the wallet's minimum is a few base units per million.
    expect(arrival - needed).toBeLessThan(needed / 100_000n + 10n);
  });

  it('counts the TFEE transfer fee on what the swap delivers (the real mint bytes)', async () => {
    const fee = deliveryFeeOf(tfeeMint());
    expect(fee(1_000_000n)).toBe(1_000n); // 0.1%
    expect(fee(1n)).toBe(1n); // rounded up, as the token program does
    const needed = 500_000n;
    const { quoteAt } = pool(1_000_000_000_000n, 1_000_000_000_000n);
    const { quote } = await sizeExactIn(quoteAt, needed, { needed, deliveryFee: fee });
    const minimum = minimumReceived(quote.outAmount, quote.slippageBps);
    expect(minimum - fee(minimum)).toBeGreaterThanOrEqual(needed);
    // Without the fee the same quote covers with room to spare: the fee was counted.
    expect(minimum - needed).toBeGreaterThanOrEqual(fee(minimum));
    const plain = await sizeExactIn(quoteAt, needed, { needed, deliveryFee: NO_DELIVERY_FEE });
    expect(plain.quote.inAmount).toBeLessThan(quote.inAmount);
  });

  it('gives up in words when no size covers (the pool cannot pay that much)', async () => {
    const { quoteAt } = pool(1_000_000n, 1_000_000n);
    try {
      await sizeExactIn(quoteAt, 10n, { needed: 2_000_000n, deliveryFee: NO_DELIVERY_FEE });
      expect.unreachable('sized an impossible payment');
    } catch (error) {
      expect(isWalletError(error) && error.code).toBe('NO_ROUTE');
      expect((error as Error).message).toMatch(/After 5 quotes/);
    }
  });

  it('steps past a quote that falls short with a margin, and down from one that covers', () => {
    const quote = { inAmount: 1_000_000n, outAmount: 990_000n, slippageBps: 0 };
    const target = { needed: 1_000_000n, deliveryFee: NO_DELIVERY_FEE };
    expect(covers(quote, target)).toBe(false);
    // ceil(1,000,000 × (1,000,000 / 990,000)²) = 1,020,305, plus 1 bps of the input (100).
    expect(nextInput(quote, target)).toBe(1_020_405n);
    expect(nextInput({ ...quote, outAmount: 0n }, target)).toBe(16_000_000n);
    // Above the target, a plain proportional step down: ceil(1,000,000 × 1,000,000 / 1,010,000).
    expect(nextInput({ ...quote, outAmount: 1_010_000n }, target)).toBe(990_100n);
  });
});
