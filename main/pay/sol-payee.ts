/**
 * The payee of a native SOL transfer request (a Solana Pay link without `spl-token`): the
 * recipient wallet itself receives the lamports, so there is no token account to find or
 * create. The recipient must be a system account (or not exist yet: a fresh wallet); a token
 * account or a program's account cannot take a SOL payment the merchant would recognise.
 */
import { PublicKey, SystemProgram } from '@solana/web3.js';
import { NATIVE_MINT, SYSTEM_PROGRAM } from '../review/program-ids';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { networkUnreachable } from '../shared/network-unreachable';
import type { Payee, PayeeConnection } from './payee';

/** SOL has 9 decimals: the request's amount is in SOL, paid in lamports. */
export const SOL_DECIMALS = 9;

/** Size of a token account (the temporary wrapped-SOL account a swap into SOL opens). */
const TOKEN_ACCOUNT_SIZE = 165;

const unreachable = networkUnreachable(
  'The network could not be reached to read the recipient. Check the connection and try again.',
);

/**
 * Resolves the payee of a SOL request: `tokenAccount` is the recipient wallet (where the
 * lamports arrive), `mint` the native mint with 9 decimals under the System Program, and
 * `minimumLamports` the least a recipient that does not exist yet can be sent (the network
 * refuses to leave a new account below the rent-exempt minimum). Throws INVALID_RECIPIENT for
 * a recipient owned by a program (a token account, a pool), NETWORK_UNAVAILABLE.
 *
 * @example const payee = await resolveSolPayee(connection, recipient); // payee.native === true
 */
export async function resolveSolPayee(
  connection: PayeeConnection,
  recipient: Address,
): Promise<Payee> {
  const [info] = await connection
    .getMultipleAccountsInfo([new PublicKey(recipient)], 'confirmed')
    .catch(unreachable);
  if (info && !info.owner.equals(SystemProgram.programId)) {
    throw new WalletError(
      'INVALID_RECIPIENT',
      `The recipient ${recipient} is not a wallet (it belongs to program ${info.owner.toBase58()}), so it cannot receive SOL as a payment. Ask the payee for their wallet address.`,
    );
  }
  const [wrappedRent, newWalletMinimum] = await Promise.all([
    connection.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE, 'confirmed'),
    info ? Promise.resolve(0) : connection.getMinimumBalanceForRentExemption(0, 'confirmed'),
  ]).catch(unreachable);
  return {
    recipient,
    recipientKind: 'wallet',
    owner: recipient,
    mint: {
      mint: NATIVE_MINT as Address,
      decimals: SOL_DECIMALS,
      tokenProgram: SYSTEM_PROGRAM as Address,
    },
    tokenAccount: recipient,
    exists: true,
    rentLamports: 0n,
    ataRentLamports: BigInt(wrappedRent),
    native: true,
    minimumLamports: BigInt(newWalletMinimum),
  };
}
