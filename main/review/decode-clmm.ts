/**
 * Raydium CLMM's swap instruction, read as far as the guard needs it: `swap_v2(amount,
 * other_amount_threshold, sqrt_price_limit_x64, is_base_input)` with the accounts it pays from
 * and into. ExactIn (is_base_input) takes at most `amount` and fails unless it pays at least
 * `other_amount_threshold`; ExactOut pays `amount` and fails if it takes more than
 * `other_amount_threshold`. A nonzero price limit lets the program stop early and pay less than
 * `amount` on ExactOut, so such a leg guarantees no output (the bound rule then refuses it).
 * Every other instruction of the program (`swap`, `swap_router_base_in`, pool creation,
 * positions, admin) is one the wallet does not read, so the guard refuses it. The discriminator
 * is sha256("global:swap_v2")[0..8] and the accounts are those of the program's source
 * (raydium-io/raydium-clmm, programs/amm/src/instructions/swap_v2.rs, Apache-2.0): payer,
 * amm_config, pool_state, input account (3), output account (4), input vault, output vault,
 * observation, token program, Token-2022, memo, input mint (11), output mint (12), then the
 * bitmap extension and tick arrays.
 */
import type { Address } from '../shared/address';
import type { DecodedInstruction } from './types';

const SWAP_V2 = '2b04ed0b1ac91e62';
/** discriminator, amount, threshold, sqrt_price_limit_x64 (u128), is_base_input. */
const SWAP_V2_SIZE = 8 + 8 + 8 + 16 + 1;

/** Account positions of swap_v2. */
export const CLMM_SWAP_ACCOUNTS = { input: 3, output: 4, inputMint: 11, outputMint: 12 } as const;

/**
 * Decodes one instruction of the program.
 * @example decodeClmm(swapV2Data, accounts) // { kind: 'clmmSwap', name: 'swap_v2', minOut: 1_000n, ... }
 */
export function decodeClmm(data: Uint8Array, accounts: readonly Address[]): DecodedInstruction {
  if (data.length !== SWAP_V2_SIZE || accounts.length < 13) return { kind: 'unknown' };
  if (Buffer.from(data.subarray(0, 8)).toString('hex') !== SWAP_V2) return { kind: 'unknown' };
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const amount = view.getBigUint64(8, true);
  const threshold = view.getBigUint64(16, true);
  const limited = view.getBigUint64(24, true) !== 0n || view.getBigUint64(32, true) !== 0n;
  const flag = data[40];
  if (flag !== 0 && flag !== 1) return { kind: 'unknown' };
  const exactIn = flag === 1;
  return {
    kind: 'clmmSwap',
    name: 'swap_v2',
    swapMode: exactIn ? 'ExactIn' : 'ExactOut',
    maxIn: exactIn ? amount : threshold,
    minOut: exactIn ? threshold : limited ? 0n : amount,
    source: accounts[CLMM_SWAP_ACCOUNTS.input] as Address,
    destination: accounts[CLMM_SWAP_ACCOUNTS.output] as Address,
    inputMint: accounts[CLMM_SWAP_ACCOUNTS.inputMint] as Address,
    outputMint: accounts[CLMM_SWAP_ACCOUNTS.outputMint] as Address,
  };
}
