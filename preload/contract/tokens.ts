/**
 * Which token is this, what it looks like, what it is worth (issue 11): the token directory,
 * logos fetched by main, and USD prices.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, method } from './schemas';

/** A token a picker can offer or a screen can name. */
export interface TokenInfo {
  mint: string;
  /** null for a mint read from the chain that no list names. */
  symbol: string | null;
  name: string | null;
  decimals: number;
  /** SPL Token or Token-2022 program id; null when the list did not say and the chain was not read. */
  tokenProgram: string | null;
  /** Where the entry came from: the token API (live or its cache), the bundled list, or only the chain. */
  source: 'api' | 'cache' | 'bundled' | 'chain';
  /** On the token API's verified list. An unverified token is marked wherever it appears. */
  verified: boolean;
  /** tokens.logo has a logo URL to try for it (the URL itself stays in main). */
  hasLogo: boolean;
  /**
   * Its issuer has paused it (Token-2022 PausableConfig, read from the chain when the list was
   * answered, issue 35): nothing can move it until it is resumed. Absent: not paused or not read.
   */
  paused?: boolean;
}

/** A USD price per whole token, as exact decimal text, with its age. */
export interface PriceView {
  /** e.g. "147.48"; null when the price API has no price for the token. */
  usdPrice: string | null;
  /** When main fetched it (ms since epoch); null when missing. */
  asOf: number | null;
  /** `stale`: older than a minute (the price API could not be asked again). */
  status: 'fresh' | 'stale' | 'missing';
  /**
   * Whose price it is (issue 25): `oracle`, Pyth's feed read through the network's RPC (asOf is
   * its publish time); `service`, the swap service's Price API. Absent when there is no price.
   */
  source?: 'oracle' | 'service';
  /** The Pyth feed the wallet's table names for the mint (`SOL/USD`), when it has one. */
  feed?: string;
  /** Why that feed's price was not used (stale, too wide, …), in words. */
  oracleRefusal?: string;
}

export interface LogoView {
  /** A data: URL of a PNG, JPEG, GIF or WebP image; null: draw the placeholder. */
  dataUrl: string | null;
}

export const tokensMethods = {
  /** Tokens for the pickers: the verified list of the token API (its cache, the bundled list offline). */
  'tokens.list': method<TokenInfo[]>()(z.object({}).strict()),
  /** Tokens matching a symbol, name or mint, as the person types (the renderer debounces). */
  'tokens.search': method<TokenInfo[]>()(z.object({ query: z.string().max(200) }).strict()),
  /** A pasted mint: decimals and token program read from the chain, names from the directory. */
  'tokens.lookup': method<TokenInfo>()(z.object({ mint: base58Address }).strict()),
  /** A token's logo, fetched and checked by main; the page never loads a logo URL itself. */
  'tokens.logo': method<LogoView>()(z.object({ mint: base58Address }).strict()),
  /** USD prices of up to 100 mints; every mint asked has an entry. */
  'prices.get': method<Record<string, PriceView>>()(
    z.object({ mints: z.array(base58Address).min(1).max(100) }).strict(),
  ),
} as const;
