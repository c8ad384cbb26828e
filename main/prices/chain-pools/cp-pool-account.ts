/**
 * The wallet's own reading of Raydium CP-Swap pools (issue 32), for prices the swap service does
 * not control: where pools live and what a PoolState account says. The layout is
 * programs/cp-swap/src/states/pool.rs (Anchor discriminator, then the fields packed in order),
 * the same the sandbox writes; the wallet keeps its own copy, since it never imports the
 * sandbox.
 *
 * Pools are found at the program's derived addresses, `["pool", amm_config, mint0, mint1]` with
 * `amm_config = ["amm_config", index as u16 big-endian]` and the mints in byte order: one
 * getMultipleAccounts for every fee tier, which every RPC answers. getProgramAccounts with memcmp
 * filters on the mint fields would also find pools made at a random address (the program allows
 * one signed by its creator), but public mainnet RPCs often refuse it or answer it slowly; a
 * pool at a random address is therefore not seen. (AMM v4's pools, whose addresses no mint
 * derives, are found by getProgramAccounts: amm-v4-pool-account.ts.)
 */
import { PublicKey } from '@solana/web3.js';
import { CP_SWAP_PROGRAM } from '../../review/program-ids';
import type { PoolCandidate } from './pool-candidate';
import { raydiumPoolAddress } from './raydium-pool-address';

/** The AmmConfig indices looked at: the sandbox's four tiers are 0–3; mainnet's start at 0. */
export const CONFIG_INDICES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

const PROGRAM = new PublicKey(CP_SWAP_PROGRAM);
const POOL_DISCRIMINATOR = Uint8Array.from([0xf7, 0xed, 0xe3, 0xf5, 0xd7, 0xc3, 0xde, 0x46]);
/** Up to `open_time` (u64 at 373); later versions append fields after it. */
const POOL_MIN_SIZE = 381;
/** `status` bit 2: swaps disabled. */
const SWAP_DISABLED = 1 << 2;

/** The pool of `a` and `b` under AmmConfig `index`, as the program derives it (memoized). */
export function cpPoolAddress(index: number, a: string, b: string): string {
  return raydiumPoolAddress(PROGRAM, index, a, b);
}

/** What the wallet reads of a PoolState. */
export interface CpPoolAccount {
  token0Vault: string;
  token1Vault: string;
  token0Mint: string;
  token1Mint: string;
  mint0Decimals: number;
  mint1Decimals: number;
  /** Fees in the vaults that are the protocol's and the fund's, not the pool's liquidity. */
  fees0: bigint;
  fees1: bigint;
  swapsDisabled: boolean;
}

/** A PoolState's fields, or null when `data` is not one. */
export function decodeCpPool(data: Uint8Array): CpPoolAccount | null {
  if (data.length < POOL_MIN_SIZE) return null;
  if (!POOL_DISCRIMINATOR.every((byte, index) => data[index] === byte)) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const keyAt = (index: number) =>
    new PublicKey(data.subarray(8 + 32 * index, 40 + 32 * index)).toBase58();
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  return {
    token0Vault: keyAt(2),
    token1Vault: keyAt(3),
    token0Mint: keyAt(5),
    token1Mint: keyAt(6),
    mint0Decimals: data[331]!,
    mint1Decimals: data[332]!,
    fees0: u64(341) + u64(357),
    fees1: u64(349) + u64(365),
    swapsDisabled: (data[329]! & SWAP_DISABLED) !== 0,
  };
}

/** A token account's amount (SPL Token and Token-2022 share the base layout), or null. */
export function tokenAccountAmount(data: Uint8Array): bigint | null {
  if (data.length < 165) return null;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(64, true);
}

/** A PoolState as a pool the reader can price: reserves are the vaults less the fees in them. */
export function cpCandidate(pool: string, state: CpPoolAccount): PoolCandidate {
  return {
    venue: 'Raydium CP-Swap',
    pool,
    mint0: state.token0Mint,
    mint1: state.token1Mint,
    decimals0: state.mint0Decimals,
    decimals1: state.mint1Decimals,
    vault0: state.token0Vault,
    vault1: state.token1Vault,
    reserves: (vault0, vault1) => {
      const pair: [bigint, bigint] = [vault0 - state.fees0, vault1 - state.fees1];
      return { price: pair, depth: pair };
    },
  };
}
