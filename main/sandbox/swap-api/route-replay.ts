/**
 * /swap re-prices the quote's own route (same pools, same shares) against the vault balances
 * of now, so the transaction moves amounts that are true at build time. When the pools moved
 * against the user beyond the quote's bound, it refuses instead of building a transaction.
 * The client's quote is not trusted: pools, mints and shares are checked against the market.
 */
import { BPS, ceilDiv } from '../venues/bigint-math';
import type { Pool } from '../venues/types';
import { priceHop } from '../router/hop-split';
import type { ReservesOf, Route, RouteHop, SwapMode } from '../router/route-types';
import { SwapApiError } from './api-error';
import type { MarketContext } from './market-context';
import type { QuoteResponseInput } from './swap-request';

interface PlannedHop {
  inputMint: string;
  outputMint: string;
  pools: Pool[];
  percents: number[];
}

/** Where the platform fee is taken and how it is shared. */
export interface FeePlan {
  mint: string;
  side: 'input' | 'output';
  feeAccount: string;
  integrator: bigint;
  operator: bigint;
}

export interface ReplayedSwap {
  route: Route;
  /** What the user pays in and receives, fees included. */
  userIn: bigint;
  userOut: bigint;
  feeBps: number;
  fee: bigint;
  feeSide: 'input' | 'output' | null;
  /**
   * The quote's bound in route terms, for the instructions' own bounds: ExactIn, the least the
   * route must deliver (the person's minimum plus an output-side fee); ExactOut, the most the
   * route may take (the person's maximum less the fee).
   */
  routeOutBound: bigint;
  routeInBound: bigint;
  /** The pool state the route was priced on (the instructions read their accounts from it). */
  reservesOf: ReservesOf;
}

function planHops(context: MarketContext, quote: QuoteResponseInput): PlannedHop[] {
  const hops: PlannedHop[] = [];
  for (const step of quote.routePlan) {
    const { ammKey, inputMint, outputMint } = step.swapInfo;
    const pool = context.graph.pool(ammKey);
    if (pool === undefined) {
      throw new SwapApiError(
        'MARKET_NOT_FOUND',
        `The quote names pool ${ammKey}, which the sandbox does not have; get a new quote.`,
      );
    }
    const joins =
      (pool.mintA === inputMint && pool.mintB === outputMint) ||
      (pool.mintB === inputMint && pool.mintA === outputMint);
    if (!joins) {
      throw new SwapApiError(
        'INVALID_QUOTE_RESPONSE',
        `Pool ${ammKey} does not trade ${inputMint} for ${outputMint}; send the quote unchanged.`,
      );
    }
    const last = hops[hops.length - 1];
    if (last !== undefined && last.inputMint === inputMint && last.outputMint === outputMint) {
      if (last.pools.includes(pool)) {
        throw new SwapApiError(
          'INVALID_QUOTE_RESPONSE',
          `Pool ${ammKey} appears twice in one hop.`,
        );
      }
      last.pools.push(pool);
      last.percents.push(step.percent);
    } else {
      hops.push({ inputMint, outputMint, pools: [pool], percents: [step.percent] });
    }
  }
  const chained = hops.every((hop, i) =>
    i === 0 ? hop.inputMint === quote.inputMint : hop.inputMint === hops[i - 1]?.outputMint,
  );
  if (!chained || hops[hops.length - 1]?.outputMint !== quote.outputMint) {
    throw new SwapApiError(
      'INVALID_QUOTE_RESPONSE',
      'The route plan does not lead from the input mint to the output mint hop by hop.',
    );
  }
  for (const hop of hops) {
    if (hop.percents.reduce((sum, p) => sum + p, 0) !== 100) {
      throw new SwapApiError(
        'ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT',
        'The shares of a hop in the route plan do not add up to 100 percent.',
      );
    }
  }
  return hops;
}

function moved(): SwapApiError {
  return new SwapApiError(
    'SLIPPAGE_TOLERANCE_EXCEEDED',
    'The pools moved since the quote: this swap would now fall outside its slippage bound. Get a new quote.',
  );
}

/**
 * Re-prices `quote` now. `feeMint` is the mint of the fee account when one was given (the fee
 * is taken only when the quote carries platformFeeBps and the swap request a feeAccount).
 */
export function replayQuote(
  context: MarketContext,
  quote: QuoteResponseInput,
  feeMint: string | null,
): ReplayedSwap {
  const planned = planHops(context, quote);
  const reservesOf = context.reservesReader();
  const feeBps = feeMint === null ? 0 : (quote.platformFee?.feeBps ?? 0);
  const bps = BigInt(feeBps);
  const threshold = BigInt(quote.otherAmountThreshold);
  const hops: RouteHop[] = new Array<RouteHop>(planned.length);
  // A planned hop priced on today's reserves; one that no longer prices means the pools moved.
  const reprice = (mode: SwapMode, hop: PlannedHop, amount: bigint): RouteHop => {
    const priced = priceHop(
      mode,
      hop.pools,
      hop.percents,
      hop.inputMint,
      hop.outputMint,
      amount,
      reservesOf,
    );
    if (priced === null) throw moved();
    return priced;
  };
  if (quote.swapMode === 'ExactIn') {
    const feeSide = feeBps === 0 ? null : feeMint === quote.inputMint ? 'input' : 'output';
    const userIn = BigInt(quote.inAmount);
    const inputFee = feeSide === 'input' ? (userIn * bps) / BPS : 0n;
    let amount = userIn - inputFee;
    planned.forEach((hop, i) => {
      const priced = reprice('ExactIn', hop, amount);
      hops[i] = priced;
      amount = priced.amountOut;
    });
    const outputFee = feeSide === 'output' ? (amount * bps) / BPS : 0n;
    const userOut = amount - outputFee;
    if (userOut < threshold) throw moved();
    const route: Route = {
      swapMode: 'ExactIn',
      hops,
      inAmount: userIn - inputFee,
      outAmount: amount,
    };
    return {
      route,
      userIn,
      userOut,
      feeBps,
      fee: inputFee + outputFee,
      feeSide,
      routeOutBound: threshold + outputFee,
      routeInBound: route.inAmount,
      reservesOf,
    };
  }
  let amount = BigInt(quote.outAmount);
  for (let i = planned.length - 1; i >= 0; i -= 1) {
    const priced = reprice('ExactOut', planned[i] as PlannedHop, amount);
    hops[i] = priced;
    amount = priced.amountIn;
  }
  const fee = ceilDiv(amount * bps, BPS);
  const userIn = amount + fee;
  if (userIn > threshold) throw moved();
  const route: Route = {
    swapMode: 'ExactOut',
    hops,
    inAmount: amount,
    outAmount: BigInt(quote.outAmount),
  };
  return {
    route,
    userIn,
    userOut: route.outAmount,
    feeBps,
    fee,
    feeSide: feeBps === 0 ? null : 'input',
    routeOutBound: route.outAmount,
    routeInBound: threshold - fee,
    reservesOf,
  };
}
