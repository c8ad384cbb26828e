/**
 * The warnings of a review that come from the market rather than the chain (issue 11): a token
 * that is not on the verified list, and a trade whose USD value out is far below its USD value
 * in (value-loss.ts). Unverified on the output side is dangerous (it is what a look-alike token scam sells, and
 * must be acknowledged); on the input side the person already holds it, so it is a caution. A
 * token the directory cannot vouch for (offline, unknown) counts as unverified.
 *
 * Money is computed in exact decimals (main/shared/usd.ts), never JavaScript numbers.
 */
import type { PriceView } from '../../preload/api-types';
import type { PoolPrice } from '../prices/chain-pools/pool-price-reader';
import type { StakePoolRate } from '../prices/chain-pools/stake-pool-rate';
import type { RememberedPrice } from '../prices/price-memory';
import type { OracleReading } from '../prices/oracle/oracle-checks';
import { NATIVE_MINT } from './program-ids';
import type { Address } from '../shared/address';
import type { SwapIntent, TokenWarning } from './types';
import { valueWarning } from './value-loss';
import { priceApiValues, type ValueSource } from './value-source';
import { shortAddress } from './words';

export interface MarketFacts {
  /** What the directory knows of each mint; a mint absent is unknown. */
  tokens: ReadonlyMap<
    string,
    {
      symbol: string;
      verified: boolean;
      decimals: number;
      /** When its first pool was created, ms (`firstPool.createdAt`); null or absent: unknown. */
      firstPoolAt?: number | null;
    }
  >;
  prices: Readonly<Record<string, PriceView>>;
  /** For an unverified mint, the mint of a verified token whose symbol reads the same. */
  namesakes?: ReadonlyMap<string, string>;
  /** Pyth's readings of the mints the wallet has a feed for (issue 25; market-review.ts). */
  oracle?: ReadonlyMap<string, OracleReading>;
  /** The deepest CP-Swap pool's price of each side without Pyth's live price (issue 32). */
  pools?: ReadonlyMap<string, PoolPrice>;
  /** A liquid staking token's stake pool rate (issue 32). */
  stakePools?: ReadonlyMap<string, StakePoolRate>;
  /** The service's earlier prices of each side this run, oldest first, read at `at` (issue 32). */
  remembered?: { at: number; prices: ReadonlyMap<string, readonly RememberedPrice[]> };
  /** Where USD values come from (value-source.ts); default: `prices`, the Price API's. */
  values?: ValueSource;
}

function nameOf(mint: string, facts: MarketFacts): string {
  return facts.tokens.get(mint)?.symbol ?? `token ${shortAddress(mint)}`;
}

function unverified(
  mint: string,
  side: 'input' | 'output',
  facts: MarketFacts,
): TokenWarning | null {
  if (mint === NATIVE_MINT || facts.tokens.get(mint)?.verified) return null;
  const name = nameOf(mint, facts);
  const namesake = facts.namesakes?.get(mint);
  // A verified token that reads the same is what a look-alike scam counts on: say so first.
  const notListed = namesake
    ? `${name} is not on the verified token list, and a verified token whose symbol reads the same has another mint (${shortAddress(namesake)}): this one may be an imitation.`
    : side === 'output'
      ? `${name} is not on the verified token list: anyone can create a token with any name and logo.`
      : `${name} is not on the verified token list: its name and logo are not vouched for by anyone.`;
  return {
    mint: mint as Address,
    kind: 'unverified',
    mustAcknowledge: side === 'output',
    sentence:
      side === 'output'
        ? `${notListed} Make sure ${shortAddress(mint)} is the mint of the token you mean to buy.`
        : notListed,
  };
}

/** The market warnings of a swap or payment, dangerous first. */
export function marketWarnings(intent: SwapIntent, facts: MarketFacts): TokenWarning[] {
  // Opening a payee's account buys nothing: the payment that follows is reviewed on its own.
  if (intent.payment?.kind === 'create-destination') return [];
  const warnings = [
    unverified(intent.outputMint, 'output', facts),
    intent.inputMint !== intent.outputMint ? unverified(intent.inputMint, 'input', facts) : null,
    valueWarning(intent, {
      values: facts.values ?? priceApiValues(facts.prices),
      tokens: facts.tokens,
      nameOf: (mint) => nameOf(mint, facts),
    }),
  ].filter((warning): warning is TokenWarning => warning !== null);
  return warnings.sort((a, b) => Number(b.mustAcknowledge) - Number(a.mustAcknowledge));
}
