/**
 * A swap service's instruction (the JSON shape both /swap-instructions and /build answer) as the
 * web3.js instruction a transaction is compiled from: the swap ticket and a payment plan build
 * their transactions from the same service parts, so they convert them the same way.
 */
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { SwapInstruction } from '../swap-api';

/** `instruction` with its program, accounts (signer and writable flags kept) and data. */
export function web3Instruction(instruction: SwapInstruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(instruction.programId),
    keys: instruction.accounts.map((account) => ({
      pubkey: new PublicKey(account.pubkey),
      isSigner: account.isSigner,
      isWritable: account.isWritable,
    })),
    data: Buffer.from(instruction.data),
  });
}
