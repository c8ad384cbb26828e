/**
 * An instruction as Jupiter's /swap-instructions and /build answers give it: program id and
 * account keys in base58, data in base64, each account's fields in the official order
 * (`pubkey`, `isSigner`, `isWritable`: the Instruction schema of Jupiter's swap API).
 */
import type { TransactionInstruction } from '@solana/web3.js';

export interface InstructionJson {
  programId: string;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: string;
}

/** `instruction` in the swap API's JSON form. */
export function instructionJson(instruction: TransactionInstruction): InstructionJson {
  return {
    programId: instruction.programId.toBase58(),
    accounts: instruction.keys.map((key) => ({
      pubkey: key.pubkey.toBase58(),
      isSigner: key.isSigner,
      isWritable: key.isWritable,
    })),
    data: Buffer.from(instruction.data).toString('base64'),
  };
}
