/**
 * The accounts of a CP-Swap swap read from the pool's on-chain state, the one way the sandbox's
 * /swap-instructions (swap-api/swap-instructions.ts), its Jupiter routes
 * (jupiter/route-instruction.ts) and the quote's test against the program name them.
 */
import type { SwapAccounts } from './program';
import type { PoolState } from './state';

/** Who takes part in a swap beside the pool: the signer and the person's two token accounts. */
export interface SwapParty {
  payer: string;
  inputAccount: string;
  outputAccount: string;
}

/**
 * `pool`'s swap from `inputMint` to its other mint, its vaults, token programs, config and
 * observation as `state` names them.
 */
export function cpSwapAccounts(
  pool: string,
  state: PoolState,
  inputMint: string,
  party: SwapParty,
): SwapAccounts {
  const zeroForOne = inputMint === state.token0Mint;
  return {
    ...party,
    config: state.ammConfig,
    pool,
    inputVault: zeroForOne ? state.token0Vault : state.token1Vault,
    outputVault: zeroForOne ? state.token1Vault : state.token0Vault,
    inputProgram: zeroForOne ? state.token0Program : state.token1Program,
    outputProgram: zeroForOne ? state.token1Program : state.token0Program,
    inputMint: zeroForOne ? state.token0Mint : state.token1Mint,
    outputMint: zeroForOne ? state.token1Mint : state.token0Mint,
    observation: state.observationKey,
  };
}
