/**
 * Decodes the instructions of the programs the review knows (System, Compute Budget, both
 * token programs, Associated Token Account, Memo, and the aggregator's route and account
 * instructions: decode-jupiter.ts) into `DecodedInstruction`. Programs it does not read (lookup
 * tables, anything else) decode as `other` or `unknown`.
 */
import bs58 from 'bs58';
import type { Address } from '../shared/address';
import { decodeTokenInstruction } from './decode-token';
import { decodeJupiter } from './decode-jupiter';
import { decodeOrderEngine } from './decode-order-engine';
import { decodeCpSwap } from './decode-cp-swap';
import { decodeAmmV4 } from './decode-amm-v4';
import { decodeClmm } from './decode-clmm';
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM,
  ASSOCIATED_TOKEN_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  isTokenProgram,
  JUPITER_V6_PROGRAM,
  JUPITERZ_ORDER_ENGINE,
  CP_SWAP_PROGRAM,
  AMM_V4_PROGRAM,
  CLMM_PROGRAM,
  MEMO_PROGRAM,
  MEMO_V1_PROGRAM,
  SYSTEM_PROGRAM,
} from './program-ids';
import type { DecodedInstruction } from './types';

const encodeKey = (bytes: Uint8Array) => bs58.encode(bytes) as Address;

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function decodeSystem(data: Uint8Array, accounts: readonly Address[]): DecodedInstruction {
  if (data.length < 4) return { kind: 'unknown' };
  const tag = view(data).getUint32(0, true);
  if (tag === 2 && data.length >= 12 && accounts.length >= 2) {
    return {
      kind: 'systemTransfer',
      from: accounts[0] as Address,
      to: accounts[1] as Address,
      lamports: view(data).getBigUint64(4, true),
    };
  }
  if (tag === 0 && data.length >= 52 && accounts.length >= 2) {
    return {
      kind: 'systemCreateAccount',
      from: accounts[0] as Address,
      newAccount: accounts[1] as Address,
      lamports: view(data).getBigUint64(4, true),
      space: view(data).getBigUint64(12, true),
      owner: encodeKey(data.subarray(20, 52)),
    };
  }
  if (tag === 1 && data.length >= 36 && accounts.length >= 1) {
    return {
      kind: 'systemAssign',
      account: accounts[0] as Address,
      owner: encodeKey(data.subarray(4, 36)),
    };
  }
  const names: Record<number, string> = {
    3: 'createAccountWithSeed',
    4: 'advanceNonceAccount',
    5: 'withdrawNonceAccount',
    6: 'initializeNonceAccount',
    7: 'authorizeNonceAccount',
    8: 'allocate',
    9: 'allocateWithSeed',
    10: 'assignWithSeed',
    11: 'transferWithSeed',
    12: 'upgradeNonceAccount',
  };
  const name = names[tag];
  return name === undefined ? { kind: 'unknown' } : { kind: 'other', name };
}

function decodeComputeBudget(data: Uint8Array): DecodedInstruction {
  const tag = data[0];
  if (tag === 2 && data.length >= 5) {
    return { kind: 'computeUnitLimit', units: view(data).getUint32(1, true) };
  }
  if (tag === 3 && data.length >= 9) {
    return { kind: 'computeUnitPrice', microLamports: view(data).getBigUint64(1, true) };
  }
  if (tag === 1 && data.length >= 5) return { kind: 'other', name: 'requestHeapFrame' };
  if (tag === 4 && data.length >= 5) {
    return { kind: 'other', name: 'setLoadedAccountsDataSizeLimit' };
  }
  return { kind: 'unknown' };
}

function decodeAssociatedTokenAccount(
  data: Uint8Array,
  accounts: readonly Address[],
): DecodedInstruction {
  const tag = data.length === 0 ? 0 : data[0];
  if ((tag === 0 || tag === 1) && data.length <= 1 && accounts.length >= 6) {
    return {
      kind: 'ataCreate',
      idempotent: tag === 1,
      payer: accounts[0] as Address,
      account: accounts[1] as Address,
      owner: accounts[2] as Address,
      mint: accounts[3] as Address,
      tokenProgram: accounts[5] as Address,
    };
  }
  if (tag === 2 && data.length === 1) return { kind: 'other', name: 'recoverNested' };
  return { kind: 'unknown' };
}

function decodeMemo(data: Uint8Array): DecodedInstruction {
  try {
    return { kind: 'memo', text: new TextDecoder('utf-8', { fatal: true }).decode(data) };
  } catch {
    return { kind: 'unknown' }; // the Memo program itself rejects invalid UTF-8
  }
}

/**
 * Decodes one instruction.
 * @example decodeInstruction(SYSTEM_PROGRAM, data, [from, to]) // { kind: 'systemTransfer', ... }
 */
export function decodeInstruction(
  programId: string,
  data: Uint8Array,
  accounts: readonly Address[],
): DecodedInstruction {
  if (programId === SYSTEM_PROGRAM) return decodeSystem(data, accounts);
  if (programId === COMPUTE_BUDGET_PROGRAM) return decodeComputeBudget(data);
  if (isTokenProgram(programId)) return decodeTokenInstruction(data, accounts, encodeKey);
  if (programId === ASSOCIATED_TOKEN_PROGRAM) return decodeAssociatedTokenAccount(data, accounts);
  if (programId === MEMO_PROGRAM || programId === MEMO_V1_PROGRAM) return decodeMemo(data);
  if (programId === ADDRESS_LOOKUP_TABLE_PROGRAM) return { kind: 'other', name: 'lookupTable' };
  if (programId === JUPITER_V6_PROGRAM) return decodeJupiter(data, accounts);
  if (programId === CP_SWAP_PROGRAM) return decodeCpSwap(data, accounts);
  if (programId === AMM_V4_PROGRAM) return decodeAmmV4(data, accounts);
  if (programId === CLMM_PROGRAM) return decodeClmm(data, accounts);
  if (programId === JUPITERZ_ORDER_ENGINE) return decodeOrderEngine(data, accounts);
  return { kind: 'unknown' };
}
