/**
 * The payee's token account: a wallet recipient pays into its associated token account for
 * the mint, under the mint's own token program (Token or Token-2022, read from the mint
 * account's owner); a recipient that is itself a token account must hold that mint and not be
 * frozen. The destination must exist before paying: when it does not, the caller offers a
 * separate transaction that creates it (see create-destination.ts), with its rent.
 */
import { multiplierAt, scaledConfigOfMint } from '../shared/scaled-amount';
import {
  ACCOUNT_SIZE,
  AccountState,
  ExtensionType,
  getAccountLen,
  getAssociatedTokenAddressSync,
  getExtensionTypes,
  getAccountTypeOfMintType,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  unpackAccount,
  unpackMint,
  type Mint,
} from '@solana/spl-token';
import { PublicKey, SystemProgram, type AccountInfo, type Connection } from '@solana/web3.js';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { networkUnreachable } from '../shared/network-unreachable';
import { transferFeeOf, type TransferFeeSchedules } from './transfer-fee';

export type PayeeConnection = Pick<
  Connection,
  'getMultipleAccountsInfo' | 'getMinimumBalanceForRentExemption'
>;

export interface MintFacts {
  mint: Address;
  decimals: number;
  tokenProgram: Address;
  /**
   * A Scaled UI Amount mint's multiplier in force (issue 35): a Solana Pay amount in such a token
   * is in its UI units, converted to raw rounding down.
   */
  multiplier?: number;
}

export interface Payee {
  /** The recipient as the request named it. */
  recipient: Address;
  recipientKind: 'wallet' | 'token-account';
  /** The wallet that owns the destination (the recipient itself for a wallet). */
  owner: Address;
  mint: MintFacts;
  /** Where the tokens must arrive. */
  tokenAccount: Address;
  exists: boolean;
  /** Lamports the creating transaction puts into the account (0 when it exists). */
  rentLamports: bigint;
  /** Rent of any associated token account of this mint (the payer's own, when a swap opens it). */
  ataRentLamports: bigint;
  /** A native SOL request (sol-payee.ts): `tokenAccount` is the recipient wallet itself. */
  native?: boolean;
  /** SOL requests: the least lamports a recipient that does not exist yet can receive (else 0). */
  minimumLamports?: bigint;
  /**
   * A Token-2022 mint's transfer fee schedules (issue 21): the token program withholds the fee
   * from every transfer, so the payer's own transfer must be grossed up (transfer-fee.ts).
   */
  transferFee?: TransferFeeSchedules;
}

const unreachable = networkUnreachable(
  'The network could not be reached to read the payee and the token. Check the connection and try again.',
);

/** The mint's decimals and token program; throws TOKEN_NOT_FOUND for anything else. */
export function mintFacts(
  mint: Address,
  info: AccountInfo<Buffer> | null,
): MintFacts & {
  state: Mint;
} {
  const program = info?.owner;
  if (
    !info ||
    !program ||
    !(program.equals(TOKEN_PROGRAM_ID) || program.equals(TOKEN_2022_PROGRAM_ID))
  ) {
    throw new WalletError(
      'TOKEN_NOT_FOUND',
      `${mint} is not a token mint on this network. Check the token (spl-token) of the payment request.`,
    );
  }
  const state = unpackMint(new PublicKey(mint), info, program);
  const scaled = program.equals(TOKEN_2022_PROGRAM_ID) ? scaledConfigOfMint(info.data) : null;
  return {
    mint,
    decimals: state.decimals,
    tokenProgram: program.toBase58() as Address,
    ...(scaled ? { multiplier: multiplierAt(scaled, Date.now() / 1000) } : {}),
    state,
  };
}

/** Size of an associated token account of `mint` (Token-2022 adds the mint's account extensions and ImmutableOwner). */
function ataSize(mint: Mint, tokenProgram: string): number {
  if (tokenProgram === TOKEN_PROGRAM_ID.toBase58()) return ACCOUNT_SIZE;
  const extensions = getExtensionTypes(mint.tlvData).map(getAccountTypeOfMintType);
  const all = [...new Set([...extensions, ExtensionType.ImmutableOwner])].filter(
    (type) => type !== ExtensionType.Uninitialized,
  );
  return getAccountLen(all);
}

