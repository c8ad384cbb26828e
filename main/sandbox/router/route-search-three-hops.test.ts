/**
 * Routes of three hops (issue 33): the router finds a chain of three pools where it is the only
 * way or the best, honours the filters and the account budget, and stays within 0.1% of the
 * exhaustive optimum over every path of up to three hops.
 */
import { describe, expect, it } from 'vitest';
import { countRouteAccounts } from './route-accounts';
import { candidatePaths, findBestRoute } from './route-search';
import type { Route } from './route-types';
import { expectNearExhaustive, routerKit } from '../../../test/fixtures/router-market';

const { cp, market, request } = routerKit('three');

const mints = (route: Route | null) =>
  route === null ? null : [route.hops[0]!.inputMint, ...route.hops.map((hop) => hop.outputMint)];

const DEEP = 10n ** 12n;

describe('routes of three hops', () => {
  // mSOL > SOL > USDC > TFEE in the sandbox: no pool and no single middle token joins the ends.
  const chain = () =>
    market([cp('X', 'A', DEEP, DEEP), cp('A', 'B', DEEP, DEEP), cp('B', 'Y', DEEP, DEEP)]);

  it('finds the only chain of three pools, ExactIn and ExactOut', () => {
    const { graph, reservesOf } = chain();
    const exactIn = findBestRoute(graph, reservesOf, request({}));
    expect(mints(exactIn)).toEqual(['X', 'A', 'B', 'Y']);
    expect(exactIn!.inAmount).toBe(1_000_000n);
    expect(exactIn!.outAmount).toBeLessThan(1_000_000n);
    expect(exactIn!.outAmount).toBeGreaterThan(990_000n);
    const exactOut = findBestRoute(graph, reservesOf, request({ swapMode: 'ExactOut' }));
    expect(mints(exactOut)).toEqual(['X', 'A', 'B', 'Y']);
    expect(exactOut!.outAmount).toBe(1_000_000n);
    expect(exactOut!.inAmount).toBeGreaterThan(1_000_000n);
    // Each hop takes what the one before it delivers.
    for (const route of [exactIn!, exactOut!]) {
      route.hops.slice(1).forEach((hop, i) => expect(hop.amountIn).toBe(route.hops[i]!.amountOut));
    }
  });

  it('keeps to the allowed intermediate tokens and to direct routes when asked', () => {
    const { graph, reservesOf } = chain();
    expect(findBestRoute(graph, reservesOf, request({ onlyDirectRoutes: true }))).toBeNull();
    const onlyA = request({ intermediateMints: new Set(['A']) });
    expect(findBestRoute(graph, reservesOf, onlyA)).toBeNull();
    const both = request({ intermediateMints: new Set(['A', 'B']) });
    expect(mints(findBestRoute(graph, reservesOf, both))).toEqual(['X', 'A', 'B', 'Y']);
  });

  it('never passes a token twice (no pool twice), and stops at three hops', () => {
    const { graph } = market([
      cp('X', 'A', DEEP, DEEP),
      cp('A', 'B', DEEP, DEEP),
      cp('B', 'C', DEEP, DEEP),
      cp('C', 'Y', DEEP, DEEP),
      cp('A', 'X', DEEP, DEEP),
    ]);
    const paths = candidatePaths(graph, request({}));
    // X > A > B > C > Y would be four hops: nothing joins X and Y within three.
    expect(paths).toEqual([]);
    for (const path of candidatePaths(graph, request({ outputMint: 'C' }))) {
      expect(new Set(path).size).toBe(path.length);
    }
  });

  // X > A > Y through a 1% pool, or X > A > B > Y through two deep 0.01% ones.
  const chainBeatingDirect = () =>
    market([
      cp('X', 'A', DEEP, DEEP),
      cp('A', 'Y', DEEP, DEEP, 100),
      cp('A', 'B', DEEP, DEEP, 1),
      cp('B', 'Y', DEEP, DEEP, 1),
    ]);

  it('takes three hops over two when the chain pays more (a 1% pool against two deep ones)', () => {
    const { graph, reservesOf } = chainBeatingDirect();
    const route = findBestRoute(graph, reservesOf, request({}));
    expect(mints(route)).toEqual(['X', 'A', 'B', 'Y']);
  });

  it('offers the next best route when the three-hop one needs more accounts than maxAccounts', () => {
    const { graph, reservesOf } = chainBeatingDirect();
    const three = findBestRoute(graph, reservesOf, request({}))!;
    const limit = countRouteAccounts(three, () => false, false) - 1;
    const next = findBestRoute(graph, reservesOf, request({ maxAccounts: limit }));
    expect(mints(next)).toEqual(['X', 'A', 'Y']);
    expect(countRouteAccounts(next!, () => false, false)).toBeLessThanOrEqual(limit);
  });
});

describe('router against exhaustive search over three hops (property)', () => {
  it('finds the exhaustive optimum (within 0.1%) on random markets of four tokens', () => {
    const pairs: [string, string][] = [
      ['X', 'Y'],
      ['X', 'H'],
      ['X', 'K'],
      ['H', 'K'],
      ['H', 'Y'],
      ['K', 'Y'],
    ];
    expectNearExhaustive(pairs, 8);
  });
});
