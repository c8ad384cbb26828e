/**
 * Account states as the review compares them: lamports, owning program and, for token
 * accounts of either token program, the decoded token fields. Read from getMultipleAccounts
 * (before) and from simulateTransaction's `accounts` (after), which carry the same fields in
 * different shapes.
 */
import bs58 from 'bs58';
import type { Address } from '../shared/address';
import { isTokenProgram } from './program-ids';

export interface TokenAccountFields {
  mint: Address;
  owner: Address;
  amount: bigint;
  delegate: Address | null;
  delegatedAmount: bigint;
  closeAuthority: Address | null;
  /** Wrapped SOL: the rent-exempt reserve kept out of `amount`. */
  isNative: boolean;
}

export interface AccountState {
  lamports: bigint;
  /** The program that owns the account. */
  programOwner: Address;
  data: Uint8Array;
  token: TokenAccountFields | null;
  /** Decimals when the account is a mint of a token program. */
  mintDecimals: number | null;
}

const ACCOUNT_LEN = 165;
const MINT_LEN = 82;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

const key = (data: Uint8Array, offset: number) =>
  bs58.encode(data.subarray(offset, offset + 32)) as Address;

function optionKey(data: Uint8Array, offset: number): Address | null {
  const tag = new DataView(data.buffer, data.byteOffset + offset, 4).getUint32(0, true);
  return tag === 1 ? key(data, offset + 4) : null;
}

function isTokenAccountData(data: Uint8Array): boolean {
  // Token-2022 extends both layouts past 165 bytes and marks the kind in byte 165.
  return (
    data.length === ACCOUNT_LEN ||
    (data.length > ACCOUNT_LEN && data[ACCOUNT_LEN] === ACCOUNT_TYPE_ACCOUNT)
  );
}

function isMintData(data: Uint8Array): boolean {
  return (
    data.length === MINT_LEN ||
    (data.length > ACCOUNT_LEN && data[ACCOUNT_LEN] === ACCOUNT_TYPE_MINT)
  );
}

/** Decodes the token account fields of `data`; null when it is not a token account. */
export function decodeTokenAccount(
  programOwner: string,
  data: Uint8Array,
): TokenAccountFields | null {
  if (!isTokenProgram(programOwner) || !isTokenAccountData(data)) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const state = data[108];
  if (state === 0) return null; // uninitialized
  return {
    mint: key(data, 0),
    owner: key(data, 32),
    amount: view.getBigUint64(64, true),
    delegate: optionKey(data, 72),
    isNative: view.getUint32(109, true) === 1,
    delegatedAmount: view.getBigUint64(121, true),
    closeAuthority: optionKey(data, 129),
  };
}

/** Builds an AccountState from raw fields; a zero-lamport account counts as absent (null). */
export function accountState(
  lamports: bigint,
  programOwner: string,
  data: Uint8Array,
): AccountState | null {
  if (lamports === 0n) return null;
  const mintDecimals =
    isTokenProgram(programOwner) && isMintData(data) ? (data[44] as number) : null;
  return {
    lamports,
    programOwner: programOwner as Address,
    data,
    token: decodeTokenAccount(programOwner, data),
    mintDecimals,
  };
}

/** From web3.js `getMultipleAccountsInfo`. */
export function fromAccountInfo(
  info: { lamports: number; owner: { toBase58(): string }; data: Uint8Array } | null,
): AccountState | null {
  if (info === null) return null;
  return accountState(BigInt(info.lamports), info.owner.toBase58(), new Uint8Array(info.data));
}

/** From simulateTransaction's `accounts` entries (base64 encoding). */
export function fromSimulatedAccount(
  info: { lamports: number; owner: string; data: string[] | string } | null,
): AccountState | null {
  if (info === null) return null;
  const text = Array.isArray(info.data) ? (info.data[0] ?? '') : info.data;
  return accountState(
    BigInt(info.lamports),
    info.owner,
    new Uint8Array(Buffer.from(text, 'base64')),
  );
}
