/**
 * What the review needs from the market about a trade's two tokens (issue 11): the directory's
 * entry (verified or not), their USD prices, and for an unverified one, a verified token whose
 * symbol reads the same (what it may be imitating). See review/market-warnings.ts. And Pyth's
 * prices of the two, read through the person's RPC (issue 25; review/market-review.ts).
 */
import type { MarketFacts } from '../review/market-warnings';
import type { SwapIntent } from '../review/types';
import type { PriceService } from '../prices/price-service';
import type { OracleReader } from '../prices/oracle/oracle-reader';
import type { TokenDirectory } from '../tokens/token-directory';

export function marketFactsOf(
  directory: Pick<TokenDirectory, 'get' | 'namesakes'>,
  prices: PriceService,
  oracle?: OracleReader,
): (intent: SwapIntent) => Promise<MarketFacts> {
  return async (intent) => {
    const mints = [intent.inputMint, intent.outputMint];
    // Pyth's feeds are one getMultipleAccountsInfo, read beside the directory and the service's
    // prices, and the whole of this beside the review's own reads (tickets/issue-ticket.ts).
    const [tokens, quoted, readings] = await Promise.all([
      directory.get(mints),
      prices.prices(mints),
      oracle?.read(mints),
    ]);
    const namesakes = new Map<string, string>();
    for (const token of tokens.values()) {
      if (token.verified) continue;
      const [namesake] = await directory.namesakes(token.mint, token.symbol);
      if (namesake) namesakes.set(token.mint, namesake.mint);
    }
    return { tokens, prices: quoted, namesakes, ...(readings ? { oracle: readings } : {}) };
  };
}
