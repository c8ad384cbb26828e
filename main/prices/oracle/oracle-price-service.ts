/**
 * The prices the screens show (Balances, Total value, quotes; issue 25): Pyth's price, read
 * through the person's RPC, wherever the wallet's table has a feed for the mint and the feed
 * passed every check; the swap service's Price API elsewhere. Each price says whose it is
 * (`source`), so the screens can mark oracle prices; an oracle price's `asOf` is its publish
 * time. A feed that failed a check gives way to the service's price, with the reason kept in
 * `oracleRefusal`. The two reads run side by side.
 */
import type { PriceView } from '../../../preload/api-types';
import { isStale } from '../../shared/price-age';
import type { PriceService } from '../price-service';
import type { OracleReader } from './oracle-reader';

export function withOraclePrices(
  service: PriceService,
  oracle: OracleReader,
  now: () => number,
): PriceService {
  return {
    async prices(mints) {
      const [quoted, readings] = await Promise.all([
        service.prices(mints),
        oracle.read(mints).catch(() => new Map()),
      ]);
      const answer: Record<string, PriceView> = {};
      for (const mint of new Set(mints)) {
        const reading = readings.get(mint);
        const theirs = quoted[mint] ?? { usdPrice: null, asOf: null, status: 'missing' };
        if (reading?.ok) {
          const asOf = reading.price.publishTime * 1000;
          answer[mint] = {
            usdPrice: reading.price.usdPrice,
            asOf,
            status: isStale(asOf, now()) ? 'stale' : 'fresh',
            source: 'oracle',
            feed: reading.price.alias,
          };
        } else {
          answer[mint] = {
            ...theirs,
            ...(theirs.usdPrice !== null ? { source: 'service' as const } : {}),
            ...(reading ? { feed: reading.alias, oracleRefusal: reading.reason } : {}),
          };
        }
      }
      return answer;
    },
  };
}
