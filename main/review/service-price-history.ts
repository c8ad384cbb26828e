/**
 * A side nothing but the swap service prices, weighed against the service's own earlier prices
 * (issue 32, point 4: "where no independent evidence exists, the review says so, and a trade
 * whose rate is far from every reference the wallet has must be acknowledged").
 *
 * A token with no Pyth feed, no pool the wallet can read and no stake pool is valued at the
 * service's word (trade-value.ts). The one reference left is what the same service answered
 * earlier this run (prices/price-memory.ts): a service that turns hostile, routing through its
 * own pool 40% under the market with its price API lying along, contradicts its own earlier
 * answers. A move of more than 20% within a day, for a token nothing else prices, must be
 * acknowledged; without any earlier price, the review says that too.
 */
import type { RememberedPrice } from '../prices/price-memory';
import { decimalText, gapBps, parseDecimal } from '../shared/usd';
import type { TokenWarning } from './types';
import type { SideValuation } from './valuation-types';

/** The service's price this far (20%) from one it answered earlier must be acknowledged. */
export const SERVICE_PRICE_MOVE_BPS = 2_000n;

function ago(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 120) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** |a − b| / b in basis points; null when either is unreadable or b is 0. */
function gapOf(aText: string, bText: string): bigint | null {
  const a = parseDecimal(aText);
  const b = parseDecimal(bText);
  return a && b && b.digits !== 0n ? gapBps(a, b) : null;
}

/** The earlier price furthest from the service's price now, with its gap. */
function furthest(
  servicePrice: string,
  earlier: readonly RememberedPrice[],
): { sample: RememberedPrice; gap: bigint } | null {
  let best: { sample: RememberedPrice; gap: bigint } | null = null;
  for (const sample of earlier) {
    const gap = gapOf(servicePrice, sample.usdPrice);
    if (gap !== null && (best === null || gap > best.gap)) best = { sample, gap };
  }
  return best;
}

/** Is this side valued at the service's word alone? */
export const restsOnService = (s: SideValuation) =>
  s.source === 'service' && s.servicePrice !== null;

/**
 * What the service's earlier prices say of a side valued at its word: a sentence for the
 * valuation, and a warning to acknowledge when the price moved more than 20%.
 */
export function serviceHistory(
  s: SideValuation,
  symbol: string,
  earlier: readonly RememberedPrice[],
  now: number,
): { sentence: string; warning: TokenWarning | null } | null {
  if (!restsOnService(s) || s.servicePrice === null) return null;
  // The price the review itself just fetched is not an earlier one.
  const older = earlier.filter((sample) => now - sample.at >= 60_000);
  const far = furthest(s.servicePrice, older);
  if (!far) {
    return {
      sentence: `Swapdesk has no earlier price of ${symbol} to compare it with.`,
      warning: null,
    };
  }
  const oldest = older[0] ?? far.sample;
  if (far.gap <= SERVICE_PRICE_MOVE_BPS) {
    return {
      sentence: `The swap service has priced ${symbol} within ${SERVICE_PRICE_MOVE_BPS / 100n}% of this since ${ago(now - oldest.at)}, the only check Swapdesk has.`,
      warning: null,
    };
  }
  return {
    sentence: `The swap service priced ${symbol} at $${far.sample.usdPrice} ${ago(now - far.sample.at)}.`,
    warning: {
      mint: s.mint,
      kind: 'service-price-moved',
      mustAcknowledge: true,
      sentence: `The swap service prices ${symbol} at $${s.servicePrice} now and priced it at $${far.sample.usdPrice} ${ago(now - far.sample.at)}: ${decimalText({ digits: far.gap, scale: 2 })}% apart. Nothing else Swapdesk can read prices ${symbol} (no Pyth feed, no pool it found), so it cannot tell which is right, and the route may go through a pool priced far from the market. Continue only if you know why the price moved.`,
    },
  };
}
