/**
 * The wallet's own reading of Raydium AMM v4 pools (issue 32). The layout is `AmmInfo` of
 * raydium-amm program/src/state.rs (752 bytes, `repr(C, packed)`, no discriminator), the same
 * the sandbox writes (main/sandbox/amm-v4/state.ts); the wallet keeps its own copy of the few
 * fields it reads, since it never imports the sandbox.
 *
 * An AMM v4 pool lives at an address derived from its OpenBook market, not from its mints, so
 * the wallet finds it by getProgramAccounts: the account size and the two mint fields
 * (`coin_vault_mint` at 400, `pc_vault_mint` at 432), both orders. Its reserves are its vault
 * balances less `need_take_pnl` (fees owed to Raydium, still in the vaults), as the program's
 * own `calc_total_without_take_pnl_no_orderbook` reckons a pool with no order book (every pool
 * since OpenBook's orders were turned off, and the sandbox's).
 */
import { PublicKey } from '@solana/web3.js';
import type { PoolCandidate } from './pool-candidate';

export const AMM_V4_INFO_SIZE = 752;
const COIN_MINT_AT = 400;
const PC_MINT_AT = 432;
/**
 * `AmmStatus` values whose pool swaps (`AmmStatus::swap_permission`): Initialized (1),
 * SwapOnly (6), WaitingTrade (7, once open). Disabled, WithdrawOnly and the rest do not.
 */
const SWAPPING = new Set([1n, 6n, 7n]);

/** A getProgramAccounts filter, as JSON-RPC takes it. */
export type AccountFilter = { dataSize: number } | { memcmp: { offset: number; bytes: string } };

/** The filters finding AMM v4 pools of `coin` / `pc` (call with both orders). */
export function ammV4PoolFilters(coin: string, pc: string): AccountFilter[] {
  return [
    { dataSize: AMM_V4_INFO_SIZE },
    { memcmp: { offset: COIN_MINT_AT, bytes: coin } },
    { memcmp: { offset: PC_MINT_AT, bytes: pc } },
  ];
}

/** An AmmInfo as a pool the reader can price, or null when `data` is none or does not swap. */
export function decodeAmmV4Pool(pool: string, data: Uint8Array): PoolCandidate | null {
  if (data.length !== AMM_V4_INFO_SIZE) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  const key = (offset: number) => new PublicKey(data.subarray(offset, offset + 32)).toBase58();
  if (!SWAPPING.has(u64(0))) return null;
  const [pnlCoin, pnlPc] = [u64(192), u64(200)];
  return {
    venue: 'Raydium AMM v4',
    pool,
    mint0: key(COIN_MINT_AT),
    mint1: key(PC_MINT_AT),
    decimals0: Number(u64(32)),
    decimals1: Number(u64(40)),
    vault0: key(336),
    vault1: key(368),
    reserves: (coin, pc) => {
      const pair: [bigint, bigint] = [coin - pnlCoin, pc - pnlPc];
      return { price: pair, depth: pair };
    },
  };
}
