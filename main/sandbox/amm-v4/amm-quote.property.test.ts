/**
 * The AMM v4 quote against the program itself: random swaps (`swap_base_in_v2` and
 * `swap_base_out_v2`, both directions, every genesis pool, sizes from one base unit to a tenth of
 * the reserve) run by Raydium AMM v4's mainnet binary on the ledger's VM, each bounded by its own
 * quote (minimum_amount_out = the quoted output, max_amount_in = the quoted input), and the
 * person's balances, the vaults and the pool's fee counters compared with the quote to the base
 * unit. Where the quote says the program refuses, the program must refuse.
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
import { AMM_V4_POOL_SEEDS } from './pool-seeds';
import { seedAmmAddress } from './amm-genesis';
import { readAmmV4Pool } from './amm-pool-view';
import { ammQuoteExactIn, ammQuoteExactOut, type AmmV4Quote } from './amm-quote';
import { AMM_V4_AUTHORITY, swapBaseInV2Instruction, swapBaseOutV2Instruction } from './program';

let ledger: SandboxLedger;
const person = Keypair.generate();
const mintOf = (symbol: string) => SANDBOX_TOKENS.find((token) => token.symbol === symbol)!.mint;
const pools = AMM_V4_POOL_SEEDS.map((seed) => seedAmmAddress(seed, mintOf));
const ata = (mint: string) =>
  getAssociatedTokenAddressSync(new PublicKey(mint), person.publicKey).toBase58();

beforeAll(() => {
  ledger = SandboxLedger.open({
    stateDir: join(tempDir('swapdesk-amm-v4-quote-'), 'ledger'),
    slotMs: 0,
  });
  airdrop(ledger, person.publicKey, 1_000n * 1_000_000_000n);
  for (const symbol of new Set(AMM_V4_POOL_SEEDS.flatMap((seed) => [seed.coin, seed.pc]))) {
    const amount = symbol === 'SOL' ? 1_000_000n * 10n ** 9n : 10n ** 18n;
    fundToken(ledger, { owner: person.publicKey, mint: new PublicKey(mintOf(symbol)), amount });
  }
});

afterAll(() => ledger.close());

function swapOnVm(
  pool: string,
  coinToPc: boolean,
  exactIn: boolean,
  quote: AmmV4Quote | null,
  amount: bigint,
) {
  const view = readAmmV4Pool(ledger, pool)!;
  const { info } = view;
  const [inMint, outMint, inVault, outVault] = coinToPc
    ? [info.coinVaultMint, info.pcVaultMint, info.coinVault, info.pcVault]
    : [info.pcVaultMint, info.coinVaultMint, info.pcVault, info.coinVault];
  const accounts = {
    amm: pool,
    coinVault: info.coinVault,
    pcVault: info.pcVault,
    userSource: ata(inMint),
    userDestination: ata(outMint),
    owner: person.publicKey.toBase58(),
  };
  const instruction = exactIn
    ? swapBaseInV2Instruction(accounts, amount, quote?.amountOut ?? 0n)
    : swapBaseOutV2Instruction(accounts, quote?.amountIn ?? (1n << 64n) - 1n, amount);
  ledger.advanceSlots(1);
  const tx = new Transaction({ feePayer: person.publicKey, ...ledger.latestBlockhash() });
  tx.add(instruction);
  tx.sign(person);
  const before = {
    in: ledger.tokenBalance(accounts.userSource)!,
    out: ledger.tokenBalance(accounts.userDestination)!,
    inVault: ledger.tokenBalance(inVault)!,
    outVault: ledger.tokenBalance(outVault)!,
  };
  const result = ledger.sendTransaction(tx.serialize(), { skipPreflight: true });
  const after = readAmmV4Pool(ledger, pool)!;
  const ok = result.status === 'executed' && result.record.err === null;
  return {
    ok,
    logs: result.status === 'executed' ? result.record.logs : [],
    paid: before.in - ledger.tokenBalance(accounts.userSource)!,
    received: ledger.tokenBalance(accounts.userDestination)! - before.out,
    inVault: ledger.tokenBalance(inVault)! - before.inVault,
    outVault: before.outVault - ledger.tokenBalance(outVault)!,
    fee: coinToPc
      ? after.info.swapAccCoinFee - info.swapAccCoinFee
      : after.info.swapAccPcFee - info.swapAccPcFee,
  };
}

describe('Raydium AMM v4 at genesis', () => {
  it('has every seeded pool on the ledger, owned by the program, vaults owned by its authority', () => {
    for (const address of pools) {
      const view = readAmmV4Pool(ledger, address);
      expect(view, address).not.toBeNull();
      expect(view!.info.status).toBe(6n);
      for (const vault of [view!.info.coinVault, view!.info.pcVault]) {
        const account = ledger.getAccount(vault)!;
        expect(Buffer.from(account.data.subarray(32, 64))).toEqual(
          new PublicKey(AMM_V4_AUTHORITY).toBuffer(),
        );
      }
    }
  });
});

describe('AMM v4 quotes equal what the program pays', () => {
  it('holds for 500 random swaps on the VM, to the base unit', () => {
    let refused = 0;
    fc.assert(
      fc.property(
        fc.record({
          pool: fc.integer({ min: 0, max: pools.length - 1 }),
          coinToPc: fc.boolean(),
          exactIn: fc.boolean(),
          exponent: fc.integer({ min: 1, max: 16 }),
          mantissa: fc.integer({ min: 1, max: 9_999 }),
        }),
        (c) => {
          const view = readAmmV4Pool(ledger, pools[c.pool]!)!;
          const reserve = c.exactIn === c.coinToPc ? view.coinVault : view.pcVault;
          // From a few base units up to about a tenth of the reserve.
          const amount =
            (reserve * BigInt(c.mantissa)) / (10_000n * 10n ** BigInt(c.exponent)) +
            BigInt(c.mantissa % 7);
          const quote = c.exactIn
            ? ammQuoteExactIn(view, c.coinToPc, amount)
            : ammQuoteExactOut(view, c.coinToPc, amount);
          const run = swapOnVm(pools[c.pool]!, c.coinToPc, c.exactIn, quote, amount);
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
            fee: run.fee,
          }).toEqual({
            paid: quote.amountIn,
            received: quote.amountOut,
            inVault: quote.amountIn,
            outVault: quote.amountOut,
            fee: quote.swapFee,
          });
        },
      ),
      { numRuns: 500, seed: 33 },
    );
    // Most sizes are served; a few tiny ones are refused by both.
    expect(refused).toBeLessThan(100);
  }, 120_000);
});
