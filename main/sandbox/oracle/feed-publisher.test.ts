/**
 * The sandbox's Pyth feeds on a real in-process ledger: at mainnet's sponsored addresses, owned
 * by the receiver program's id, in the layout Pyth's SDK reads, accepted by the wallet's checks;
 * priced by the market outside the pools (a pool pushed leaves them where they were); and the
 * stale and wide conditions refused by the wallet's checks, by name.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { sdkDecode } from '../../../test/fixtures/pyth-sdk';
import { SandboxLedger } from '../ledger/ledger';
import { loadOrSeedMarket } from '../pools/seed-market';
import { createMarketContext } from '../swap-api/market-context';
import { poolPrices } from '../market-data/pool-prices';
import { marketPriceAt } from '../market-data/reference-prices';
import { SANDBOX_TOKENS } from '../tokens';
import { feedOfMint, ORACLE_FEEDS } from '../../prices/oracle/feed-table';
import {
  judgeFeedAccount,
  scaledPrice,
  type OracleReading,
} from '../../prices/oracle/oracle-checks';
import { decimalText } from '../../shared/usd';
import { PYTH_RECEIVER_PROGRAM_ID } from '../../prices/oracle/price-update-v2';
import { createFeedPublisher } from './feed-publisher';

const mint = (symbol: string) => SANDBOX_TOKENS.find((t) => t.symbol === symbol)!.mint;

function sandbox(clockMs: { now: number }) {
  const dir = tempDir('swapdesk-oracle-feeds-');
  const ledger = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0 });
  const context = createMarketContext(ledger, loadOrSeedMarket(ledger, join(dir, 'swap')));
  const publisher = createFeedPublisher(ledger, { now: () => clockMs.now });
  return { ledger, context, publisher };
}

function judge(ledger: SandboxLedger, symbol: string, nowMs: number): OracleReading {
  const feed = feedOfMint(mint(symbol))!;
  return judgeFeedAccount(feed, ledger.getAccount(feed.address), Math.floor(nowMs / 1000));
}

describe('the sandbox oracle', () => {
  it("publishes every sponsored feed of a sandbox token at mainnet's address, as Pyth's SDK reads it", () => {
    const clock = { now: 1_764_230_400_000 };
    const { ledger, publisher } = sandbox(clock);
    publisher.publish();
    const published = publisher.feeds();
    expect(published.map((f) => f.symbol).sort()).toEqual(
      ['BONK', 'JUP', 'SOL', 'USDC', 'USDT', 'WIF', 'mSOL'].sort(),
    );
    for (const feed of ORACLE_FEEDS) {
      const account = ledger.getAccount(feed.address)!;
      expect(account.owner).toBe(PYTH_RECEIVER_PROGRAM_ID);
      expect(account.lamports).toBe(ledger.minimumBalanceForRentExemption(134));
      const decoded = sdkDecode(account.data);
      expect(decoded).toMatchObject({
        level: 'full',
        feedId: feed.feedId,
        publishTime: '1764230400',
      });
    }
    const sol = judge(ledger, 'SOL', clock.now);
    expect(sol.ok).toBe(true);
    const expected = marketPriceAt('SOL', 1_764_230_400)!;
    expect(sol.ok && sol.price.usdPrice).toBe(decimalText(scaledPrice(expected.price, -8)));
    // The published price is within the swing of the pools' seeded 150.
    expect(Number(sol.ok && sol.price.usdPrice)).toBeGreaterThan(149.3);
    expect(Number(sol.ok && sol.price.usdPrice)).toBeLessThan(150.7);
    // No sponsored feed, nothing published: JitoSOL, RAY, PYUSD keep the service's price.
    expect(feedOfMint(mint('JitoSOL'))).toBeUndefined();
  });

  it('moves on its own clock, and a pool pushed to a tenth of its price leaves the feed where it was', () => {
    const clock = { now: 1_764_230_400_000 };
    const { ledger, context, publisher } = sandbox(clock);
    publisher.publish();
    const before = judge(ledger, 'SOL', clock.now);
    const poolBefore = poolPrices(context).get(mint('SOL'))!;
    // Push the first SOL/USDC pool: its USDC vault down to a tenth (what a whale's swap does).
    const pool = context.market.pools.find(
      (p) => [p.mintA, p.mintB].includes(mint('SOL')) && [p.mintA, p.mintB].includes(mint('USDC')),
    )!;
    const usdcVault = pool.mintA === mint('USDC') ? pool.vaultA : pool.vaultB;
    const vault = ledger.getAccount(usdcVault)!;
    const data = vault.data.slice();
    const view = new DataView(data.buffer);
    view.setBigUint64(64, view.getBigUint64(64, true) / 10n, true);
    ledger.setAccount(usdcVault, { ...vault, data });
    const poolAfter = poolPrices(context).get(mint('SOL'))!;
    expect(poolAfter).toBeLessThan(poolBefore / 5);
    publisher.publish();
    const after = judge(ledger, 'SOL', clock.now);
    expect(after).toEqual(before);
    // Its own clock: a minute and a half later the price has moved a little, by itself.
    clock.now += 90_000;
    publisher.publish();
    const later = judge(ledger, 'SOL', clock.now);
    expect(later.ok && later.price.usdPrice).not.toBe(before.ok && before.price.usdPrice);
    expect(later.ok && later.price.publishTime).toBe(1_764_230_490);
  });

  it('makes a feed stale or wide on request, so the wallet refuses it by name, and live again', () => {
    const clock = { now: 1_764_230_400_000 };
    const { ledger, publisher } = sandbox(clock);
    publisher.start(60_000)(); // publishes once; the timer is stopped at once
    expect(publisher.setCondition(mint('SOL'), 'stale')).toMatchObject({
      symbol: 'SOL',
      alias: 'SOL/USD',
      condition: 'stale',
    });
    clock.now += 5_000;
    publisher.publish(); // a stale feed is not published again
    const stale = judge(ledger, 'SOL', clock.now);
    expect(stale).toMatchObject({ ok: false, check: 'age' });
    expect(!stale.ok && stale.reason).toBe(
      "Pyth's SOL/USD feed is stale: last published 605 s ago (more than 60 s).",
    );
    publisher.setCondition(mint('BONK'), 'wide');
    expect(judge(ledger, 'BONK', clock.now)).toMatchObject({ ok: false, check: 'confidence' });
    expect(judge(ledger, 'USDC', clock.now).ok).toBe(true); // the others stay live
    publisher.setCondition(mint('SOL'), 'live');
    expect(judge(ledger, 'SOL', clock.now).ok).toBe(true);
    // A stale feed of a chosen age (issue 32: a five-minute-old price), its last price kept.
    publisher.setCondition(mint('SOL'), 'stale', 300);
    const fiveMinutes = judge(ledger, 'SOL', clock.now);
    expect(!fiveMinutes.ok && fiveMinutes.last?.ageSeconds).toBe(300);
    publisher.setCondition(mint('SOL'), 'live');
    expect(() => publisher.setCondition(mint('RAY'), 'stale')).toThrow(
      /No oracle feed for mint .* on the sandbox \(feeds: SOL, USDC/,
    );
  });
});
