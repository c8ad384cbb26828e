/**
 * What a fee account gained in one confirmed transaction: the difference of its post and pre
 * token balances in the transaction's metadata (0 when the account is not among them).
 */
import type { Connection } from '@solana/web3.js';

/**
 * Null when the transaction cannot be read (not found yet, or the network is unreachable:
 * fees.balances then shows the fee as not yet read rather than failing the whole answer).
 *
 * @example await feeReceived(connection, signature, feeAccount) // 1950n
 */
export async function feeReceived(
  connection: Pick<Connection, 'getTransaction'>,
  signature: string,
  feeAccount: string,
): Promise<bigint | null> {
  const tx = await connection
    .getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
    .catch(() => null);
  if (!tx?.meta) return null;
  const keys = tx.transaction.message.getAccountKeys({
    accountKeysFromLookups: tx.meta.loadedAddresses ?? null,
  });
  let index = -1;
  for (let i = 0; i < keys.length; i++) {
    if (keys.get(i)?.toBase58() === feeAccount) index = i;
  }
  if (index < 0) return 0n;
  const amountAt = (list: typeof tx.meta.preTokenBalances) =>
    BigInt(list?.find((b) => b.accountIndex === index)?.uiTokenAmount.amount ?? '0');
  return amountAt(tx.meta.postTokenBalances) - amountAt(tx.meta.preTokenBalances);
}
