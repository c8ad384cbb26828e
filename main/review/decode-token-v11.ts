/**
 * Token-2022's newer instructions (issue 35), by their first byte: 43 scaled UI amount, 44
 * pausable, 45 unwrap lamports, 46 permissioned burn (Token-2022 v10 and v11; the layouts are
 * @solana/spl-token 0.4.15's builders under extensions/pausable, scaledUiAmount and
 * permissionedBurn, and instructions/unwrapLamports). A permissioned burn is a burn (the guard
 * judges it as one) that also names the mint's burn authority; the others are worded `other`
 * instructions, which the guard refuses in a swap or payment as it refuses any token
 * administration. Anything shorter than its layout is `unknown`.
 */
import type { Address } from '../shared/address';
import type { DecodedInstruction } from './types';
import { shortAddress as s } from './words';

const ZERO_KEY = '11111111111111111111111111111111';

function u64(data: Uint8Array, offset: number): bigint | undefined {
  if (data.length < offset + 8) return undefined;
  return new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true);
}

function f64(data: Uint8Array, offset: number): number | undefined {
  if (data.length < offset + 8) return undefined;
  return new DataView(data.buffer, data.byteOffset + offset, 8).getFloat64(0, true);
}

const unknown = (): DecodedInstruction => ({ kind: 'unknown' });
const other = (name: string, detail: string): DecodedInstruction => ({
  kind: 'other',
  name,
  detail,
});

/** Whether `tag` is one of the instruction families this module reads. */
export function isTokenV11Tag(tag: number | undefined): boolean {
  return tag === 43 || tag === 44 || tag === 45 || tag === 46;
}

/**
 * Decodes a Token-2022 instruction of tag 43 to 46. `accounts` are the instruction's addresses
 * in order; `encodeKey` turns 32 bytes into base58. The worded `detail` names accounts short,
 * as the rest of the report does.
 */
export function decodeTokenV11(
  data: Uint8Array,
  accounts: readonly Address[],
  encodeKey: (bytes: Uint8Array) => Address,
): DecodedInstruction {
  const a = (i: number) => accounts[i] as Address;
  const sub = data[1];
  if (data.length < 2) return unknown();
  switch (data[0]) {
    case 44: // Pausable: [mint, authority]
      if (accounts.length < 1) return unknown();
      if (sub === 0) {
        if (data.length < 34) return unknown();
        return other(
          'initializePausable',
          `make ${s(a(0))} pausable, ${s(encodeKey(data.subarray(2, 34)))} its pause authority: while paused, every transfer, mint and burn of it is refused`,
        );
      }
      if (accounts.length < 2) return unknown();
      if (sub === 1)
        return other(
          'pause',
          `pause the token ${s(a(0))} (signed by ${s(a(1))}): from now on every transfer, mint and burn of it is refused`,
        );
      if (sub === 2)
        return other(
          'resume',
          `resume the token ${s(a(0))} (signed by ${s(a(1))}): its transfers work again`,
        );
      return unknown();
    case 46: {
      // Permissioned burn: Initialize [mint]; Burn/BurnChecked [account, mint, burn authority, owner].
      if (sub === 0) {
        if (data.length < 34 || accounts.length < 1) return unknown();
        return other(
          'initializePermissionedBurn',
          `require the permission of ${s(encodeKey(data.subarray(2, 34)))} for every burn of ${s(a(0))}`,
        );
      }
      if ((sub !== 1 && sub !== 2) || accounts.length < 4) return unknown();
      const amount = u64(data, 2);
      if (amount === undefined || (sub === 2 && data.length < 11)) return unknown();
      return {
        kind: 'tokenBurn',
        account: a(0),
        mint: a(1),
        owner: a(3),
        amount,
        permissionedBy: a(2),
      };
    }
    case 45: {
      // UnwrapLamports: [source, destination, owner], amount Option<u64>.
      if (accounts.length < 3) return unknown();
      const amount = sub === 1 ? u64(data, 2) : sub === 0 ? null : undefined;
      if (amount === undefined) return unknown();
      const what = amount === null ? 'all the SOL' : `${amount} lamports`;
      return other(
        'unwrapLamports',
        `unwrap ${what} from the wrapped SOL account ${s(a(0))} into ${s(a(1))} (signed by ${s(a(2))})`,
      );
    }
    case 43: {
      // ScaledUiAmount: Initialize [mint] authority + f64; UpdateMultiplier [mint, authority] f64 + i64.
      if (accounts.length < 1) return unknown();
      if (sub === 0) {
        const multiplier = f64(data, 34);
        if (multiplier === undefined) return unknown();
        const authority = encodeKey(data.subarray(2, 34));
        return other(
          'initializeScaledUiAmount',
          `give ${s(a(0))} a UI multiplier of ${multiplier}${authority === ZERO_KEY ? '' : `, changeable by ${s(authority)}`}`,
        );
      }
      if (sub === 1) {
        const multiplier = f64(data, 2);
        const at =
          data.length >= 18
            ? new DataView(data.buffer, data.byteOffset + 10, 8).getBigInt64(0, true)
            : undefined;
        if (multiplier === undefined || at === undefined) return unknown();
        return other(
          'updateMultiplier',
          `change the UI multiplier of ${s(a(0))} to ${multiplier} from ${new Date(Number(at) * 1000).toISOString()}: every balance of it will read ${multiplier} times its raw amount`,
        );
      }
      return unknown();
    }
    default:
      return unknown();
  }
}
