/**
 * A USD value next to an amount (issue 11): `≈ $1,234.56`, computed from base units and the
 * price's decimal text with bigint math (main/shared/usd.ts). A missing price says so; a price
 * older than a minute says how old it is, so nobody trades on a number that stopped moving; a
 * price from Pyth's oracle is marked `Pyth` (issue 25).
 */
import { scaledAtomic } from '../../../../main/shared/scaled-amount';
import { multiplierOf } from '../../lib/token-scale';
import type { PriceView } from '../../../../preload/api-types';
import { formatUsd, parseDecimal, usdValue, type Decimal } from '../../../../main/shared/usd';
import { isStale } from '../../../../main/shared/price-age';

/** The USD value of `amount` base units, or null without a usable price. */
export function usdOf(
  amount: string | bigint,
  decimals: number,
  price: PriceView | undefined,
  mint?: string | null,
): Decimal | null {
  const usd = price?.usdPrice ? parseDecimal(price.usdPrice) : null;
  if (!usd) return null;
  // A scaled mint's price is per UI unit (issue 35): value what the person holds, scaled.
  const multiplier = multiplierOf(mint);
  const raw = BigInt(amount);
  return usdValue(multiplier === undefined ? raw : scaledAtomic(raw, multiplier), decimals, usd);
}

/**
 * How old a price is, in words; null when it is fresh. A price main called fresh turns stale
 * here once it passes a minute, for a screen can stay open long after main answered.
 */
export function priceAgeText(price: PriceView | undefined, now = Date.now()): string | null {
  if (!price || price.status === 'missing' || price.asOf === null) return 'no price';
  if (price.status !== 'stale' && !isStale(price.asOf, now)) return null;
  const minutes = Math.max(1, Math.floor((now - price.asOf) / 60_000));
  return `price ${minutes} min old`;
}

export interface UsdValueProps {
  amount: string | bigint;
  decimals: number;
  price: PriceView | undefined;
  /** Accessible name, e.g. "USD value of USDC". */
  label?: string;
  /** Said before the value; default "≈". */
  prefix?: string;
  /** The token's mint: a Scaled UI Amount mint is valued at its multiplier (issue 35). */
  mint?: string;
}

/**
 * Marks a price Pyth's oracle gave (issue 25), read from the network rather than asked of the
 * swap service; its title names the feed.
 */
export function OracleMark({ price }: { price: PriceView | undefined }) {
  if (price?.source !== 'oracle') return null;
  const feed = price.feed ? ` (${price.feed})` : '';
  return (
    <span
      className="price-source small"
      title={`Pyth oracle price${feed}, read from the network, not from the swap service`}
      aria-label={`Pyth oracle price${feed}`}
    >
      {' '}
      Pyth
    </span>
  );
}

export function UsdValue({ amount, decimals, price, label, prefix = '≈', mint }: UsdValueProps) {
  const value = usdOf(amount, decimals, price, mint);
  const age = priceAgeText(price);
  return (
    <>
      <span className="usd-value muted" aria-label={label}>
        {value ? `${prefix ? `${prefix} ` : ''}${formatUsd(value)}` : 'No USD price'}
        {value && age ? <span className="price-age"> ({age})</span> : null}
      </span>
      {value ? <OracleMark price={price} /> : null}
    </>
  );
}

/**
 * The USD value of an amount of `token`, priced from `prices` by its mint; nothing while the
 * token (and so its decimals) is unknown.
 */
export function TokenUsdValue({
  amount,
  token,
  prices,
  label,
}: {
  amount: string | bigint;
  token: { mint: string; decimals: number } | null | undefined;
  prices: Readonly<Record<string, PriceView | undefined>>;
  label: string;
}) {
  if (!token) return null;
  return (
    <UsdValue
      amount={amount}
      decimals={token.decimals}
      price={prices[token.mint]}
      mint={token.mint}
      label={label}
    />
  );
}
