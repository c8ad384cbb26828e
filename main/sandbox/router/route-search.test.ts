import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceHop, splitAmount } from './hop-split';
import { countRouteAccounts } from './route-accounts';
import { findBestRoute, pricePath } from './route-search';
import { expectNearExhaustive, routerKit } from '../../../test/fixtures/router-market';

/** A CP-Swap pool (priced by the program's arithmetic), or a market maker's book. */
const { cp, market, request } = routerKit('cp');

describe('splitAmount', () => {
  it('hands the remainder to the last share so nothing is lost', () => {
    expect(splitAmount(1001n, [33, 67])).toEqual([330n, 671n]);
    expect(splitAmount(7n, [50, 50]).reduce((x, y) => x + y)).toBe(7n);
  });
});

describe('findBestRoute', () => {
  it('picks the pool that pays more for a small trade', () => {
    const cheap = cp('X', 'Y', 1_000_000_000n, 2_000_000_000n, 25);
    const better = cp('X', 'Y', 1_000_000_000n, 2_100_000_000n, 25);
    const { graph, reservesOf } = market([cheap, better]);
    const route = findBestRoute(
      graph,
      reservesOf,
      request({ inputMint: 'X', outputMint: 'Y', amount: 1_000n }),
    )!;
    expect(route.hops).toHaveLength(1);
    expect(route.hops[0]!.legs.map((leg) => leg.pool.ammKey)).toEqual([better[0].ammKey]);
  });

  it('splits a large trade evenly over two identical pools and gets more than either alone', () => {
    const one = cp('X', 'Y', 1_000_000n, 1_000_000n);
    const two = cp('X', 'Y', 1_000_000n, 1_000_000n);
    const { graph, reservesOf } = market([one, two]);
    const req = request({ inputMint: 'X', outputMint: 'Y', amount: 500_000n });
    const route = findBestRoute(graph, reservesOf, req)!;
    expect(route.hops[0]!.legs.map((leg) => leg.percent)).toEqual([50, 50]);
    const alone = priceHop('ExactIn', [one[0]], [100], 'X', 'Y', 500_000n, reservesOf)!;
    expect(route.outAmount).toBeGreaterThan(alone.amountOut);
  });

  it('goes through an intermediate token when there is no direct pool, unless only direct routes are allowed', () => {
    const { graph, reservesOf } = market([
      cp('X', 'HUB', 10n ** 9n, 10n ** 9n),
      cp('HUB', 'Y', 10n ** 9n, 10n ** 9n),
    ]);
    const route = findBestRoute(
      graph,
      reservesOf,
      request({ inputMint: 'X', outputMint: 'Y', amount: 1_000n }),
    )!;
    expect(route.hops.map((hop) => [hop.inputMint, hop.outputMint])).toEqual([
      ['X', 'HUB'],
      ['HUB', 'Y'],
    ]);
    expect(
      findBestRoute(
        graph,
        reservesOf,
        request({ inputMint: 'X', outputMint: 'Y', amount: 1_000n, onlyDirectRoutes: true }),
      ),
    ).toBeNull();
    expect(
      findBestRoute(
        graph,
        reservesOf,
        request({
          inputMint: 'X',
          outputMint: 'Y',
          amount: 1_000n,
          intermediateMints: new Set(['OTHER']),
        }),
      ),
    ).toBeNull();
  });

  it('honours the venue filter; both venues serve ExactOut', () => {
    const { graph, reservesOf } = market([
      cp('U', 'V', 10n ** 12n, 10n ** 12n, 25, 'Sandbox Market Maker'),
      cp('U', 'V', 10n ** 9n, 10n ** 9n),
    ]);
    const onlyMaker = request({
      inputMint: 'U',
      outputMint: 'V',
      amount: 10n ** 6n,
      allowVenue: (label) => label === 'Sandbox Market Maker',
    });
    const label = (route: ReturnType<typeof findBestRoute>) => route!.hops[0]!.legs[0]!.pool.label;
    expect(label(findBestRoute(graph, reservesOf, onlyMaker))).toBe('Sandbox Market Maker');
    const exactOut = findBestRoute(graph, reservesOf, {
      ...onlyMaker,
      swapMode: 'ExactOut',
      allowVenue: (venue) => venue === 'Raydium CPMM',
    })!;
    expect(exactOut.outAmount).toBe(10n ** 6n);
    expect(label(exactOut)).toBe('Raydium CPMM');
  });

  it('drops a split that would need more accounts than maxAccounts', () => {
    const { graph, reservesOf } = market([
      cp('X', 'Y', 1_000_000n, 1_000_000n),
      cp('X', 'Y', 1_000_000n, 1_000_000n),
    ]);
    const req = request({ inputMint: 'X', outputMint: 'Y', amount: 500_000n });
    const split = findBestRoute(graph, reservesOf, req)!;
    const limit = countRouteAccounts(split, () => false, false) - 1;
    const single = findBestRoute(graph, reservesOf, { ...req, maxAccounts: limit })!;
    expect(single.hops[0]!.legs).toHaveLength(1);
    expect(countRouteAccounts(single, () => false, false)).toBeLessThanOrEqual(limit);
  });
});

describe('router against exhaustive search (property)', () => {
  const reserve = fc.bigInt({ min: 10n ** 6n, max: 10n ** 12n });
  it('finds the exhaustive optimum (within 0.1%) on random markets of three tokens', () => {
    expectNearExhaustive(
      [
        ['X', 'Y'],
        ['X', 'H'],
        ['H', 'Y'],
      ],
      6,
    );
  });

  // Within CP-Swap's rounding: the trade fee rounds up both ways, a unit per pool at most, and a
  // unit of the middle token is worth at most d/c units of the output.
  it("an ExactOut route's input, priced ExactIn over the same path, yields the amount within the program's rounding", () => {
    fc.assert(
      fc.property(
        reserve,
        reserve,
        reserve,
        reserve,
        fc.integer({ min: 1, max: 200_000 }),
        (a, b, c, d, ppm) => {
          const { graph, reservesOf } = market([cp('X', 'H', a, b), cp('H', 'Y', c, d)]);
          const amount = (d * BigInt(ppm)) / 1_000_000n + 1n;
          const req = request({ inputMint: 'X', outputMint: 'Y', amount, swapMode: 'ExactOut' });
          const route = findBestRoute(graph, reservesOf, req);
          if (route === null) return;
          expect(route.outAmount).toBe(amount);
          const forward = pricePath(
            graph,
            { ...req, swapMode: 'ExactIn', amount: route.inAmount },
            ['X', 'H', 'Y'],
            reservesOf,
            false,
          );
          expect(forward).not.toBeNull();
          const slack = 2n + d / c;
          expect(forward!.outAmount).toBeGreaterThanOrEqual(amount - slack);
        },
      ),
      { numRuns: 500 },
    );
  });
});
