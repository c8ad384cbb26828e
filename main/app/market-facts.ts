/**
 * What the review needs from the market about a trade's two tokens (issue 11): the directory's
 * entry (verified or not), their USD prices, and for an unverified one, a verified token whose
 * symbol reads the same (what it may be imitating). See review/market-warnings.ts. And Pyth's
 * prices of the two, read through the person's RPC (issue 25; review/market-review.ts), and for
 * a side without Pyth's live price, the deepest CP-Swap pool's and a liquid staking token's
 * stake pool rate (issue 32).
 */
import type { MarketFacts } from '../review/market-warnings';
import type { SwapIntent } from '../review/types';
import { REFERENCE_MINTS, referencePrices } from '../review/side-evidence';
import type { PriceService } from '../prices/price-service';
import type { PoolPriceReader } from '../prices/chain-pools/pool-price-reader';
import type { OracleReader } from '../prices/oracle/oracle-reader';
import type { TokenDirectory } from '../tokens/token-directory';
import type { PriceMemory } from '../prices/price-memory';

/** The service's earlier prices the review weighs a side without evidence against (issue 32). */
export interface RememberedPrices {
  memory: Pick<PriceMemory, 'earlier'>;
  now: () => number;
}

export function marketFactsOf(
  directory: Pick<TokenDirectory, 'get' | 'namesakes'>,
  prices: PriceService,
  oracle?: OracleReader,
  pools?: PoolPriceReader,
  remembered?: RememberedPrices,
): (intent: SwapIntent) => Promise<MarketFacts> {
  return async (intent) => {
    const mints = [intent.inputMint, intent.outputMint];
    // Pyth's feeds are one getMultipleAccountsInfo (the two sides and the pools' reference
    // tokens together), read beside the directory and the service's prices, and the whole of
    // this beside the review's own reads (tickets/issue-ticket.ts).
    const readingsOf = async (): Promise<
      Pick<MarketFacts, 'pools' | 'stakePools'> & {
        readings?: MarketFacts['oracle'];
      }
    > => {
      const readings = await oracle?.read([...mints, ...REFERENCE_MINTS]);
      if (!readings || !pools) return readings ? { readings } : {};
      // A side without Pyth's live price looks for the chain's pools (two more reads, still
      // beside the review's simulation).
      const unpriced = mints.filter((mint) => !readings.get(mint)?.ok);
      if (unpriced.length === 0) return { readings };
      const [found, staking] = await Promise.all([
        pools.read(unpriced, referencePrices(readings)),
        pools.stakePools(unpriced),
      ]);
      return { readings, pools: found, stakePools: staking };
    };
    const [tokens, quoted, evidence] = await Promise.all([
      directory.get(mints),
      prices.prices(mints),
      readingsOf(),
    ]);
    const namesakes = new Map<string, string>();
    for (const token of tokens.values()) {
      if (token.verified) continue;
      const [namesake] = await directory.namesakes(token.mint, token.symbol);
      if (namesake) namesakes.set(token.mint, namesake.mint);
    }
    // Read after the prices above, which the memory has just noted as its newest sample.
    const at = remembered?.now() ?? 0;
    const earlier = new Map(
      mints.map((mint) => [mint as string, remembered?.memory.earlier(mint, at) ?? []]),
    );
    return {
      tokens,
      prices: quoted,
      namesakes,
      ...(remembered ? { remembered: { at, prices: earlier } } : {}),
      ...(evidence.readings ? { oracle: evidence.readings } : {}),
      ...(evidence.pools?.size ? { pools: evidence.pools } : {}),
      ...(evidence.stakePools?.size ? { stakePools: evidence.stakePools } : {}),
    };
  };
}