function checkTokenAccount(
  address: Address,
  info: AccountInfo<Buffer>,
  mint: MintFacts,
  what: string,
): { owner: Address } {
  if (!info.owner.equals(new PublicKey(mint.tokenProgram))) {
    throw new WalletError(
      'INVALID_RECIPIENT',
      `${what} ${address} is not a token account of ${mint.mint}'s token program. Ask the payee for their wallet address.`,
    );
  }
  const account = unpackAccount(new PublicKey(address), info, info.owner);
  if (account.mint.toBase58() !== mint.mint) {
    throw new WalletError(
      'INVALID_RECIPIENT',
      `${what} ${address} holds another token (${account.mint.toBase58()}), not ${mint.mint}. Ask the payee for the right account.`,
    );
  }
  if (account.isFrozen || (account as { state?: AccountState }).state === AccountState.Frozen) {
    throw new WalletError(
      'INVALID_RECIPIENT',
      `${what} ${address} is frozen by the token's issuer and cannot receive a payment.`,
    );
  }
  return { owner: account.owner.toBase58() as Address };
}

/**
 * Resolves where a payment of `mint` to `recipient` must arrive, and whether it exists.
 * Throws TOKEN_NOT_FOUND (not a mint), INVALID_RECIPIENT (a token account of another mint, a
 * frozen account, an account of some program) and NETWORK_UNAVAILABLE.
 *
 * @example
 * const payee = await resolvePayee(connection, recipient, usdcMint);
 * if (!payee.exists) offerCreate(payee.rentLamports);
 */
export async function resolvePayee(
  connection: PayeeConnection,
  recipient: Address,
  mint: Address,
): Promise<Payee> {
  const [recipientInfo, mintInfo] = await connection
    .getMultipleAccountsInfo([new PublicKey(recipient), new PublicKey(mint)], 'confirmed')
    .catch(unreachable);
  const facts = mintFacts(mint, mintInfo ?? null);
  const { state, ...mintView } = facts;
  const ataRentLamports = BigInt(
    await connection
      .getMinimumBalanceForRentExemption(ataSize(state, facts.tokenProgram), 'confirmed')
      .catch(unreachable),
  );
  const program = new PublicKey(facts.tokenProgram);
  const schedules = transferFeeOf(state);
  const transferFee = schedules === null ? {} : { transferFee: schedules };
  if (recipientInfo && recipientInfo.owner.equals(program)) {
    const { owner } = checkTokenAccount(recipient, recipientInfo, mintView, 'The recipient');
    return {
      recipient,
      recipientKind: 'token-account',
      owner,
      mint: mintView,
      tokenAccount: recipient,
      exists: true,
      rentLamports: 0n,
      ataRentLamports,
      ...transferFee,
    };
  }
  // A recipient that does not exist yet is a fresh wallet; one owned by a program other than
  // the system program (a pool, a token account of the other token program) is not a payee.
  if (recipientInfo && !recipientInfo.owner.equals(SystemProgram.programId)) {
    throw new WalletError(
      'INVALID_RECIPIENT',
      `The recipient ${recipient} is neither a wallet nor a token account of ${mint}. Ask the payee for their wallet address.`,
    );
  }
  // Off-curve owners are allowed: multisig vaults are system accounts at program addresses.
  const ata = getAssociatedTokenAddressSync(
    new PublicKey(mint),
    new PublicKey(recipient),
    true,
    program,
  ).toBase58() as Address;
  const [ataInfo] = await connection
    .getMultipleAccountsInfo([new PublicKey(ata)], 'confirmed')
    .catch(unreachable);
  if (ataInfo) checkTokenAccount(ata, ataInfo, mintView, "The payee's token account");
  const exists = Boolean(ataInfo);
  return {
    recipient,
    recipientKind: 'wallet',
    owner: recipient,
    mint: mintView,
    tokenAccount: ata,
    exists,
    // The payer opens a missing account, and pays its rent.
    rentLamports: exists ? 0n : ataRentLamports,
    ataRentLamports,
    ...transferFee,
  };
}
