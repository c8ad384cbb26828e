/**
 * A CP-Swap pool made in memory, priced by the same arithmetic as a pool on the ledger (no
 * protocol or fund fees accrued yet, no Token-2022 fees): for the router's benchmark and tests,
 * which need many pools without a VM.
 */
import type { Pool, Reserves } from '../venues/types';
import { CP_SWAP_LABEL } from '../venues/types';
import type { PoolState } from './state';

export interface SyntheticPoolSpec {
  address: string;
  mint0: string;
  mint1: string;
  reserve0: bigint;
  reserve1: bigint;
  /** Parts per million (2,500 = 0.25 %). */
  tradeFeeRate: bigint;
}

export function syntheticCpPool(spec: SyntheticPoolSpec): { pool: Pool; reserves: Reserves } {
  const { address, mint0, mint1 } = spec;
  const state: PoolState = {
    ammConfig: `${address}:config`,
    poolCreator: address,
    token0Vault: `${address}:vault0`,
    token1Vault: `${address}:vault1`,
    lpMint: `${address}:lp`,
    token0Mint: mint0,
    token1Mint: mint1,
    token0Program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    token1Program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    observationKey: `${address}:observation`,
    authBump: 0,
    status: 0,
    lpMintDecimals: 9,
    mint0Decimals: 9,
    mint1Decimals: 9,
    lpSupply: 0n,
    protocolFeesToken0: 0n,
    protocolFeesToken1: 0n,
    fundFeesToken0: 0n,
    fundFeesToken1: 0n,
    openTime: 0n,
  };
  return {
    pool: {
      ammKey: address,
      label: CP_SWAP_LABEL,
      mintA: mint0,
      mintB: mint1,
      vaultA: state.token0Vault,
      vaultB: state.token1Vault,
      feeBps: Number(spec.tradeFeeRate / 100n),
      curve: { kind: 'cp-swap' },
    },
    reserves: {
      a: spec.reserve0,
      b: spec.reserve1,
      cp: {
        address,
        state,
        config: {
          bump: 0,
          disableCreatePool: false,
          index: 0,
          tradeFeeRate: spec.tradeFeeRate,
          protocolFeeRate: 120_000n,
          fundFeeRate: 40_000n,
          createPoolFee: 0n,
          protocolOwner: address,
          fundOwner: address,
        },
        vault0: spec.reserve0,
        vault1: spec.reserve1,
        transferFee0: null,
        transferFee1: null,
        epoch: 0n,
      },
    },
  };
}
