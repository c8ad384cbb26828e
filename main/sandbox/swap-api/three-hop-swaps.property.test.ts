/**
 * Quotes equal what is paid over three hops, through the sandbox's own CP-Swap calls (no
 * Jupiter program; jupiter/jupiter-quote.property.test.ts covers its routes): random swaps
 * between mSOL and TFEE, FRZ or UNVR (joined by mSOL > SOL > USDC > X only), either way,
 * ExactIn and ExactOut, sizes from a hundredth of a unit to thousands, quoted by GET /quote,
 * built by /swap, signed and executed on the ledger's VM. ExactIn: the person receives exactly
 * outAmount and spends exactly inAmount; ExactOut: exactly the amount asked, for exactly
 * inAmount.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxLedger } from '../ledger/ledger';
import { airdrop, fundToken } from '../faucet/faucet';
import { loadOrSeedMarket } from '../pools/seed-market';
import { SANDBOX_TOKENS, type SandboxToken } from '../tokens';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { SwapApiError } from './api-error';
import { createMarketContext, type MarketContext } from './market-context';
import { parseQuoteParams } from './quote-params';
import { computeQuote, type QuoteJson } from './quote-service';
import { parseSwapRequest } from './swap-request';
import { buildSwap } from './swap-service';

let ledger: SandboxLedger;
let context: MarketContext;
const person = Keypair.generate();
const bySymbol = (symbol: string) => SANDBOX_TOKENS.find((t) => t.symbol === symbol)!;
const MSOL = bySymbol('mSOL');
const FAR = ['TFEE', 'FRZ', 'UNVR'].map(bySymbol);

const account = (token: SandboxToken) =>
  getAssociatedTokenAddressSync(
    new PublicKey(token.mint),
    person.publicKey,
    true,
    new PublicKey(token.tokenProgram),
  ).toBase58();
const balance = (token: SandboxToken) => ledger.tokenBalance(account(token)) ?? 0n;

beforeAll(() => {
  const dir = tempDir('swapdesk-three-hop-prop-');
  ledger = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0 });
  context = createMarketContext(ledger, loadOrSeedMarket(ledger, join(dir, 'swap')));
  airdrop(ledger, person.publicKey, 1_000n * 1_000_000_000n);
  for (const token of [MSOL, ...FAR]) {
    fundToken(ledger, {
      owner: person.publicKey,
      mint: new PublicKey(token.mint),
      amount: 10n ** 15n,
    });
  }
});

afterAll(() => ledger.close());

function quote(query: Record<string, string>): QuoteJson | null {
  try {
    return computeQuote(context, parseQuoteParams(new URLSearchParams(query)), () => 0);
  } catch (error) {
    if (error instanceof SwapApiError) return null;
    throw error;
  }
}

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
          const q = quote({
            inputMint: input.mint,
            outputMint: output.mint,
            amount: amount.toString(),
            swapMode: mode,
          });
          if (q === null) return;
          // Three hops (a hop may be split over two pools: several legs, one input mint).
          expect(new Set(q.routePlan.map((step) => step.swapInfo.inputMint)).size).toBe(3);
          ledger.advanceSlots(1); // a new blockhash: a repeated case is a new transaction
          const [inBefore, outBefore] = [balance(input), balance(output)];
          const answer = buildSwap(
            context,
            parseSwapRequest({ quoteResponse: q, userPublicKey: person.publicKey.toBase58() }),
          );
          expect(answer.simulationError).toBeNull();
          const tx = VersionedTransaction.deserialize(
            Buffer.from(answer.swapTransaction, 'base64'),
          );
          tx.sign([person]);
          const sent = ledger.sendTransaction(tx.serialize());
          expect(sent.status).toBe('executed');
          if (sent.status !== 'executed') return;
          expect(sent.record.err).toBeNull();
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
