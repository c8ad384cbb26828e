/**
 * What the review needs from the market about a trade's two tokens (issue 11): the directory's
 * entry (verified or not), their USD prices, and for an unverified one, a verified token whose
 * symbol reads the same (what it may be imitating). See review/market-warnings.ts.
 */
import type { MarketFacts } from '../review/market-warnings';
import type { SwapIntent } from '../review/types';
import type { PriceService } from '../prices/price-service';
import type { TokenDirectory } from '../tokens/token-directory';

export function marketFactsOf(
  directory: Pick<TokenDirectory, 'get' | 'namesakes'>,
  prices: PriceService,
): (intent: SwapIntent) => Promise<MarketFacts> {
  return async (intent) => {
    const mints = [intent.inputMint, intent.outputMint];
    const [tokens, quoted] = await Promise.all([directory.get(mints), prices.prices(mints)]);
    const namesakes = new Map<string, string>();
    for (const token of tokens.values()) {
      if (token.verified) continue;
      const [namesake] = await directory.namesakes(token.mint, token.symbol);
      if (namesake) namesakes.set(token.mint, namesake.mint);
    }
    return { tokens, prices: quoted, namesakes };
  };
}
