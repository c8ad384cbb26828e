/**
 * Accounts in the validator's encodings: base58 (≤128 bytes), base64, and jsonParsed for SPL
 * Token and Token-2022 mints and token accounts (anything else falls back to base64, as a
 * validator does).
 */
import bs58 from 'bs58';
import type { LedgerAccount } from '../ledger/ledger-view';
import {
  decodeMint,
  decodeTokenAccount,
  isMintData,
  isTokenAccountData,
  tokenExtensionTypes,
  uiTokenAmount,
  TOKEN_ACCOUNT_SIZE,
} from '../ledger/token-layout';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../tokens';
import { scaledTokenAmount, scaledUiAmountState } from './scaled-encoding';
import { invalidParams } from './rpc-error';

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed';

/** Rent-exempt accounts report the maximal rent epoch, as validators do since rent collection ended. */
const RENT_EPOCH = 18446744073709551615n;

export interface DataSlice {
  offset: number;
  length: number;
}

export function parseEncoding(value: unknown, fallback: AccountEncoding): AccountEncoding {
  if (value === undefined || value === null) return fallback;
  if (value === 'binary' || value === 'base58' || value === 'base64' || value === 'jsonParsed')
    return value;
  if (value === 'base64+zstd')
    throw invalidParams(
      'Invalid params: base64+zstd encoding is not supported by the sandbox; use base64.',
    );
  throw invalidParams(
    `Invalid params: unknown variant \`${String(value)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\`.`,
  );
}

export function parseDataSlice(value: unknown): DataSlice | undefined {
  if (value === undefined || value === null) return undefined;
  const slice = value as { offset?: unknown; length?: unknown };
  if (typeof slice.offset !== 'number' || typeof slice.length !== 'number') {
    throw invalidParams('Invalid params: dataSlice needs numeric offset and length.');
  }
  return { offset: slice.offset, length: slice.length };
}

type Decimals = (mint: string) => number;
/** The multiplier a Scaled UI Amount mint applies now, or null (ledger/mint-scale.ts). */
type Multiplier = (mint: string) => number | null;
const NO_MULTIPLIER: Multiplier = () => null;

/** The `value` of getAccountInfo for one account. */
export function encodeAccount(
  account: LedgerAccount | null,
  encoding: AccountEncoding,
  decimalsOf: Decimals,
  slice?: DataSlice,
  multiplierOf: Multiplier = NO_MULTIPLIER,
): Record<string, unknown> | null {
  if (account === null) return null;
  const base = {
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EPOCH,
    space: account.data.length,
  };
  if (encoding === 'jsonParsed') {
    const parsed = parseTokenData(account, decimalsOf, multiplierOf);
    if (parsed) return { ...base, data: { ...parsed, space: account.data.length } };
  }
  const data = slice
    ? account.data.subarray(slice.offset, slice.offset + slice.length)
    : account.data;
  if (encoding === 'base58' || encoding === 'binary') {
    if (data.length > 128) {
      throw invalidParams(
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      );
    }
    const text = bs58.encode(data);
    return { ...base, data: encoding === 'binary' ? text : [text, 'base58'] };
  }
  return { ...base, data: [Buffer.from(data).toString('base64'), 'base64'] };
}

const EXTENSION_NAMES: Record<number, string> = {
  1: 'transferFeeConfig',
  2: 'transferFeeAmount',
  3: 'mintCloseAuthority',
  5: 'confidentialTransferMint',
  6: 'confidentialTransferAccount',
  7: 'immutableOwner',
  8: 'memoTransfer',
  9: 'nonTransferable',
  12: 'defaultAccountState',
  14: 'transferHook',
  15: 'transferHookAccount',
  18: 'metadataPointer',
  19: 'tokenMetadata',
  25: 'scaledUiAmountConfig',
};

function extensionsOf(account: LedgerAccount): {
  extensions?: { extension: string; state?: Record<string, unknown> }[];
} {
  if (account.owner !== TOKEN_2022_PROGRAM_ID || account.data.length <= TOKEN_ACCOUNT_SIZE)
    return {};
  return {
    extensions: tokenExtensionTypes(account.data).map((type) => {
      const extension = EXTENSION_NAMES[type] ?? 'unparseableExtension';
      // The multiplier's state, as a validator prints it: wallets read the multiplier from it.
      const state = type === 25 ? scaledUiAmountState(account.data) : null;
      return state ? { extension, state } : { extension };
    }),
  };
}

/** The jsonParsed `data` of a token mint or token account, or null for other accounts. */
export function parseTokenData(
  account: LedgerAccount,
  decimalsOf: Decimals,
  multiplierOf: Multiplier = NO_MULTIPLIER,
): { program: string; parsed: Record<string, unknown> } | null {
  if (account.owner !== TOKEN_PROGRAM_ID && account.owner !== TOKEN_2022_PROGRAM_ID) return null;
  const program = account.owner === TOKEN_PROGRAM_ID ? 'spl-token' : 'spl-token-2022';
  if (isTokenAccountData(account.data)) {
    const token = decodeTokenAccount(account.data);
    const decimals = decimalsOf(token.mint);
    const multiplier = multiplierOf(token.mint);
    const info: Record<string, unknown> = {
      isNative: token.isNative !== null,
      mint: token.mint,
      owner: token.owner,
      state: ['uninitialized', 'initialized', 'frozen'][token.state] ?? 'uninitialized',
      tokenAmount:
        multiplier === null
          ? uiTokenAmount(token.amount, decimals)
          : scaledTokenAmount(token.amount, decimals, multiplier),
    };
    if (token.delegate !== null) {
      info['delegate'] = token.delegate;
      info['delegatedAmount'] = uiTokenAmount(token.delegatedAmount, decimals);
    }
    if (token.isNative !== null)
      info['rentExemptReserve'] = uiTokenAmount(token.isNative, decimals);
    if (token.closeAuthority !== null) info['closeAuthority'] = token.closeAuthority;
    return { program, parsed: { info: { ...info, ...extensionsOf(account) }, type: 'account' } };
  }
  if (isMintData(account.data)) {
    const mint = decodeMint(account.data);
    return {
      program,
      parsed: {
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
          ...extensionsOf(account),
        },
        type: 'mint',
      },
    };
  }
  return null;
}
