/**
 * A wallet's SOL as the network holds it now: what a payment plan checks it can pay with, and
 * what tells the swap screen a person may get a gasless order. An unreachable network is said
 * in words, never a library's error.
 */
import type { Connection, PublicKey } from '@solana/web3.js';
import { WalletError } from '../shared/errors';

/** Throws the wallet's words for a balance read that did not reach the network. */
export function unreachableBalance(error: unknown): never {
  throw new WalletError(
    'NETWORK_UNAVAILABLE',
    'The network could not be reached to read your balance. Try again.',
    { cause: error },
  );
}

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
