/**
 * The merchant's check of a payment made in a version 0 transaction, with @solana/pay's own
 * validateTransfer. The project's @solana/pay (0.2.6) asks getTransaction without
 * maxSupportedTransactionVersion and reads a legacy message only, so a v0 payment fails there
 * with the RPC's "Transaction version (0) is not supported" (an open upstream issue:
 * https://github.com/solana-foundation/pay/issues/240; @solana/pay 1.1.0 reads v0,
 * https://github.com/solana-foundation/pay/pull/447). A merchant on 0.2.6 reads v0 payments
 * through a connection like this one: the transaction asked for with version 0 allowed, and its
 * message given as a legacy one whose keys are the static keys then those the ledger loaded
 * from lookup tables (the order of the compiled indexes), so validateTransfer's own rules (the
 * transfer last, the references its extra keys, the memo before it, the amount from the token
 * balances) run unchanged.
 */
import { Message, type Connection } from '@solana/web3.js';
import bs58 from 'bs58';

/** A Connection whose getTransaction answers a v0 transaction in the legacy shape. */
export function v0ReadingConnection(connection: Connection): Connection {
  const getTransaction = async (signature: string, options?: { commitment?: 'confirmed' }) => {
    const found = await connection.getTransaction(signature, {
      ...options,
      maxSupportedTransactionVersion: 0,
    });
    if (!found?.meta) return found;
    const message = found.transaction.message;
    const keys = message.getAccountKeys({ accountKeysFromLookups: found.meta.loadedAddresses });
    const legacy = new Message({
      header: message.header,
      accountKeys: [
        ...keys.staticAccountKeys,
        ...(keys.accountKeysFromLookups?.writable ?? []),
        ...(keys.accountKeysFromLookups?.readonly ?? []),
      ].map((key) => key.toBase58()),
      recentBlockhash: message.recentBlockhash,
      instructions: message.compiledInstructions.map((ix) => ({
        programIdIndex: ix.programIdIndex,
        accounts: ix.accountKeyIndexes,
        data: bs58.encode(ix.data),
      })),
    });
    return { ...found, transaction: { ...found.transaction, message: legacy } };
  };
  return new Proxy(connection, {
    get: (target, property, receiver) =>
      property === 'getTransaction' ? getTransaction : Reflect.get(target, property, receiver),
  });
}
