/**
 * The values notifications carry, in the shapes a validator sends: accounts encoded as
 * getAccountInfo answers them (rpc/account-encoding.ts), a closed account as the runtime's
 * default account, and the JSON-RPC notification around a result.
 */
import bs58 from 'bs58';
import type { LedgerAccount } from '../ledger/ledger-view';
import { encodeAccount, type AccountEncoding, type DataSlice } from '../rpc/account-encoding';
import { stringifyJson } from '../rpc/json';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/**
 * An account as a notification carries it. A closed account is sent as the default account
 * (0 lamports, no data, the System program's), as a validator does: web3.js's onAccountChange
 * expects an account, never null. base58 has no 128-byte limit here: getAccountInfo refuses a
 * longer one, a subscription's notification encodes it anyway.
 */
export function accountValue(
  account: LedgerAccount | null,
  encoding: AccountEncoding,
  decimalsOf: (mint: string) => number,
  slice?: DataSlice,
): Record<string, unknown> {
  const state = account ?? {
    lamports: 0n,
    owner: SYSTEM_PROGRAM,
    data: new Uint8Array(0),
    executable: false,
  };
  const data = slice ? state.data.subarray(slice.offset, slice.offset + slice.length) : state.data;
  let value: Record<string, unknown>;
  if ((encoding === 'base58' || encoding === 'binary') && data.length > 128) {
    const text = bs58.encode(data);
    value = {
      ...encodeAccount(state, 'base64', decimalsOf)!,
      data: encoding === 'binary' ? text : [text, 'base58'],
    };
  } else value = encodeAccount(state, encoding, decimalsOf, slice)!;
  return account === null ? { ...value, rentEpoch: 0 } : value;
}

/** The text of one notification. */
export function notificationText(method: string, subscription: number, result: unknown): string {
  return stringifyJson({ jsonrpc: '2.0', method, params: { result, subscription } });
}
