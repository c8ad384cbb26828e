/**
 * The receipt of a payment, read from the confirmed transaction as a merchant would: what the
 * payee's token account gained (its token balances before and after), what the payer's balance
 * of the token they paid with went down by, and the keys the last instruction carries. For a SOL
 * request (last instruction a SystemProgram transfer) the recipient wallet's lamport delta.
 */
import type { Connection } from '@solana/web3.js';
import type { PaymentReceiptView } from '../../preload/api-types';
import type { PaymentSummary } from '../activity/activity-file';
import { NATIVE_MINT, SYSTEM_PROGRAM } from '../review/program-ids';
import { WalletError } from '../shared/errors';
import { failureWords } from '../send/failure-words';

export type ReceiptConnection = Pick<Connection, 'getTransaction'>;

interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string };
}

function amountAt(balances: readonly TokenBalance[] | null | undefined, index: number): bigint {
  const entry = balances?.find((balance) => balance.accountIndex === index);
  return entry === undefined ? 0n : BigInt(entry.uiTokenAmount.amount);
}

function ownedAmount(
  balances: readonly TokenBalance[] | null | undefined,
  owner: string,
  mint: string,
): bigint {
  return (balances ?? [])
    .filter((balance) => balance.owner === owner && balance.mint === mint)
    .reduce((sum, balance) => sum + BigInt(balance.uiTokenAmount.amount), 0n);
}

/**
 * Reads the receipt of `signature`, a payment by `payer` described by `payment`.
 * Throws TRANSACTION_NOT_FOUND while it is not confirmed, NETWORK_UNAVAILABLE.
 *
 * @example const receipt = await readReceipt(connection, signature, payer, entry.payment);
 */
export async function readReceipt(
  connection: ReceiptConnection,
  signature: string,
  payer: string,
  payment: PaymentSummary,
): Promise<PaymentReceiptView> {
  const confirmed = await connection
    .getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
    .catch((error: unknown) => {
      throw new WalletError(
        'NETWORK_UNAVAILABLE',
        'The network could not be reached to read the payment. Try again in a moment.',
        { cause: error },
      );
    });
  if (confirmed === null || confirmed.meta === null) {
    throw new WalletError(
      'TRANSACTION_NOT_FOUND',
      'This payment is not confirmed yet (or the network no longer keeps it). Try again in a moment.',
    );
  }
  const { meta } = confirmed;
  const message = confirmed.transaction.message;
  const keys = message
    .getAccountKeys({ accountKeysFromLookups: meta.loadedAddresses ?? null })
    .keySegments()
    .flat()
    .map((key) => key.toBase58());
  const payeeIndex = keys.indexOf(payment.payeeTokenAccount);
  const instructions = message.compiledInstructions;
  const last = instructions[instructions.length - 1];
  // A SOL request ends with a SystemProgram transfer to the wallet: its lamports tell.
  const native = last !== undefined && keys[last.programIdIndex] === SYSTEM_PROGRAM;
  const delivered =
    payeeIndex < 0
      ? 0n
      : native
        ? BigInt(meta.postBalances[payeeIndex] ?? 0) - BigInt(meta.preBalances[payeeIndex] ?? 0)
        : amountAt(meta.postTokenBalances, payeeIndex) -
          amountAt(meta.preTokenBalances, payeeIndex);
  const payerIndex = keys.indexOf(payer);
  const spent =
    payment.payWithMint === NATIVE_MINT
      ? payerIndex < 0
        ? 0n
        : BigInt(meta.preBalances[payerIndex] ?? 0) - BigInt(meta.postBalances[payerIndex] ?? 0)
      : ownedAmount(meta.preTokenBalances, payer, payment.payWithMint) -
        ownedAmount(meta.postTokenBalances, payer, payment.payWithMint);
  // Only a payment through the payer's account ends with the merchant's transfer: the
  // references follow its own accounts (4 for TransferChecked, 2 for a SOL transfer).
  const references =
    last === undefined || payment.references.length === 0
      ? []
      : last.accountKeyIndexes
          .slice(native ? 2 : 4)
          // A hooked token's hook accounts follow the references (issue 35).
          .slice(0, payment.references.length)
          .map((index) => keys[index] ?? '');
  return {
    signature,
    status: meta.err ? 'failed' : 'confirmed',
    error: meta.err ? failureWords(meta.err, true) : null,
    mint: payment.mint,
    payeeTokenAccount: payment.payeeTokenAccount,
    delivered: delivered.toString(),
    payWithMint: payment.payWithMint,
    spent: spent.toString(),
    networkFeeLamports: String(meta.fee),
    references,
    memo: payment.memo,
    slot: confirmed.slot,
    blockTime: confirmed.blockTime ?? null,
  };
}
