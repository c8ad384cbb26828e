/**
 * Quotes equal what is paid, through Jupiter's own program (the mainnet binary, a test fixture):
 * 1,000 random ExactIn swaps (random pair among the tokens CP-Swap trades, sizes from a
 * hundredth of a unit to thousands, the plain or shared form, a platform fee of 0 to 100 bps
 * in the output or the input mint) quoted by GET /quote, built by /swap as one Jupiter route
 * over the CP-Swap, AMM v4 and CLMM pools, signed and executed on the ledger's VM. The person receives exactly
 * the quote's outAmount (an input-side fee: the quote's route output for what is left after the
 * fee, as the sandbox re-prices it) and the fee account exactly the fee the program takes.
 * Routes of one, two and three hops (the last counted: issue 33) are all among them.
 */
import fc from 'fast-check';
import { Keypair, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { SwapApiError } from '../swap-api/api-error';
import { CP_POOL_SEEDS } from '../cp-swap/pool-seeds';
import { NATIVE_MINT, SANDBOX_TOKENS, TOKEN_PROGRAM_ID } from '../tokens';
import {
  associatedAccount,
  fundHolder,
  landSigned,
  swapTransaction,
  topLevelPrograms,
  useSandboxMarket,
} from '../../../test/fixtures/sandbox-market';
import { JUPITER_PROGRAM_ID } from './program';

const person = Keypair.generate();
/** Tokens CP-Swap trades (PDLG is the market maker's) with no transfer fee to blur the sums. */
/** Tokens with a CP-Swap pool (not those only the market maker trades: PDLG and issue 35's). */
const POOLED = new Set(CP_POOL_SEEDS.flatMap((seed) => [seed.a, seed.b]));
const TOKENS = SANDBOX_TOKENS.filter(
  (token) => POOLED.has(token.symbol) && !token.traits?.transferFee,
);
const feeOwner = Keypair.generate().publicKey;

const account = (mint: string, owner: PublicKey) =>
  associatedAccount(mint, owner, TOKENS.find((token) => token.mint === mint)!.tokenProgram);

const market = useSandboxMarket('swapdesk-jupiter-prop-', {
  jupiter: true,
  fund: ({ ledger }) => {
    // wSOL held as a token (wrapAndUnwrapSol off), so every amount is a token balance; the
    // wrap and unwrap are proven by test/integration/sandbox-jupiter-routes.test.ts.
    fundHolder(
      ledger,
      person.publicKey,
      1_000_000n * 1_000_000_000n,
      TOKENS.map(
        (token) =>
          [token.mint, token.mint === NATIVE_MINT ? 500_000n * 10n ** 9n : 10n ** 18n] as const,
      ),
    );
    fundHolder(
      ledger,
      feeOwner,
      1_000_000_000n,
      TOKENS.map((token) => [token.mint, 1n] as const),
    );
  },
});

/** /swap's answer, or null when it refuses because the program's bound would fail the swap. */
function swapOrRefusal<T>(build: () => T): T | null {
  try {
    return build();
  } catch (error) {
    if (error instanceof SwapApiError && error.errorCode === 'SLIPPAGE_TOLERANCE_EXCEEDED')
      return null;
    throw error;
  }
}

const balance = (address: string) => market.ledger.tokenBalance(address) ?? 0n;

describe('Jupiter routes pay exactly their quote', () => {
  it('1,000 random ExactIn swaps: the person gets outAmount, the fee account the fee', () => {
    let executed = 0;
    let refused = 0;
    /** Executed routes of three hops (issue 33): three steps chained in one Jupiter route. */
    let threeHops = 0;
    /** Executed routes with a Raydium CLMM step (`RaydiumClmmV2`, jupiter/clmm-step.ts). */
    let withClmm = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...TOKENS),
        fc.constantFrom(...TOKENS),
        fc.double({ min: 0.01, max: 5_000, noNaN: true }),
        fc.option(fc.boolean(), { nil: null }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        (input, output, size, shared, feeBps, feeOnInput) => {
          if (input.mint === output.mint) return;
          const amount = BigInt(Math.max(1, Math.floor(size * 10 ** input.decimals)));
          const q = market.quoteOrNull({
            inputMint: input.mint,
            outputMint: output.mint,
            amount: amount.toString(),
            restrictIntermediateTokens: 'false',
            ...(feeBps > 0 ? { platformFeeBps: String(feeBps) } : {}),
          });
          if (q === null) return;
          const feeMint = feeOnInput ? input.mint : output.mint;
          // Platform fees are taken in SPL Token accounts only (the API refuses Token-2022 ones).
          const feeProgram = TOKENS.find((token) => token.mint === feeMint)!.tokenProgram;
          const feeAccount =
            feeBps > 0 && feeProgram === TOKEN_PROGRAM_ID ? account(feeMint, feeOwner) : null;
          const out = account(output.mint, person.publicKey);
          const outBefore = balance(out);
          const feeBefore = feeAccount === null ? 0n : balance(feeAccount);
          // A new slot (a new blockhash) for each: a repeated case is a new transaction.
          const built = swapOrRefusal(() =>
            swapTransaction(market, person, q, {
              ...(feeAccount === null ? {} : { feeAccount }),
              ...(shared === null ? {} : { useSharedAccounts: shared }),
            }),
          );
          if (built === null) {
            // Only an input-side fee re-prices the route below the quote: the program's bound
            // (rounded up) is then refused by /swap in words, never built to fail.
            expect(feeOnInput && feeAccount !== null).toBe(true);
            refused += 1;
            return;
          }
          const programs = topLevelPrograms(built.tx);
          expect(programs.filter((id) => id === JUPITER_PROGRAM_ID)).toHaveLength(1);
          landSigned(market.ledger, built.tx, person);
          executed += 1;
          if (new Set(q.routePlan.map((step) => step.swapInfo.inputMint)).size === 3)
            threeHops += 1;
          if (q.routePlan.some((step) => step.swapInfo.label === 'Raydium CLMM')) withClmm += 1;
          const fee = feeAccount === null ? 0n : balance(feeAccount) - feeBefore;
          const received = balance(out) - outBefore;
          if (feeAccount === null) {
            expect(received).toBe(BigInt(q.outAmount) + BigInt(q.platformFee?.amount ?? '0'));
          } else if (!feeOnInput) {
            expect(received).toBe(BigInt(q.outAmount));
            expect(fee).toBe(BigInt(q.platformFee!.amount));
          } else {
            // The program takes ⌊amount × bps / 10,000⌋ of the input first (what the sandbox
            // re-prices), and the person gets at least the quote's minimum.
            expect(fee).toBe((amount * BigInt(feeBps)) / 10_000n);
            expect(received).toBeGreaterThanOrEqual(BigInt(q.otherAmountThreshold));
          }
        },
      ),
      { numRuns: 1_000, seed: 20261127 },
    );
    expect(executed).toBeGreaterThan(700);
    expect(threeHops).toBeGreaterThan(30);
    expect(withClmm).toBeGreaterThan(100);
    expect(refused).toBeLessThan(50);
  }, 600_000);
});
