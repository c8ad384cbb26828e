/**
 * The sandbox faucet: SOL airdrops and token mints, each a real transaction through the VM,
 * signed by the faucet keypair (the mint authority of the sandbox tokens) and recorded in the
 * history like any other. A memo with a nonce keeps two identical requests in one slot from
 * being the same transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  type Keypair,
} from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMintToCheckedInstruction,
  createSyncNativeInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import type { SandboxLedger, SendResult } from '../ledger/ledger';
import { decodeMint, isMintData, isTokenProgram } from '../ledger/token-layout';
import { MEMO_PROGRAM_ID, NATIVE_MINT } from '../tokens';

/** Largest airdrop per request: 1,000,000 SOL. */
export const MAX_AIRDROP_LAMPORTS = 1_000_000n * 1_000_000_000n;
const U64_MAX = (1n << 64n) - 1n;

export class FaucetError extends Error {
  override readonly name = 'FaucetError';
}

function memo(): TransactionInstruction {
  const text = `swapdesk sandbox faucet ${randomBytes(6).toString('hex')}`;
  return new TransactionInstruction({
    programId: new PublicKey(MEMO_PROGRAM_ID),
    keys: [],
    data: Buffer.from(text),
  });
}

function send(ledger: SandboxLedger, instructions: TransactionInstruction[]): SendResult {
  const faucet: Keypair = ledger.faucet;
  const tx = new Transaction({ feePayer: faucet.publicKey, ...ledger.latestBlockhash() });
  tx.add(memo(), ...instructions);
  tx.sign(faucet);
  return ledger.sendTransaction(tx.serialize());
}

function signatureOf(result: SendResult): string {
  if (result.status === 'executed' && result.record.err === null) return result.signature;
  const err = result.status === 'executed' ? result.record.err : result.err;
  throw new Error(`The faucet transaction failed: ${JSON.stringify(err)}`);
}

/** Sends `lamports` SOL from the faucet to `to`; answers the signature. */
export function airdrop(ledger: SandboxLedger, to: PublicKey, lamports: bigint): string {
  if (lamports <= 0n || lamports > MAX_AIRDROP_LAMPORTS) {
    throw new FaucetError(
      `An airdrop must be between 1 lamport and ${MAX_AIRDROP_LAMPORTS} lamports`,
    );
  }
  const transfer = SystemProgram.transfer({
    fromPubkey: ledger.faucet.publicKey,
    toPubkey: to,
    lamports,
  });
  return signatureOf(send(ledger, [transfer]));
}

export interface FundTokenRequest {
  owner: PublicKey;
  mint: PublicKey;
  amount: bigint;
}

/**
 * Creates the owner's associated token account if needed (under the mint's token program) and
 * mints `amount` base units into it; for wrapped SOL, transfers lamports and syncs instead.
 */
export function fundToken(
  ledger: SandboxLedger,
  request: FundTokenRequest,
): { signature: string; tokenAccount: string } {
  const { owner, mint, amount } = request;
  if (amount <= 0n || amount > U64_MAX)
    throw new FaucetError('amount must be a positive u64 in base units');
  const mintAccount = ledger.getAccount(mint.toBase58());
  if (!mintAccount || !isTokenProgram(mintAccount.owner) || !isMintData(mintAccount.data)) {
    throw new FaucetError(`${mint.toBase58()} is not a token mint on the sandbox network`);
  }
  const programId = new PublicKey(mintAccount.owner);
  const ata = getAssociatedTokenAddressSync(mint, owner, true, programId);
  const faucet = ledger.faucet.publicKey;
  const create = createAssociatedTokenAccountIdempotentInstruction(
    faucet,
    ata,
    owner,
    mint,
    programId,
  );
  if (mint.toBase58() === NATIVE_MINT) {
    if (amount > MAX_AIRDROP_LAMPORTS)
      throw new FaucetError(
        `wrapped SOL is limited to ${MAX_AIRDROP_LAMPORTS} lamports per request`,
      );
    const transfer = SystemProgram.transfer({
      fromPubkey: faucet,
      toPubkey: ata,
      lamports: amount,
    });
    const sync = createSyncNativeInstruction(ata, programId);
    return {
      signature: signatureOf(send(ledger, [create, transfer, sync])),
      tokenAccount: ata.toBase58(),
    };
  }
  const decoded = decodeMint(mintAccount.data);
  if (decoded.mintAuthority !== faucet.toBase58()) {
    throw new FaucetError(`The sandbox faucet is not the mint authority of ${mint.toBase58()}`);
  }
  if (decoded.supply + amount > U64_MAX)
    throw new FaucetError('amount would overflow the mint supply');
  const mintTo = createMintToCheckedInstruction(
    mint,
    ata,
    faucet,
    amount,
    decoded.decimals,
    [],
    programId,
  );
  return { signature: signatureOf(send(ledger, [create, mintTo])), tokenAccount: ata.toBase58() };
}
