/**
 * What the chain says about a fee token account: exists, token program, mint, owner, balance;
 * and whether it can take platform fees for a mint (an SPL Token account of that mint: the
 * swap service refuses Token-2022 fee accounts and ones that do not exist).
 */
import { PublicKey, type AccountInfo, type Connection } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../review/program-ids';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { networkUnreachable } from '../shared/network-unreachable';
import { REFERRAL_PROGRAM } from './referral';

export type FeeConnection = Pick<Connection, 'getMultipleAccountsInfo'>;

export const NO_REFERRAL_PROGRAM_ADVICE =
  'The referral program is not on this network. Since January 2025 any token account of the fee mint can receive platform fees: create your own associated token account for it.';

export interface FeeAccountCheck {
  address: Address;
  exists: boolean;
  tokenProgram: 'spl-token' | 'token-2022' | null;
  mint: Address | null;
  owner: Address | null;
  balance: bigint | null;
  decimals: number | null;
  referralProgramDeployed: boolean;
  /** Why it cannot take fees for the mint asked about; null when it can. */
  problem: { code: string; message: string } | null;
}

const TOKEN_ACCOUNT_SIZE = 165;

function programOf(info: AccountInfo<Buffer>): 'spl-token' | 'token-2022' | null {
  const owner = info.owner.toBase58();
  if (owner === TOKEN_PROGRAM) return 'spl-token';
  if (owner === TOKEN_2022_PROGRAM) return 'token-2022';
  return null;
}

/** The problem of a read account as a fee account of `mint` (null: it can take fees). */
function problemOf(
  check: Omit<FeeAccountCheck, 'problem'>,
  mint: Address,
): FeeAccountCheck['problem'] {
  const short = `${check.address.slice(0, 4)}…${check.address.slice(-4)}`;
  if (!check.exists) {
    return {
      code: 'FEE_ACCOUNT_NOT_FOUND',
      message: `The fee account ${short} does not exist on this network. Create it in Fees (or choose an existing token account of this token) before swapping with fees on.`,
    };
  }
  if (check.tokenProgram === 'token-2022') {
    return {
      code: 'FEE_ACCOUNT_TOKEN_2022',
      message: `The fee account ${short} is a Token-2022 account, and platform fees are taken in SPL Token accounts only. Choose an SPL Token account, or turn fees off for this token.`,
    };
  }
  if (check.tokenProgram === null || check.mint === null) {
    return {
      code: 'FEE_ACCOUNT_WRONG_MINT',
      message: `The fee account ${short} is not a token account. Set a token account of this token as its fee account.`,
    };
  }
  if (check.mint !== mint) {
    return {
      code: 'FEE_ACCOUNT_WRONG_MINT',
      message: `The fee account ${short} holds another token (${check.mint}) than the fee is taken in (${mint}). Set a token account of ${mint} as its fee account.`,
    };
  }
  return null;
}

/**
 * `connection`'s accounts at `keys` (confirmed), or NETWORK_UNAVAILABLE with `message` when the
 * read fails (a key that is not an address included): the fee screens' one way to read.
 */
export async function readAccountsOr(
  connection: Pick<Connection, 'getMultipleAccountsInfo'>,
  keys: string[],
  message: string,
): Promise<(AccountInfo<Buffer> | null)[]> {
  try {
    return await connection.getMultipleAccountsInfo(
      keys.map((k) => new PublicKey(k)),
      'confirmed',
    );
  } catch (error) {
    return networkUnreachable(message)(error);
  }
}

/**
 * Reads `address` (and the referral program and the account's mint) and judges it as the fee
 * account of `mint`. Throws NETWORK_UNAVAILABLE when the RPC cannot be reached.
 *
 * @example const check = await checkFeeAccount(connection, feeAccount, usdcMint);
 */
export async function checkFeeAccount(
  connection: FeeConnection,
  address: Address,
  mint: Address,
): Promise<FeeAccountCheck> {
  const read = (keys: string[]) =>
    readAccountsOr(
      connection,
      keys,
      'The network could not be reached to read the fee account. Check the connection and try again.',
    );
  const [info, program] = await read([address, REFERRAL_PROGRAM]);
  const base = {
    address,
    exists: info !== null && info !== undefined,
    referralProgramDeployed: program !== null && program !== undefined,
  };
  let partial: Omit<FeeAccountCheck, 'problem'>;
  const tokenProgram = info ? programOf(info) : null;
  if (!info || tokenProgram === null || info.data.length < TOKEN_ACCOUNT_SIZE) {
    partial = {
      ...base,
      tokenProgram: null,
      mint: null,
      owner: null,
      balance: null,
      decimals: null,
    };
  } else {
    const data = info.data;
    const accountMint = new PublicKey(data.subarray(0, 32)).toBase58() as Address;
    const [mintInfo] = await read([accountMint]);
    partial = {
      ...base,
      tokenProgram,
      mint: accountMint,
      owner: new PublicKey(data.subarray(32, 64)).toBase58() as Address,
      balance: data.readBigUInt64LE(64),
      // Mint layout: decimals is the byte at offset 44.
      decimals: mintInfo && mintInfo.data.length > 44 ? (mintInfo.data[44] ?? null) : null,
    };
  }
  return { ...partial, problem: problemOf(partial, mint) };
}

/** Throws the check's problem as a WalletError (before any swap request is made). */
export function assertUsableFeeAccount(check: FeeAccountCheck): void {
  if (check.problem) throw new WalletError(check.problem.code, check.problem.message);
}
