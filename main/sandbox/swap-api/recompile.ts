/**
 * A v0 message compiled again with new instruction data and blockhash only (issue 26). /swap
 * builds its transaction twice: at the runtime's compute ceiling, to simulate it, then with the
 * limit the simulation measured; and the next /swap of the same route for the same person
 * builds it again with amounts and a blockhash of its own. These differ only in instruction
 * data (same programs, same accounts, same lengths), and compiling a message from its
 * instructions (ordering the keys, resolving the lookup table) was most of the build's time.
 * When the new instructions have the shape of the old ones (and the payer and the lookup table
 * are the same), the old message's keys, header and lookups are exactly what compiling them
 * would give, since they depend only on the payer, the programs, the accounts with their flags
 * and the table, so only the data and the blockhash are replaced. Anything else compiles afresh.
 */
import { MessageV0, type TransactionInstruction } from '@solana/web3.js';

/** True when `next` has `previous`'s programs, accounts, flags and data lengths, in order. */
export function sameShape(
  previous: readonly TransactionInstruction[],
  next: readonly TransactionInstruction[],
): boolean {
  if (previous.length !== next.length) return false;
  return previous.every((old, i) => {
    const now = next[i]!;
    return (
      old.programId.equals(now.programId) &&
      old.data.length === now.data.length &&
      old.keys.length === now.keys.length &&
      old.keys.every((key, k) => {
        const other = now.keys[k]!;
        return (
          key.pubkey.equals(other.pubkey) &&
          key.isSigner === other.isSigner &&
          key.isWritable === other.isWritable
        );
      })
    );
  });
}

/**
 * `message` (compiled from instructions of `next`'s shape, see sameShape, for the same payer
 * and lookup table) with `next`'s data and `recentBlockhash`.
 *
 * @example if (sameShape(before, after)) message = withInstructionData(message, after, blockhash);
 */
export function withInstructionData(
  message: MessageV0,
  next: readonly TransactionInstruction[],
  recentBlockhash: string,
): MessageV0 {
  return new MessageV0({
    header: message.header,
    staticAccountKeys: message.staticAccountKeys,
    recentBlockhash,
    compiledInstructions: message.compiledInstructions.map((compiled, i) => ({
      programIdIndex: compiled.programIdIndex,
      accountKeyIndexes: compiled.accountKeyIndexes,
      data: new Uint8Array(next[i]!.data),
    })),
    addressTableLookups: message.addressTableLookups,
  });
}
