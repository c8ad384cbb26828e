/**
 * Balances, test funds on the sandbox, and the token list.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, method } from './schemas';

export interface TokenBalance {
  mint: string;
  symbol: string | null;
  decimals: number;
  /** Base units, decimal string. */
  amount: string;
  tokenAccount: string;
  tokenProgram: string;
}

export interface Balances {
  address: string;
  /** Lamports, decimal string. */
  lamports: string;
  tokens: TokenBalance[];
  /** Slot the balances were read at. */
  slot: number;
}

export interface FundResult {
  signatures: string[];
}

/** A token a picker can offer: from the sandbox's list, the bundled mainnet list, or the chain. */
export interface TokenInfo {
  mint: string;
  /** null for a mint read from the chain that no list names. */
  symbol: string | null;
  name: string | null;
  decimals: number;
  /** SPL Token or Token-2022 program id. */
  tokenProgram: string;
  /** Where the entry came from. */
  source: 'sandbox' | 'bundled' | 'chain';
}

export const balancesMethods = {
  'balances.get': method<Balances>()(z.object({ address: base58Address }).strict()),
  /** Sandbox only: SOL and some of each sandbox token for the address. */
  'sandbox.fund': method<FundResult>()(z.object({ address: base58Address }).strict()),
  /** Tokens for the pickers: the sandbox's list on the sandbox, the bundled list elsewhere. */
  'tokens.list': method<TokenInfo[]>()(z.object({}).strict()),
  /** A pasted mint: decimals and token program read from the chain. */
  'tokens.lookup': method<TokenInfo>()(z.object({ mint: base58Address }).strict()),
} as const;
