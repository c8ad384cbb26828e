/**
 * The CP-Swap accounts the sandbox writes or reads: AmmConfig (written at genesis for each fee
 * tier; the program checks only its owner, discriminator and layout) and PoolState (read for
 * quotes: vaults, mints, programs and the protocol and fund fees that sit in the vaults but are
 * not the pool's). Layouts of programs/cp-swap/src/states/{config,pool}.rs at the binary's
 * commit (Anchor discriminator, then the fields packed in order).
 */
import bs58 from 'bs58';
import { addressOf } from '../../shared/address';
import { DISCRIMINATORS } from './program';
import { startsWith } from '../venues/raydium-program';

/** Fee rates are parts per million (FEE_RATE_DENOMINATOR_VALUE). */
export const FEE_RATE_DENOMINATOR = 1_000_000n;
export const AMM_CONFIG_SIZE = 236;

export interface AmmConfig {
  bump: number;
  disableCreatePool: boolean;
  index: number;
  tradeFeeRate: bigint;
  protocolFeeRate: bigint;
  fundFeeRate: bigint;
  createPoolFee: bigint;
  protocolOwner: string;
  fundOwner: string;
}

export function encodeAmmConfig(config: AmmConfig): Uint8Array {
  const data = new Uint8Array(AMM_CONFIG_SIZE);
  const view = new DataView(data.buffer);
  data.set(DISCRIMINATORS.ammConfig, 0);
  data[8] = config.bump;
  data[9] = config.disableCreatePool ? 1 : 0;
  view.setUint16(10, config.index, true);
  view.setBigUint64(12, config.tradeFeeRate, true);
  view.setBigUint64(20, config.protocolFeeRate, true);
  view.setBigUint64(28, config.fundFeeRate, true);
  view.setBigUint64(36, config.createPoolFee, true);
  data.set(bs58.decode(config.protocolOwner), 44);
  data.set(bs58.decode(config.fundOwner), 76);
  return data;
}

export function decodeAmmConfig(data: Uint8Array): AmmConfig {
  if (data.length < AMM_CONFIG_SIZE || !startsWith(data, DISCRIMINATORS.ammConfig)) {
    throw new Error('not a CP-Swap AmmConfig account');
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return {
    bump: data[8]!,
    disableCreatePool: data[9] !== 0,
    index: view.getUint16(10, true),
    tradeFeeRate: view.getBigUint64(12, true),
    protocolFeeRate: view.getBigUint64(20, true),
    fundFeeRate: view.getBigUint64(28, true),
    createPoolFee: view.getBigUint64(36, true),
    protocolOwner: addressOf(data.subarray(44, 76)),
    fundOwner: addressOf(data.subarray(76, 108)),
  };
}

export interface PoolState {
  ammConfig: string;
  poolCreator: string;
  token0Vault: string;
  token1Vault: string;
  lpMint: string;
  token0Mint: string;
  token1Mint: string;
  token0Program: string;
  token1Program: string;
  observationKey: string;
  authBump: number;
  /** Bit 2 set: swaps disabled. */
  status: number;
  lpMintDecimals: number;
  mint0Decimals: number;
  mint1Decimals: number;
  lpSupply: bigint;
  protocolFeesToken0: bigint;
  protocolFeesToken1: bigint;
  fundFeesToken0: bigint;
  fundFeesToken1: bigint;
  openTime: bigint;
}

export function isPoolState(data: Uint8Array): boolean {
  return data.length >= 389 && startsWith(data, DISCRIMINATORS.poolState);
}

export function decodePoolState(data: Uint8Array): PoolState {
  if (!isPoolState(data)) throw new Error('not a CP-Swap PoolState account');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const keyAt = (index: number) => addressOf(data.subarray(8 + 32 * index, 40 + 32 * index));
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  return {
    ammConfig: keyAt(0),
    poolCreator: keyAt(1),
    token0Vault: keyAt(2),
    token1Vault: keyAt(3),
    lpMint: keyAt(4),
    token0Mint: keyAt(5),
    token1Mint: keyAt(6),
    token0Program: keyAt(7),
    token1Program: keyAt(8),
    observationKey: keyAt(9),
    authBump: data[328]!,
    status: data[329]!,
    lpMintDecimals: data[330]!,
    mint0Decimals: data[331]!,
    mint1Decimals: data[332]!,
    lpSupply: u64(333),
    protocolFeesToken0: u64(341),
    protocolFeesToken1: u64(349),
    fundFeesToken0: u64(357),
    fundFeesToken1: u64(365),
    openTime: u64(373),
  };
}
