/**
 * The quote module against the program itself: random swaps (both instructions, both
 * directions, every genesis pool, sizes from one base unit to a tenth of the reserve) run by
 * Raydium CP-Swap's mainnet binary on the ledger's VM, each bounded by its own quote
 * (minimum_amount_out = the quoted output, max_amount_in = the quoted input), and the person's
 * balances, the vaults and the pool's fee counters compared with the quote to the base unit.
 * Where the quote says the program refuses, the program must refuse.
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
import { CP_POOL_SEEDS, seedPoolAddress } from './pool-seeds';
import { feeTierConfigAddress } from './fee-tiers';
import { readCpPool } from './cp-pool-view';
import { quoteExactIn, quoteExactOut, type CpSwapQuote } from './cp-quote';
import { swapBaseInputInstruction, swapBaseOutputInstruction, type SwapAccounts } from './program';

let ledger: SandboxLedger;
const person = Keypair.generate();
const mintOf = (symbol: string) => SANDBOX_TOKENS.find((token) => token.symbol === symbol)!.mint;
const pools = CP_POOL_SEEDS.map((seed) =>
  seedPoolAddress(seed, mintOf, (s) => feeTierConfigAddress(s.feeTier)),
);

function ata(mint: string, program: string): string {
  return getAssociatedTokenAddressSync(
    new PublicKey(mint),
    person.publicKey,
    false,
    new PublicKey(program),
  ).toBase58();
}

beforeAll(() => {
  ledger = SandboxLedger.open({
    stateDir: join(tempDir('swapdesk-cp-quote-'), 'ledger'),
    slotMs: 0,
  });
  airdrop(ledger, person.publicKey, 1_000n * 1_000_000_000n);
  for (const token of SANDBOX_TOKENS) {
    if (token.traits?.permanentDelegate) continue;
    // Enough of every token for a tenth of the deepest reserve, a thousand times over.
    const amount = token.symbol === 'SOL' ? 1_000_000n * 10n ** 9n : 10n ** 18n;
    fundToken(ledger, { owner: person.publicKey, mint: new PublicKey(token.mint), amount });
  }
});

afterAll(() => ledger.close());

interface Case {
  pool: number;
  zeroForOne: boolean;
  exactIn: boolean;
  /** Size as a fraction of the input (or output) reserve, log-uniform. */
  exponent: number;
  mantissa: number;
}

function swapOnVm(
  poolIndex: number,
  zeroForOne: boolean,
  exactIn: boolean,
  quote: CpSwapQuote | null,
  amount: bigint,
) {
  const view = readCpPool(ledger, pools[poolIndex]!, 0n)!;
  const { state } = view;
  const [inMint, outMint, inProgram, outProgram, inVault, outVault] = zeroForOne
    ? [
        state.token0Mint,
        state.token1Mint,
        state.token0Program,
        state.token1Program,
        state.token0Vault,
        state.token1Vault,
      ]
    : [
        state.token1Mint,
        state.token0Mint,
        state.token1Program,
        state.token0Program,
        state.token1Vault,
        state.token0Vault,
      ];
  const accounts: SwapAccounts = {
    payer: person.publicKey.toBase58(),
    config: state.ammConfig,
    pool: view.address,
    inputAccount: ata(inMint, inProgram),
    outputAccount: ata(outMint, outProgram),
    inputVault: inVault,
    outputVault: outVault,
    inputProgram: inProgram,
    outputProgram: outProgram,
    inputMint: inMint,
    outputMint: outMint,
    observation: state.observationKey,
  };
  const instruction = exactIn
    ? swapBaseInputInstruction(accounts, amount, quote?.amountOut ?? 0n)
    : swapBaseOutputInstruction(accounts, quote?.amountIn ?? (1n << 64n) - 1n, amount);
  ledger.advanceSlots(1);
  const tx = new Transaction({ feePayer: person.publicKey, ...ledger.latestBlockhash() });
  tx.add(instruction);
  tx.sign(person);
  const before = {
    in: ledger.tokenBalance(accounts.inputAccount)!,
    out: ledger.tokenBalance(accounts.outputAccount)!,
    inVault: ledger.tokenBalance(inVault)!,
    outVault: ledger.tokenBalance(outVault)!,
  };
  const result = ledger.sendTransaction(tx.serialize(), { skipPreflight: true });
  const after = readCpPool(ledger, view.address, 0n)!;
  const ok = result.status === 'executed' && result.record.err === null;
  return {
    ok,
    logs: result.status === 'executed' ? result.record.logs : [],
    paid: before.in - ledger.tokenBalance(accounts.inputAccount)!,
    received: ledger.tokenBalance(accounts.outputAccount)! - before.out,
    inVault: ledger.tokenBalance(inVault)! - before.inVault,
    outVault: before.outVault - ledger.tokenBalance(outVault)!,
    protocolFee: zeroForOne
      ? after.state.protocolFeesToken0 - state.protocolFeesToken0
      : after.state.protocolFeesToken1 - state.protocolFeesToken1,
    fundFee: zeroForOne
      ? after.state.fundFeesToken0 - state.fundFeesToken0
      : after.state.fundFeesToken1 - state.fundFeesToken1,
  };
}

describe('CP-Swap quotes equal what the program pays', () => {
  it('holds for 1,000 random swaps on the VM, to the base unit', () => {
    let refused = 0;
    fc.assert(
      fc.property(
        fc.record({
          pool: fc.integer({ min: 0, max: pools.length - 1 }),
          zeroForOne: fc.boolean(),
          exactIn: fc.boolean(),
          exponent: fc.integer({ min: 1, max: 16 }),
          mantissa: fc.integer({ min: 1, max: 9_999 }),
        }),
        (c: Case) => {
          const view = readCpPool(ledger, pools[c.pool]!, 0n)!;
          const reserve = c.exactIn === c.zeroForOne ? view.vault0 : view.vault1;
          // From a few base units up to about a tenth of the reserve.
          const amount =
            (reserve * BigInt(c.mantissa)) / (10_000n * 10n ** BigInt(c.exponent)) +
            BigInt(c.mantissa % 7);
          const quote = c.exactIn
            ? quoteExactIn(view, c.zeroForOne, amount)
            : quoteExactOut(view, c.zeroForOne, amount);
          const run = swapOnVm(c.pool, c.zeroForOne, c.exactIn, quote, amount);
          if (quote === null) {
            refused += 1;
            expect(run.ok, `the program paid where the quote refused: ${JSON.stringify(c)}`).toBe(
              false,
            );
            return;
          }
          expect(run.ok, `${JSON.stringify(c)} amount ${amount}\n${run.logs.join('\n')}`).toBe(
            true,
          );
          expect({
            paid: run.paid,
            received: run.received,
            inVault: run.inVault,
            outVault: run.outVault,
            protocolFee: run.protocolFee,
            fundFee: run.fundFee,
          }).toEqual({
            paid: quote.amountIn,
            received: quote.amountOut,
            inVault: quote.vaultInDelta,
            outVault: quote.vaultOutDelta,
            protocolFee: quote.protocolFee,
            fundFee: quote.fundFee,
          });
        },
      ),
      { numRuns: 1_000, seed: 16 },
    );
    // Most sizes are served; a few tiny ones are refused by both.
    expect(refused).toBeLessThan(200);
  }, 120_000);
});
