/**
 * The programs the review knows by name, and which of them the guard lets a swap call. The
 * allowlist is short on purpose: every allowed program is one whose instructions the review
 * decodes (or, for Jupiter, Raydium CP-Swap and Raydium CLMM, the swap programs themselves, whose swap
 * instructions are named and whose token movements are read from the simulated post-state),
 * so nothing it cannot read reaches the person's signature.
 */
import { sanitizeServiceLabel } from '../shared/service-message';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
export const MEMO_V1_PROGRAM = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo';
export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
export const JUPITER_V6_PROGRAM = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
/** Raydium CP-Swap (CPMM): the sandbox's swaps run on it, as do direct swaps on mainnet. */
export const CP_SWAP_PROGRAM = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C';
/** Raydium AMM v4: the sandbox's second venue (issue 33), Jupiter's "Raydium". */
export const AMM_V4_PROGRAM = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';
/** Raydium CLMM: the sandbox's concentrated-liquidity pools (issue 33), `swap_v2` only. */
export const CLMM_PROGRAM = 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK';
/**
 * Jupiter's order engine: JupiterZ's RFQ fills on /order (jup-ag/rfq-webhook-toolkit
 * `programs/order-engine`, production id).
 */
export const JUPITERZ_ORDER_ENGINE = '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH';
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';

const NAMES: Readonly<Record<string, string>> = {
  [SYSTEM_PROGRAM]: 'System',
  [COMPUTE_BUDGET_PROGRAM]: 'Compute Budget',
  [TOKEN_PROGRAM]: 'SPL Token',
  [TOKEN_2022_PROGRAM]: 'Token-2022',
  [ASSOCIATED_TOKEN_PROGRAM]: 'Associated Token Account',
  [MEMO_PROGRAM]: 'Memo',
  [MEMO_V1_PROGRAM]: 'Memo (v1)',
  [ADDRESS_LOOKUP_TABLE_PROGRAM]: 'Address Lookup Table',
  [JUPITER_V6_PROGRAM]: 'Jupiter v6',
  [JUPITERZ_ORDER_ENGINE]: 'JupiterZ order engine',
  [CP_SWAP_PROGRAM]: 'Raydium CP-Swap',
  [AMM_V4_PROGRAM]: 'Raydium AMM v4',
  [CLMM_PROGRAM]: 'Raydium CLMM',
};

/** True for the SPL Token and Token-2022 programs. */
export function isTokenProgram(programId: string): boolean {
  return programId === TOKEN_PROGRAM || programId === TOKEN_2022_PROGRAM;
}

/**
 * The name shown for a program: a built-in name, else the swap service's label (GET
 * /program-id-to-label), sanitized and at most 48 characters (its text, not the wallet's:
 * issue 32), else "Unknown program".
 */
export function programName(programId: string, labels: Record<string, string> = {}): string {
  return NAMES[programId] ?? sanitizeServiceLabel(labels[programId]) ?? 'Unknown program';
}

/**
 * Whether the guard lets a swap transaction call `programId` at the top level. Labels from the
 * swap service never widen this list: a label names a program, it does not vouch for it.
 */
export function isAllowedProgram(programId: string, allowJupiter: boolean): boolean {
  if (programId === JUPITER_V6_PROGRAM || programId === JUPITERZ_ORDER_ENGINE) return allowJupiter;
  return NAMES[programId] !== undefined;
}
