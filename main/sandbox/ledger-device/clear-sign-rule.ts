/**
 * Which messages the Solana app on a Ledger shows in full ("clear-signs") and which it signs
 * only with "Allow blind signing" on: it parses System, SPL Token, Associated Token Account
 * and Compute Budget instructions, and no message that loads accounts from lookup tables
 * (issue 17). Every aggregator swap therefore needs blind signing.
 */
import { VersionedMessage } from '@solana/web3.js';

const CLEAR_SIGNED_PROGRAMS = new Set([
  '11111111111111111111111111111111',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  'ComputeBudget111111111111111111111111111111',
]);

/** Whether the app can show `message` in full; a message it cannot read is never clear. */
export function canClearSign(message: Uint8Array): boolean {
  let parsed: VersionedMessage;
  try {
    parsed = VersionedMessage.deserialize(message);
  } catch {
    return false;
  }
  if (parsed.addressTableLookups.length > 0) return false;
  return parsed.compiledInstructions.every((instruction) => {
    const program = parsed.staticAccountKeys[instruction.programIdIndex];
    return program !== undefined && CLEAR_SIGNED_PROGRAMS.has(program.toBase58());
  });
}
