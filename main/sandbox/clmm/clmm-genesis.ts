/**
 * Raydium CLMM at genesis: its AmmConfigs written from the source's layout (amm-configs.ts says
 * why), then every pool of the catalog opened by the program itself: `create_pool` at the
 * seed's price, and one `open_position_with_token22_nft` per tick range; their accounts then join
 * the sandbox's lookup table (clmm-lookup.ts). The creator is a key
 * made for genesis and then forgotten, so the positions stay where they are and the pools move
 * only by swaps.
 */
import { ComputeBudgetProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { genesisKey, signNatively, type GenesisKey } from './native-signer';
import { parseUnits } from '../../shared/amount';
import type { CpSwapGenesisHost } from '../cp-swap/cp-genesis';
import { fundGenesisCreator, type GenesisPool } from '../pools/genesis-accounts';
import { mintsInOrder } from '../cp-swap/program';
import type { SandboxToken } from '../tokens';
import { CLMM_FEE_TIERS, clmmConfigAddress } from './amm-configs';
import { deltaAmount, liquidityFromAmounts, sqrtPriceAtTick, tickAtSqrtPrice } from './clmm-math';
import {
  CLMM_PROGRAM_ID,
  clmmConfigPda,
  clmmPoolAddresses,
  createPoolInstruction,
  openPositionInstruction,
} from './program';
import type { ClmmPoolSeed } from './pool-seeds';
import { encodeClmmAmmConfig } from './state';
import { arrayStartIndex } from './tick-arrays';
import { extendLookupTable } from './clmm-lookup';

/** Opening a position creates a Token-2022 mint, its account, a position and up to two tick arrays. */
const COMPUTE_UNITS = 1_400_000;

function isqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = 1n << BigInt(Math.ceil(value.toString(2).length / 2) + 1);
  for (let y = (x + value / x) >> 1n; y < x; y = (x + value / x) >> 1n) x = y;
  return x;
}

/** A decimal text as num/den. */
function ratio(text: string): { num: bigint; den: bigint } {
  const [whole = '0', fraction = ''] = text.split('.');
  return { num: BigInt(whole + fraction), den: 10n ** BigInt(fraction.length) };
}

/** One position of a planned pool: its ticks, liquidity and what the program takes for it. */
export interface PlannedRange {
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  amount0: bigint;
  amount1: bigint;
}

/** A pool of a seed, planned: its tokens in the program's order, config, price and ranges. */
export interface PlannedPool {
  seed: ClmmPoolSeed;
  t0: SandboxToken;
  t1: SandboxToken;
  config: string;
  sqrtPriceX64: bigint;
  ranges: PlannedRange[];
}

/**
 * Plans `seed`'s pool: the tokens in the program's order, the price as sqrt_price_x64, and each
 * range's ticks and liquidity with what the program will take for it (tests open pools at run
 * time the same way).
 */
export function planClmmPool(
  seed: ClmmPoolSeed,
  bySymbol: ReadonlyMap<string, SandboxToken>,
): PlannedPool {
  const a = bySymbol.get(seed.a);
  const b = bySymbol.get(seed.b);
  if (a === undefined || b === undefined) {
    throw new Error(`CLMM pool seed ${seed.a}/${seed.b} names a token the sandbox lacks`);
  }
  const aFirst = mintsInOrder(a.mint, b.mint);
  const [t0, t1] = aFirst ? [a, b] : [b, a];
  // Price of token 1 in token 0, base units: (B per A) scaled by decimals, inverted if B is 0.
  const { num, den } = ratio(seed.price);
  const bPerA = { num: num * 10n ** BigInt(b.decimals), den: den * 10n ** BigInt(a.decimals) };
  const price = aFirst ? bPerA : { num: bPerA.den, den: bPerA.num };
  const sqrtPriceX64 = isqrt((price.num << 128n) / price.den);
  const tick = tickAtSqrtPrice(sqrtPriceX64);
  const spacing = CLMM_FEE_TIERS[seed.feeTier].tickSpacing;
  const ranges = seed.ranges.map((range) => {
    const tickLower = Math.floor((tick - range.halfWidth) / spacing) * spacing;
    const tickUpper = Math.ceil((tick + range.halfWidth + 1) / spacing) * spacing;
    const lo = sqrtPriceAtTick(tickLower);
    const hi = sqrtPriceAtTick(tickUpper);
    const amountA = parseUnits(range.amountA, a.decimals);
    const amountB = (amountA * bPerA.num) / bPerA.den;
    const [want0, want1] = aFirst ? [amountA, amountB] : [amountB, amountA];
    const liquidity = liquidityFromAmounts(sqrtPriceX64, lo, hi, want0, want1);
    // What the program will take for that liquidity (liquidity_math::get_delta_amounts_signed).
    const amount0 = deltaAmount(true, sqrtPriceX64, hi, liquidity, true)!;
    const amount1 = deltaAmount(false, lo, sqrtPriceX64, liquidity, true)!;
    return { tickLower, tickUpper, liquidity, amount0, amount1 };
  });
  return { seed, t0, t1, config: clmmConfigAddress(seed.feeTier), sqrtPriceX64, ranges };
}

