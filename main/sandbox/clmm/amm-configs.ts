/**
 * CLMM's AmmConfigs, written at genesis at the program's own addresses
 * (`["amm_config", index as u16 big-endian]`). They are written rather than created because the
 * program's `create_amm_config` requires Raydium's admin key as signer
 * (`address = crate::admin::ID`, GThUX1Atko4tqhN2NaiTazWSeFWMuiUvfFnyJyUghFMJ on mainnet), which
 * nobody here holds; the program checks only the account's owner, discriminator and layout when
 * it reads one. Rates are mainnet's CLMM tiers (trade fee in parts per million of the amount,
 * tick spacing 1 / 10 / 60 / 120, protocol 12 % and fund 4 % of the trade fee); the indexes
 * are the sandbox's own.
 */
import { clmmConfigPda } from './program';
import type { ClmmAmmConfig } from './state';

export type ClmmFeeTier = '0.01%' | '0.05%' | '0.25%' | '1%';

/** Raydium's CLMM admin, named as owner as on mainnet (it signs nothing here). */
const ADMIN = 'GThUX1Atko4tqhN2NaiTazWSeFWMuiUvfFnyJyUghFMJ';
const FUND_OWNER = 'FUNDduJTA7XcckKHKfAoEnnhuSud2JUCUZv6opWEjrBU';

function tier(index: number, tradeFeeRate: bigint, tickSpacing: number): ClmmAmmConfig {
  return {
    bump: clmmConfigPda(index).bump,
    index,
    owner: ADMIN,
    protocolFeeRate: 120_000n,
    tradeFeeRate,
    tickSpacing,
    fundFeeRate: 40_000n,
    fundOwner: FUND_OWNER,
  };
}

export const CLMM_FEE_TIERS: Readonly<Record<ClmmFeeTier, ClmmAmmConfig>> = {
  '0.01%': tier(0, 100n, 1),
  '0.05%': tier(1, 500n, 10),
  '0.25%': tier(2, 2_500n, 60),
  '1%': tier(3, 10_000n, 120),
};

/** The address of a tier's AmmConfig. */
export function clmmConfigAddress(feeTier: ClmmFeeTier): string {
  return clmmConfigPda(CLMM_FEE_TIERS[feeTier].index).address;
}
