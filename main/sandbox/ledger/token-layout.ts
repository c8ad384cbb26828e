/**
 * Byte layouts of SPL Token and Token-2022 mints and token accounts (the first 82 / 165 bytes are
 * the same in both programs), plus the validator's `uiTokenAmount` formatting. Hand-written so
 * the ledger reads balances with no decoding library on the hot path.
 */
import bs58 from 'bs58';
import { addressOf } from '../../shared/address';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../tokens';

export const MINT_SIZE = 82;
export const TOKEN_ACCOUNT_SIZE = 165;
/** Token-2022 writes this byte at offset 165 of an account with extensions. */
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

export interface DecodedMint {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
}

export interface DecodedTokenAccount {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  /** 0 uninitialized, 1 initialized, 2 frozen. */
  state: number;
  /** Rent-exempt reserve when the account holds wrapped SOL. */
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: string | null;
}

export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM_ID || owner === TOKEN_2022_PROGRAM_ID;
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function optionalKey(data: Uint8Array, offset: number): string | null {
  return view(data).getUint32(offset, true) === 1
    ? addressOf(data.subarray(offset + 4, offset + 36))
    : null;
}

/** True when the data of an account owned by a token program is a token account. */
export function isTokenAccountData(data: Uint8Array): boolean {
  if (data.length === TOKEN_ACCOUNT_SIZE) return true;
  return data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === ACCOUNT_TYPE_ACCOUNT;
}

/** True when the data of an account owned by a token program is a mint. */
export function isMintData(data: Uint8Array): boolean {
  if (data.length === MINT_SIZE) return true;
  return data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === ACCOUNT_TYPE_MINT;
}

export function decodeMint(data: Uint8Array): DecodedMint {
  const dv = view(data);
  return {
    mintAuthority: optionalKey(data, 0),
    supply: dv.getBigUint64(36, true),
    decimals: data[44] ?? 0,
    isInitialized: data[45] === 1,
    freezeAuthority: optionalKey(data, 46),
  };
}

export function encodeMint(mint: DecodedMint): Uint8Array {
  const data = new Uint8Array(MINT_SIZE);
  const dv = view(data);
  if (mint.mintAuthority !== null) {
    dv.setUint32(0, 1, true);
    data.set(bs58.decode(mint.mintAuthority), 4);
  }
  dv.setBigUint64(36, mint.supply, true);
  data[44] = mint.decimals;
  data[45] = mint.isInitialized ? 1 : 0;
  if (mint.freezeAuthority !== null) {
    dv.setUint32(46, 1, true);
    data.set(bs58.decode(mint.freezeAuthority), 50);
  }
  return data;
}

export function decodeTokenAccount(data: Uint8Array): DecodedTokenAccount {
  const dv = view(data);
  return {
    mint: addressOf(data.subarray(0, 32)),
    owner: addressOf(data.subarray(32, 64)),
    amount: dv.getBigUint64(64, true),
    delegate: optionalKey(data, 72),
    state: data[108] ?? 0,
    isNative: dv.getUint32(109, true) === 1 ? dv.getBigUint64(113, true) : null,
    delegatedAmount: dv.getBigUint64(121, true),
    closeAuthority: optionalKey(data, 129),
  };
}

/** Token-2022 extension types in an account's TLV area, by number. */
export function tokenExtensionTypes(data: Uint8Array): number[] {
  const types: number[] = [];
  let offset = TOKEN_ACCOUNT_SIZE + 1;
  const dv = view(data);
  while (offset + 4 <= data.length) {
    const type = dv.getUint16(offset, true);
    const length = dv.getUint16(offset + 2, true);
    if (type === 0) break;
    types.push(type);
    offset += 4 + length;
  }
  return types;
}

/** A decimal string of `amount / 10^decimals` with trailing zeros trimmed, as validators print it. */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

/** The validator's `uiTokenAmount` object. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const text = uiAmountString(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text };
}
