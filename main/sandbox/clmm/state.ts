/**
 * The CLMM accounts the sandbox writes or reads, in the layouts of the program's source
 * (raydium-io/raydium-clmm at a5a46ff, programs/amm/src/states/): AmmConfig (Borsh, written at
 * genesis: `create_amm_config` accepts only Raydium's admin key), PoolState and TickArrayState
 * (zero-copy, `repr(C, packed)`: fields back to back after the 8-byte discriminator), read for
 * quotes.
 */
import bs58 from 'bs58';
import { addressOf } from '../../shared/address';
import { CLMM_DISCRIMINATORS } from './program';
import { startsWith } from '../venues/raydium-program';

/** AmmConfig::LEN. */
export const CLMM_AMM_CONFIG_SIZE = 117;
/** PoolState::LEN. */
export const CLMM_POOL_STATE_SIZE = 1544;
/** TickArrayState::LEN: 60 ticks of 168 bytes. */
export const TICK_ARRAY_SIZE_BYTES = 10240;
export const TICKS_PER_ARRAY = 60;
const TICK_STATE_SIZE = 168;

export interface ClmmAmmConfig {
  bump: number;
  index: number;
  owner: string;
  /** Parts per million of the trade fee (not of the amount). */
  protocolFeeRate: bigint;
  /** Parts per million of the amount in. */
  tradeFeeRate: bigint;
  tickSpacing: number;
  fundFeeRate: bigint;
  fundOwner: string;
}

const viewOf = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength);
const u128 = (view: DataView, offset: number): bigint =>
  view.getBigUint64(offset, true) | (view.getBigUint64(offset + 8, true) << 64n);
const i128 = (view: DataView, offset: number): bigint => BigInt.asIntN(128, u128(view, offset));
const pubkey = (data: Uint8Array, offset: number): string =>
  addressOf(data.subarray(offset, offset + 32));

export function encodeClmmAmmConfig(config: ClmmAmmConfig): Uint8Array {
  const data = new Uint8Array(CLMM_AMM_CONFIG_SIZE);
  const view = viewOf(data);
  data.set(CLMM_DISCRIMINATORS.ammConfig, 0);
  data[8] = config.bump;
  view.setUint16(9, config.index, true);
  data.set(bs58.decode(config.owner), 11);
  view.setUint32(43, Number(config.protocolFeeRate), true);
  view.setUint32(47, Number(config.tradeFeeRate), true);
  view.setUint16(51, config.tickSpacing, true);
  view.setUint32(53, Number(config.fundFeeRate), true);
  data.set(bs58.decode(config.fundOwner), 61);
  return data;
}

export function isClmmAmmConfig(data: Uint8Array): boolean {
  return data.length >= CLMM_AMM_CONFIG_SIZE && startsWith(data, CLMM_DISCRIMINATORS.ammConfig);
}

export function decodeClmmAmmConfig(data: Uint8Array): ClmmAmmConfig {
  if (!isClmmAmmConfig(data)) throw new Error('not a CLMM AmmConfig account');
  const view = viewOf(data);
  return {
    bump: data[8]!,
    index: view.getUint16(9, true),
    owner: pubkey(data, 11),
    protocolFeeRate: BigInt(view.getUint32(43, true)),
    tradeFeeRate: BigInt(view.getUint32(47, true)),
    tickSpacing: view.getUint16(51, true),
    fundFeeRate: BigInt(view.getUint32(53, true)),
    fundOwner: pubkey(data, 61),
  };
}

export interface ClmmPoolState {
  ammConfig: string;
  mint0: string;
  mint1: string;
  vault0: string;
  vault1: string;
  observation: string;
  decimals0: number;
  decimals1: number;
  tickSpacing: number;
  liquidity: bigint;
  sqrtPriceX64: bigint;
  tickCurrent: number;
  protocolFees0: bigint;
  protocolFees1: bigint;
  /** bit 4 set: swaps disabled. */
  status: number;
  /** The default tick-array bitmap, 1024 bits (bit 512 is the array starting at tick 0). */
  tickArrayBitmap: bigint;
  fundFees0: bigint;
  fundFees1: bigint;
  openTime: bigint;
}

export function isClmmPoolState(data: Uint8Array): boolean {
  return data.length === CLMM_POOL_STATE_SIZE && startsWith(data, CLMM_DISCRIMINATORS.poolState);
}

export function decodeClmmPoolState(data: Uint8Array): ClmmPoolState {
  if (!isClmmPoolState(data)) throw new Error('not a CLMM PoolState account');
  const view = viewOf(data);
  let bitmap = 0n;
  for (let word = 15; word >= 0; word -= 1) {
    bitmap = (bitmap << 64n) | view.getBigUint64(904 + 8 * word, true);
  }
  return {
    ammConfig: pubkey(data, 9),
    mint0: pubkey(data, 73),
    mint1: pubkey(data, 105),
    vault0: pubkey(data, 137),
    vault1: pubkey(data, 169),
    observation: pubkey(data, 201),
    decimals0: data[233]!,
    decimals1: data[234]!,
    tickSpacing: view.getUint16(235, true),
    liquidity: u128(view, 237),
    sqrtPriceX64: u128(view, 253),
    tickCurrent: view.getInt32(269, true),
    protocolFees0: view.getBigUint64(309, true),
    protocolFees1: view.getBigUint64(317, true),
    status: data[389]!,
    tickArrayBitmap: bitmap,
    fundFees0: view.getBigUint64(1064, true),
    fundFees1: view.getBigUint64(1072, true),
    openTime: view.getBigUint64(1080, true),
  };
}

/** An initialized tick: where liquidity changes as the price crosses it. */
export interface ClmmTick {
  tick: number;
  liquidityNet: bigint;
}

export interface ClmmTickArray {
  pool: string;
  startIndex: number;
  /** The array's initialized ticks (liquidity_gross ≠ 0), by offset 0..59. */
  ticks: (ClmmTick | null)[];
}

export function isClmmTickArray(data: Uint8Array): boolean {
  return (
    data.length === TICK_ARRAY_SIZE_BYTES && startsWith(data, CLMM_DISCRIMINATORS.tickArrayState)
  );
}

export function decodeClmmTickArray(data: Uint8Array): ClmmTickArray {
  if (!isClmmTickArray(data)) throw new Error('not a CLMM TickArrayState account');
  const view = viewOf(data);
  const ticks: (ClmmTick | null)[] = [];
  for (let i = 0; i < TICKS_PER_ARRAY; i += 1) {
    const at = 44 + i * TICK_STATE_SIZE;
    const gross = u128(view, at + 20);
    ticks.push(
      gross === 0n ? null : { tick: view.getInt32(at, true), liquidityNet: i128(view, at + 4) },
    );
  }
  return { pool: pubkey(data, 8), startIndex: view.getInt32(40, true), ticks };
}
