/**
 * The AMM v4 pool account (`AmmInfo`, 752 bytes, `#[repr(C, packed)]`, no discriminator), as laid
 * out in program/src/state.rs at 3b087ad: sixteen u64 parameters, `Fees` (eight u64),
 * `StateData` (eight u64, four u128 and two u64 counters), nine pubkeys, eight u64 of padding,
 * the owner, lp_amount, client_order_id, recent_epoch and a u64 of padding. Genesis writes it
 * (pool creation needs an OpenBook market, see amm-genesis.ts); quotes read it.
 */
import bs58 from 'bs58';
import { addressOf } from '../../shared/address';

export const AMM_INFO_SIZE = 752;

/** `AmmStatus`: 6 = SwapOnly, the status of a pool with no order book (v2 swaps need it). */
export const AMM_STATUS_SWAP_ONLY = 6n;

const OFFSETS = {
  status: 0,
  nonce: 8,
  orderNum: 16,
  depth: 24,
  coinDecimals: 32,
  pcDecimals: 40,
  state: 48,
  resetFlag: 56,
  minSize: 64,
  volMaxCutRatio: 72,
  amountWave: 80,
  coinLotSize: 88,
  pcLotSize: 96,
  minPriceMultiplier: 104,
  maxPriceMultiplier: 112,
  sysDecimalValue: 120,
  // Fees
  minSeparateNumerator: 128,
  minSeparateDenominator: 136,
  tradeFeeNumerator: 144,
  tradeFeeDenominator: 152,
  pnlNumerator: 160,
  pnlDenominator: 168,
  swapFeeNumerator: 176,
  swapFeeDenominator: 184,
  // StateData
  needTakePnlCoin: 192,
  needTakePnlPc: 200,
  poolOpenTime: 224,
  swapAccPcFee: 288,
  swapAccCoinFee: 328,
  // keys
  coinVault: 336,
  pcVault: 368,
  coinVaultMint: 400,
  pcVaultMint: 432,
  lpMint: 464,
  openOrders: 496,
  market: 528,
  marketProgram: 560,
  targetOrders: 592,
  ammOwner: 688,
  lpAmount: 720,
} as const;

type U64Field = Exclude<
  keyof typeof OFFSETS,
  | 'coinVault'
  | 'pcVault'
  | 'coinVaultMint'
  | 'pcVaultMint'
  | 'lpMint'
  | 'openOrders'
  | 'market'
  | 'marketProgram'
  | 'targetOrders'
  | 'ammOwner'
>;
type KeyField = Exclude<keyof typeof OFFSETS, U64Field>;

/** The fields of AmmInfo the sandbox writes or reads; unnamed fields are zero. */
export type AmmInfo = Record<U64Field, bigint> & Record<KeyField, string>;

export function encodeAmmInfo(info: AmmInfo): Uint8Array {
  const data = new Uint8Array(AMM_INFO_SIZE);
  const view = new DataView(data.buffer);
  for (const [field, offset] of Object.entries(OFFSETS) as [keyof AmmInfo, number][]) {
    const value = info[field];
    if (typeof value === 'bigint') view.setBigUint64(offset, value, true);
    else data.set(bs58.decode(value), offset);
  }
  return data;
}

/** True when `data` has the size of an AmmInfo (the program's own check, with the owner's). */
export function isAmmInfo(data: Uint8Array): boolean {
  return data.length === AMM_INFO_SIZE;
}

export function decodeAmmInfo(data: Uint8Array): AmmInfo {
  if (!isAmmInfo(data)) throw new Error('not a Raydium AMM v4 pool account');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const info: Record<string, bigint | string> = {};
  for (const [field, offset] of Object.entries(OFFSETS)) {
    const isKey = offset >= OFFSETS.coinVault && offset <= OFFSETS.ammOwner;
    info[field] = isKey
      ? addressOf(data.subarray(offset, offset + 32))
      : view.getBigUint64(offset, true);
  }
  return info as AmmInfo;
}
