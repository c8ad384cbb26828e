/**
 * Balances and test funds on the sandbox (tokens and prices: tokens.ts).
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, method } from './schemas';

export interface TokenBalance {
  mint: string;
  /** The directory's symbol; else the one the chain records (token metadata); else null. */
  symbol: string | null;
  /** The directory's name, else the chain's (issue 18); null when neither names the mint. */
  name?: string | null;
  decimals: number;
  /** Base units, decimal string. */
  amount: string;
  tokenAccount: string;
  tokenProgram: string;
  /** On the token API's verified list (issue 11); false when unknown. */
  verified?: boolean;
  /**
   * A Token-2022 Scaled UI Amount mint's multiplier in force when the balances were read (issue
   * 35): the screens show and take this token's amounts scaled by it. Absent on other mints.
   */
  multiplier?: number;
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

/** What `balances.watch` saw (issue 33). */
export interface BalanceWatch {
  /** False when the network serves no subscriptions: refresh on a timer as before. */
  supported: boolean;
  /** True when the account or one of its token accounts changed; false when the wait ended. */
  changed: boolean;
}

export const balancesMethods = {
  'balances.get': method<Balances>()(z.object({ address: base58Address }).strict()),
  /**
   * Waits (at most 20 s) until the address's SOL or a token account of it changes, through the
   * RPC's subscriptions; answers at once `supported: false` where the RPC has none.
   */
  'balances.watch': method<BalanceWatch>()(z.object({ address: base58Address }).strict()),
  /** Sandbox only: SOL and some of each sandbox token for the address. */
  'sandbox.fund': method<FundResult>()(z.object({ address: base58Address }).strict()),
} as const;
