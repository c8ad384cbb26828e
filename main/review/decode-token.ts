/**
 * Decodes SPL Token and Token-2022 instructions (the layouts both programs share, 0–24).
 * Anything else, or an instruction with too few accounts or bytes, is `unknown`: the guard
 * refuses what it cannot read rather than guess.
 */
import type { Address } from '../shared/address';
import type { DecodedInstruction } from './types';
import { decodeTokenV11, isTokenV11Tag } from './decode-token-v11';

const AUTHORITY_TYPES = ['MintTokens', 'FreezeAccount', 'AccountOwner', 'CloseAccount'] as const;

/** Token instructions a swap may carry that move nothing and grant nothing. */
const HARMLESS: Readonly<Record<number, string>> = {
  21: 'getAccountDataSize',
  22: 'initializeImmutableOwner',
  23: 'amountToUiAmount',
  24: 'uiAmountToAmount',
};

/** Names of the other shared instructions, for the report (the guard refuses them). */
const OTHER_NAMES: Readonly<Record<number, string>> = {
  0: 'initializeMint',
  2: 'initializeMultisig',
  10: 'freezeAccount',
  11: 'thawAccount',
  19: 'initializeMultisig2',
  20: 'initializeMint2',
};

function u64(data: Uint8Array, offset: number): bigint | undefined {
  if (data.length < offset + 8) return undefined;
  return new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true);
}

/**
 * Decodes one token-program instruction. `accounts` are the instruction's account addresses in
 * order; `encodeKey` turns 32 bytes into base58.
 */
export function decodeTokenInstruction(
  data: Uint8Array,
  accounts: readonly Address[],
  encodeKey: (bytes: Uint8Array) => Address,
): DecodedInstruction {
  const tag = data[0];
  const a = (i: number) => accounts[i] as Address;
  const need = (count: number) => accounts.length >= count;
  switch (tag) {
    case 1:
      return need(3)
        ? { kind: 'tokenInitializeAccount', account: a(0), mint: a(1), owner: a(2) }
        : unknown();
    case 16:
    case 18:
      if (!need(2) || data.length < 33) return unknown();
      return {
        kind: 'tokenInitializeAccount',
        account: a(0),
        mint: a(1),
        owner: encodeKey(data.subarray(1, 33)),
      };
    case 3: {
      const amount = u64(data, 1);
      if (amount === undefined || !need(3)) return unknown();
      return { kind: 'tokenTransfer', source: a(0), destination: a(1), authority: a(2), amount };
    }
    case 12: {
      const amount = u64(data, 1);
      if (amount === undefined || data.length < 10 || !need(4)) return unknown();
      return {
        kind: 'tokenTransfer',
        source: a(0),
        mint: a(1),
        destination: a(2),
        authority: a(3),
        amount,
        decimals: data[9] as number,
      };
    }
    case 4: {
      const amount = u64(data, 1);
      if (amount === undefined || !need(3)) return unknown();
      return { kind: 'tokenApprove', source: a(0), delegate: a(1), owner: a(2), amount };
    }
    case 13: {
      const amount = u64(data, 1);
      if (amount === undefined || !need(4)) return unknown();
      return {
        kind: 'tokenApprove',
        source: a(0),
        mint: a(1),
        delegate: a(2),
        owner: a(3),
        amount,
      };
    }
    case 5:
      return need(2) ? { kind: 'tokenRevoke', source: a(0), owner: a(1) } : unknown();
    case 6: {
      if (data.length < 3 || !need(2)) return unknown();
      const hasNew = data[2] === 1;
      if (hasNew && data.length < 35) return unknown();
      return {
        kind: 'tokenSetAuthority',
        account: a(0),
        currentAuthority: a(1),
        authorityType: AUTHORITY_TYPES[data[1] as number] ?? 'Other',
        newAuthority: hasNew ? encodeKey(data.subarray(3, 35)) : null,
      };
    }
    case 7:
    case 14: {
      const amount = u64(data, 1);
      if (amount === undefined || !need(2)) return unknown();
      return { kind: 'tokenMintTo', mint: a(0), destination: a(1), amount };
    }
    case 8:
    case 15: {
      const amount = u64(data, 1);
      if (amount === undefined || !need(3)) return unknown();
      return { kind: 'tokenBurn', account: a(0), mint: a(1), owner: a(2), amount };
    }
    case 9:
      return need(3)
        ? { kind: 'tokenCloseAccount', account: a(0), destination: a(1), owner: a(2) }
        : unknown();
    case 17:
      return need(1) ? { kind: 'tokenSyncNative', account: a(0) } : unknown();
    default: {
      if (tag === undefined) return unknown();
      // Token-2022's pausable, permissioned burn, unwrap and scaled-amount families (issue 35).
      if (isTokenV11Tag(tag)) return decodeTokenV11(data, accounts, encodeKey);
      const harmless = HARMLESS[tag];
      if (harmless !== undefined) return { kind: 'other', name: harmless };
      const other = OTHER_NAMES[tag];
      return other === undefined ? unknown() : { kind: 'other', name: other };
    }
  }
}

/** True for token instructions that move nothing and grant nothing (see HARMLESS). */
export function isHarmlessTokenInstruction(name: string): boolean {
  return Object.values(HARMLESS).includes(name);
}

function unknown(): DecodedInstruction {
  return { kind: 'unknown' };
}
