/**
 * The AmmConfigs the sandbox writes at genesis: one per fee tier, at the program's own
 * addresses (`["amm_config", index as u16 big-endian]`). Index 0 is mainnet's AmmConfig 0 byte
 * for byte (0.25 %, resources/programs/raydium-cp-swap/); the others are the sandbox's own, with
 * mainnet's protocol (12 %) and fund (4 %) shares of the trade fee and its 0.15 SOL create-pool
 * fee, so that every tier prices exactly as a mainnet pool of that fee would.
 */
import { ammConfigAddress } from './program';
import type { AmmConfig } from './state';

export type FeeTier = '0.01%' | '0.05%' | '0.25%' | '1%';

export const MAINNET_CONFIG_INDEX = 0;
const PROTOCOL_OWNER = 'ProCXqRcXJjoUd1RNoo28bSizAA6EEqt9wURZYPDc5u';
const FUND_OWNER = 'FUNDduJTA7XcckKHKfAoEnnhuSud2JUCUZv6opWEjrBU';

function tier(index: number, tradeFeeRate: bigint): AmmConfig {
  return {
    bump: 0,
    disableCreatePool: false,
    index,
    tradeFeeRate,
    protocolFeeRate: 120_000n,
    fundFeeRate: 40_000n,
    createPoolFee: 150_000_000n,
    protocolOwner: PROTOCOL_OWNER,
    fundOwner: FUND_OWNER,
  };
}

/** Trade fee rates in parts per million. */
export const FEE_TIERS: Readonly<Record<FeeTier, AmmConfig>> = {
  '0.25%': tier(MAINNET_CONFIG_INDEX, 2_500n),
  '1%': tier(1, 10_000n),
  '0.05%': tier(2, 500n),
  '0.01%': tier(3, 100n),
};

export function feeTierConfigAddress(feeTier: FeeTier): string {
  return ammConfigAddress(FEE_TIERS[feeTier].index);
}
