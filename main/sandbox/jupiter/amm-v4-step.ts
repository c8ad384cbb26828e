/**
 * A Raydium AMM v4 leg as a step of a Jupiter route: the AMM v4 program, then the 8 accounts of
 * its `swap_base_in_v2` / `swap_base_out_v2` (the same for both), the step's payer as the owner.
 * The payer signs through the Jupiter program (the person's signature, or the program
 * authority's in the shared forms), so no step account is marked as a signer.
 */
import type { AccountMeta } from '@solana/web3.js';
import { AMM_V4_PROGRAM_ID, swapV2Keys } from '../amm-v4/program';
import type { ReservesOf, RouteLeg } from '../router/route-types';
import { onChainView } from '../router/on-chain-view';
import { keyOf } from '../public-key';

export function ammV4StepKeys(
  leg: RouteLeg,
  reservesOf: ReservesOf,
  from: string,
  to: string,
  payer: string,
): AccountMeta[] {
  const view = onChainView(reservesOf, leg.pool, 'amm');
  const keys = swapV2Keys({
    amm: view.address,
    coinVault: view.info.coinVault,
    pcVault: view.info.pcVault,
    userSource: from,
    userDestination: to,
    owner: payer,
  });
  return [
    { pubkey: keyOf(AMM_V4_PROGRAM_ID), isWritable: false, isSigner: false },
    ...keys.map((key) => ({ ...key, isSigner: false })),
  ];
}
