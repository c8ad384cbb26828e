/**
 * Jupiter's token ledger: `set_token_ledger` records a token account's balance, and a
 * `*_with_token_ledger` route then swaps what the account gained since (useTokenLedger: the
 * input of a swap is made by an earlier instruction of the same transaction).
 *
 * A token ledger is not the person's: `create_token_ledger` needs the new account's own
 * signature (a PDA is refused: PrivilegeEscalation, measured), so on mainnet Jupiter keeps a
 * set of ledgers it created and its API names one of them. The sandbox has one, created at
 * genesis from a key derived from a fixed phrase (jupiter-genesis.ts), shared by every swap.
 */
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { SYSTEM_PROGRAM_ID } from '../tokens';
import { createHash } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { discriminator, JUPITER_PROGRAM_ID } from './program';

/** The key of the sandbox's token ledger (only genesis signs with it, to create the account). */
export const tokenLedgerKey = (): Keypair =>
  Keypair.fromSeed(createHash('sha256').update('swapdesk-sandbox:jupiter-token-ledger').digest());
export const SANDBOX_TOKEN_LEDGER = tokenLedgerKey().publicKey.toBase58();

const key = (address: string, writable: boolean, signer = false) => ({
  pubkey: new PublicKey(address),
  isWritable: writable,
  isSigner: signer,
});

export function setTokenLedgerInstruction(
  tokenLedger: string,
  tokenAccount: string,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(JUPITER_PROGRAM_ID),
    keys: [key(tokenLedger, true), key(tokenAccount, false)],
    data: Buffer.from(discriminator('set_token_ledger')),
  });
}

export function createTokenLedgerInstruction(
  tokenLedger: string,
  payer: string,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(JUPITER_PROGRAM_ID),
    keys: [key(tokenLedger, true, true), key(payer, true, true), key(SYSTEM_PROGRAM_ID, false)],
    data: Buffer.from(discriminator('create_token_ledger')),
  });
}
