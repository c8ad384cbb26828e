/**
 * Quotes equal what is paid over three hops, through the sandbox's own CP-Swap calls (no
 * Jupiter program; jupiter/jupiter-quote.property.test.ts covers its routes): random swaps
 * between mSOL and TFEE, FRZ or UNVR (joined by mSOL > SOL > USDC > X only), either way,
 * ExactIn and ExactOut, sizes from a hundredth of a unit to thousands, quoted by GET /quote,
 * built by /swap, signed and executed on the ledger's VM. ExactIn: the person receives exactly
 * outAmount and spends exactly inAmount; ExactOut: exactly the amount asked, for exactly
 * inAmount.
 */
import fc from 'fast-check';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TOKENS, type SandboxToken } from '../tokens';
import {
  associatedAccount,
  fundHolder,
  landSigned,
  swapTransaction,
  useSandboxMarket,
} from '../../../test/fixtures/sandbox-market';

const person = Keypair.generate();
const bySymbol = (symbol: string) => SANDBOX_TOKENS.find((t) => t.symbol === symbol)!;
const MSOL = bySymbol('mSOL');
const FAR = ['TFEE', 'FRZ', 'UNVR'].map(bySymbol);

const market = useSandboxMarket('swapdesk-three-hop-prop-', {
  fund: ({ ledger }) =>
    fundHolder(
      ledger,
      person.publicKey,
      1_000n * 1_000_000_000n,
      [MSOL, ...FAR].map((token) => [token.mint, 10n ** 15n] as const),
    ),
});
const balance = (token: SandboxToken) =>
  market.ledger.tokenBalance(associatedAccount(token.mint, person.publicKey, token.tokenProgram)) ??
  0n;

describe('three-hop routes pay exactly their quote (sandbox CP-Swap calls)', () => {
  it('200 random swaps between mSOL and TFEE, FRZ, UNVR, ExactIn and ExactOut', () => {
    let executed = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...FAR),
        fc.boolean(),
        fc.constantFrom('ExactIn' as const, 'ExactOut' as const),
        fc.double({ min: 0.01, max: 2_000, noNaN: true }),
        (far, fromMsol, mode, size) => {
          const [input, output] = fromMsol ? [MSOL, far] : [far, MSOL];
          const sized = mode === 'ExactIn' ? input : output;
          // mSOL is worth about 190 dollars: a tenth of the size keeps it within the pools.
          const scale = sized === MSOL ? size / 100 : size;
          const amount = BigInt(Math.max(1, Math.floor(scale * 10 ** sized.decimals)));
          const q = market.quoteOrNull({
            inputMint: input.mint,
            outputMint: output.mint,
            amount: amount.toString(),
            swapMode: mode,
          });
          if (q === null) return;
          // Three hops (a hop may be split over two pools: several legs, one input mint).
          expect(new Set(q.routePlan.map((step) => step.swapInfo.inputMint)).size).toBe(3);
          const [inBefore, outBefore] = [balance(input), balance(output)];
          // A new slot (a new blockhash) for each: a repeated case is a new transaction.
          const { tx } = swapTransaction(market, person, q, { wrapAndUnwrapSol: true });
          landSigned(market.ledger, tx, person);
          executed += 1;
          expect(balance(output) - outBefore).toBe(BigInt(q.outAmount));
          expect(inBefore - balance(input)).toBe(BigInt(q.inAmount));
          if (mode === 'ExactOut') expect(BigInt(q.outAmount)).toBe(amount);
        },
      ),
      { numRuns: 200, seed: 20261128 },
    );
    expect(executed).toBeGreaterThan(170);
  }, 600_000);
});
