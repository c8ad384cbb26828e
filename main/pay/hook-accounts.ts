/**
 * The payer's own TransferChecked of a hooked Token-2022 mint carries the hook's extra accounts
 * (issue 35), resolved from the chain for this very transfer with @solana/spl-token's
 * `addExtraAccountMetasForExecute` (what `createTransferCheckedWithTransferHookInstruction`
 * does): read again for every payment, never remembered. They follow the Solana Pay reference
 * keys, which stay right after the transfer's own four accounts; Token-2022 finds the hook's
 * accounts by address wherever they are in the instruction.
 */
import { addExtraAccountMetasForExecute } from '@solana/spl-token';
import { PublicKey, type Connection, type TransactionInstruction } from '@solana/web3.js';
import { WalletError } from '../shared/errors';
import { transferHookProgram } from '../tokens/mint-extension-data';
import { refusePausedMints, type MintReads } from '../tokens/paused-check';
import { payerTokenAccount, type MerchantPart } from './payment-transactions';

/**
 * Refuses a paused mint (TOKEN_PAUSED) and appends the hook's accounts to `transfer` (the
 * merchant part's TransferChecked) when the mint has a transfer hook. Nothing for SOL.
 */
export async function resolveMerchantTransfer(
  connection: MintReads,
  part: MerchantPart,
  transfer: TransactionInstruction,
  symbol: string | null,
): Promise<void> {
  if (part.native === true) return;
  await refusePausedMints(connection, [part.mint], () => symbol);
  const mint = new PublicKey(part.mint);
  const [info] = await connection.getMultipleAccountsInfo([mint], 'confirmed');
  const program = info ? transferHookProgram(info.owner.toBase58(), info.data) : null;
  if (program === null) return;
  // spl-token's resolver reads accounts one by one; answer it from the same RPC client.
  const reads = {
    getAccountInfo: (key: PublicKey) =>
      connection.getMultipleAccountsInfo([key], 'confirmed').then(([found]) => found ?? null),
  } as unknown as Connection;
  try {
    await addExtraAccountMetasForExecute(
      reads,
      transfer,
      new PublicKey(program),
      payerTokenAccount(part),
      mint,
      new PublicKey(part.payeeTokenAccount),
      new PublicKey(part.payer),
      part.amount,
      'confirmed',
    );
  } catch (error) {
    throw new WalletError(
      'NETWORK_UNAVAILABLE',
      `The accounts ${symbol ?? 'this token'}'s transfer hook needs could not be read from the network. Try again in a moment.`,
      { cause: error },
    );
  }
}
