/**
 * The wallet's own reading of Raydium CLMM pools (issue 32). The layout is `PoolState` of
 * raydium-clmm programs/amm/src/states/pool.rs (1,544 bytes, zero-copy: the Anchor
 * discriminator, then the fields packed in order), the same the sandbox's CLMM writes
 * (main/sandbox/clmm/state.ts); the wallet keeps its own copy of the fields it reads.
 *
 * Pools are found as CP-Swap's are (cp-pool-account.ts says why not by getProgramAccounts): at
 * the program's derived addresses `["pool", amm_config, mint0, mint1]`, `amm_config =
 * ["amm_config", index as u16 big-endian]`, mints in byte order, for every fee tier.
 *
 * A CLMM pool's price is `(sqrt_price_x64 / 2^64)^2` (token 1 per token 0, base units), and what
 * a trade meets near that price is its active `liquidity` L: the virtual reserves L / √P of
 * token 0 and L·√P of token 1, a constant-product pool of that depth. Virtual reserves can
 * exceed what the pool holds (a narrow range is cheap), so the depth is capped by the vaults'
 * balances less the protocol's and the fund's fees: a pool is never deeper than its tokens.
 */
import { PublicKey } from '@solana/web3.js';
import { CLMM_PROGRAM } from '../../review/program-ids';
import type { PoolCandidate } from './pool-candidate';
import { raydiumPoolAddress } from './raydium-pool-address';

/** The AmmConfig indices looked at: the sandbox's four tiers are 0–3; mainnet's start at 0. */
export const CLMM_CONFIG_INDICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

const PROGRAM = new PublicKey(CLMM_PROGRAM);
/** Anchor's `account:PoolState` (CP-Swap's pool has the same name, hence the same bytes). */
const POOL_DISCRIMINATOR = Uint8Array.from([0xf7, 0xed, 0xe3, 0xf5, 0xd7, 0xc3, 0xde, 0x46]);
export const CLMM_POOL_SIZE = 1544;
/** `status` bit 4 (`PoolStatusBitIndex::Swap`): swaps disabled. */
const SWAP_DISABLED = 1 << 4;
const Q64 = 1n << 64n;

/** The pool of `a` and `b` under AmmConfig `index`, as the program derives it (memoized). */
export function clmmPoolAddress(index: number, a: string, b: string): string {
  return raydiumPoolAddress(PROGRAM, index, a, b);
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** A PoolState as a pool the reader can price, or null when `data` is none or does not swap. */
export function decodeClmmPool(pool: string, data: Uint8Array): PoolCandidate | null {
  if (data.length !== CLMM_POOL_SIZE) return null;
  if (!POOL_DISCRIMINATOR.every((byte, index) => data[index] === byte)) return null;
  if ((data[389]! & SWAP_DISABLED) !== 0) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  const u128 = (offset: number) => u64(offset) | (u64(offset + 8) << 64n);
  const key = (offset: number) => new PublicKey(data.subarray(offset, offset + 32)).toBase58();
  const liquidity = u128(237);
  const sqrtPrice = u128(253);
  const fees0 = u64(309) + u64(1064);
  const fees1 = u64(317) + u64(1072);
  return {
    venue: 'Raydium CLMM',
    pool,
    mint0: key(73),
    mint1: key(105),
    decimals0: data[233]!,
    decimals1: data[234]!,
    vault0: key(137),
    vault1: key(169),
    reserves: (vault0, vault1) => {
      if (liquidity === 0n || sqrtPrice === 0n) return null;
      const virtual: [bigint, bigint] = [
        (liquidity * Q64) / sqrtPrice,
        (liquidity * sqrtPrice) / Q64,
      ];
      return {
        price: virtual,
        depth: [min(virtual[0], vault0 - fees0), min(virtual[1], vault1 - fees1)],
      };
    },
  };
}
