/**
 * How every transaction Swapdesk builds itself is compiled (payments, fee transactions, the
 * assembled /build swap, the compute-unit trial): one v0 message of the instructions, paid by
 * the payer, at the blockhash, its keys compressed through the lookup tables given.
 */
import {
  TransactionMessage,
  VersionedTransaction,
  type AddressLookupTableAccount,
  type PublicKey,
  type TransactionInstruction,
} from '@solana/web3.js';

/**
 * The unsigned v0 transaction. web3.js throws for a message past 256 accounts; callers that
 * can meet one say so in their own words.
 * @example compileV0(payer, blockhash, [transfer]).serialize()
 */
export function compileV0(
  payer: PublicKey,
  blockhash: string,
  instructions: TransactionInstruction[],
  tables?: AddressLookupTableAccount[],
): VersionedTransaction {
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: blockhash,
    instructions,
  }).compileToV0Message(tables);
  return new VersionedTransaction(message);
}
