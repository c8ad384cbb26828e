/**
 * A v0 message compiled again with new instruction data only (issue 26). /swap builds its
 * transaction twice: at the runtime's compute ceiling, to simulate it, then with the limit the
 * simulation measured. The second build differs only in the compute-budget instructions' data
 * (same programs, same accounts, same lengths), and compiling a message from its instructions
 * (ordering the keys, resolving the lookup table) was most of the build's time. When the new
 * instructions have the shape of the old ones, the old message's keys, header and lookups are
 * exactly what compiling them would give, since they depend only on the programs and the
 * accounts with their flags, so only the data is replaced. Any other change compiles afresh.
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
 * `message` (compiled from instructions of `next`'s shape, see sameShape) with `next`'s data.
 *
 * @example if (sameShape(before, after)) message = withInstructionData(message, after);
 */
export function withInstructionData(
  message: MessageV0,
  next: readonly TransactionInstruction[],
): MessageV0 {
  return new MessageV0({
    header: message.header,
    staticAccountKeys: message.staticAccountKeys,
    recentBlockhash: message.recentBlockhash,
    compiledInstructions: message.compiledInstructions.map((compiled, i) => ({
      programIdIndex: compiled.programIdIndex,
      accountKeyIndexes: compiled.accountKeyIndexes,
      data: new Uint8Array(next[i]!.data),
    })),
    addressTableLookups: message.addressTableLookups,
  });
}
