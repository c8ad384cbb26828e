/**
 * What a merchant reads of a paid invoice with the RPC alone (the steps of Solana Pay's
 * findReference + validateTransfer): the one signature that names the invoice's reference, the
 * landed transaction, its account keys and token balance changes. The pay suites check their
 * own invoice's shape (SPL or SOL transfer, memo, reference position) on what this answers.
 */
import {
  PublicKey,
  type Connection,
  type TokenBalance,
  type VersionedTransactionResponse,
} from '@solana/web3.js';
import { expect } from 'vitest';
import { until } from './swap-flow-wallet';

/** The payment a merchant found by its reference: landed without error, keys resolved. */
export interface FoundPayment {
  signature: string;
  tx: VersionedTransactionResponse;
  /** Every account key of the transaction, lookups included, as base58 in message order. */
  keys: string[];
}

/** Waits for the one signature naming `reference` and reads its transaction back, landed. */
export async function paymentByReference(
  connection: Connection,
  reference: string,
): Promise<FoundPayment> {
  const found = await until(
    'signature by reference',
    () => connection.getSignaturesForAddress(new PublicKey(reference), {}, 'confirmed'),
    (list) => list.length > 0,
  );
  expect(found).toHaveLength(1);
  const signature = found[0]!.signature;
  const tx = await connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  expect(tx?.meta?.err).toBeNull();
  const keys = tx!.transaction.message
    .getAccountKeys({ accountKeysFromLookups: tx!.meta!.loadedAddresses ?? null })
    .keySegments()
    .flat()
    .map((key) => key.toBase58());
  return { signature, tx: tx!, keys };
}

/** What the token account at key `index` gained in the transaction (post minus pre). */
export function tokenGain(tx: VersionedTransactionResponse, index: number): bigint {
  const balance = (list: TokenBalance[] | null | undefined) =>
    BigInt(list?.find((b) => b.accountIndex === index)?.uiTokenAmount.amount ?? '0');
  return balance(tx.meta!.postTokenBalances) - balance(tx.meta!.preTokenBalances);
}
