/**
 * A wallet's SOL as the network holds it now: what a payment plan checks it can pay with, and
 * what tells the swap screen a person may get a gasless order. An unreachable network is said
 * in words, never a library's error.
 */
import type { Connection, PublicKey } from '@solana/web3.js';
import { networkUnreachable } from '../shared/network-unreachable';

/** Throws the wallet's words for a balance read that did not reach the network. */
export const unreachableBalance = networkUnreachable(
  'The network could not be reached to read your balance. Try again.',
);

/** The lamports of `account` (0 when it does not exist yet). Throws NETWORK_UNAVAILABLE. */
export async function walletLamports(
  connection: Pick<Connection, 'getMultipleAccountsInfo'>,
  account: PublicKey,
): Promise<bigint> {
  const [info] = await connection
    .getMultipleAccountsInfo([account], 'confirmed')
    .catch(unreachableBalance);
  return BigInt(info?.lamports ?? 0);
}