/** The instructions that open a planned pool: `create_pool`, then one per position. */
export interface PoolOpening {
  pool: string;
  create: TransactionInstruction;
  /** `open_position_with_token22_nft` for `range`, its NFT a fresh mint `nftMint` signs for. */
  position(range: PlannedRange, nftMint: string): TransactionInstruction;
}

/**
 * How `payer` opens `planned`'s pool from its token accounts of the two mints (the sandbox's
 * genesis, and tests that open a pool at run time as anyone could).
 */
export function poolOpening(
  planned: PlannedPool,
  payer: string,
  payerToken0: string,
  payerToken1: string,
): PoolOpening {
  const { seed, t0, t1, config, sqrtPriceX64 } = planned;
  const addresses = clmmPoolAddresses(config, t0.mint, t1.mint);
  const spacing = CLMM_FEE_TIERS[seed.feeTier].tickSpacing;
  return {
    pool: addresses.pool,
    create: createPoolInstruction({
      creator: payer,
      config,
      mint0: t0.mint,
      mint1: t1.mint,
      program0: t0.tokenProgram,
      program1: t1.tokenProgram,
      sqrtPriceX64,
    }),
    position: (range, nftMint) =>
      openPositionInstruction({
        payer,
        nftMint,
        pool: addresses.pool,
        vault0: addresses.vault0,
        vault1: addresses.vault1,
        mint0: t0.mint,
        mint1: t1.mint,
        payerToken0,
        payerToken1,
        tickLower: range.tickLower,
        tickUpper: range.tickUpper,
        tickArrayLower: arrayStartIndex(range.tickLower, spacing),
        tickArrayUpper: arrayStartIndex(range.tickUpper, spacing),
        liquidity: range.liquidity,
        amount0Max: range.amount0,
        amount1Max: range.amount1,
      }),
  };
}

function writeConfigs(host: CpSwapGenesisHost): void {
  for (const config of Object.values(CLMM_FEE_TIERS)) {
    const data = encodeClmmAmmConfig(config);
    host.setAccount(clmmConfigPda(config.index).address, {
      lamports: host.minimumBalanceForRentExemption(data.length),
      owner: CLMM_PROGRAM_ID,
      data,
      executable: false,
    });
  }
}

function run(
  host: CpSwapGenesisHost,
  signers: GenesisKey[],
  ...instructions: Parameters<Transaction['add']>
): void {
  const tx = new Transaction({ feePayer: signers[0]!.publicKey, ...host.latestBlockhash() });
  tx.add(ComputeBudgetProgram.setComputeUnitLimit({ units: COMPUTE_UNITS }), ...instructions);
  host.runGenesisTransaction(signNatively(tx, signers));
}

/** Writes the configs and opens every pool of `seeds` with its positions; answers them in order. */
export function writeClmmGenesis(
  host: CpSwapGenesisHost,
  tokens: readonly SandboxToken[],
  seeds: readonly ClmmPoolSeed[],
): GenesisPool<ClmmPoolSeed>[] {
  writeConfigs(host);
  const bySymbol = new Map(tokens.map((token) => [token.symbol, token]));
  const planned = seeds.map((seed) => planClmmPool(seed, bySymbol));
  const { creator, accounts } = fundGenesisCreator(
    host,
    planned.flatMap(({ t0, t1, ranges }) =>
      ranges.flatMap((range) => [[t0, range.amount0] as const, [t1, range.amount1] as const]),
    ),
  );
  const payer = creator.publicKey.toBase58();
  const opened = planned.map((pool) => {
    const opening = poolOpening(
      pool,
      payer,
      accounts.get(pool.t0.mint)!,
      accounts.get(pool.t1.mint)!,
    );
    run(host, [creator], opening.create);
    for (const range of pool.ranges) {
      const nft = genesisKey();
      run(host, [creator, nft], opening.position(range, nft.publicKey.toBase58()));
    }
    return { seed: pool.seed, pool: opening.pool };
  });
  extendLookupTable(
    host,
    opened.map((entry) => entry.pool),
  );
  return opened;
}
