/**
 * A USD value next to an amount (issue 11): `≈ $1,234.56`, computed from base units and the
 * price's decimal text with bigint math (main/shared/usd.ts). A missing price says so; a price
 * older than a minute says how old it is, so nobody trades on a number that stopped moving.
 */
import type { PriceView } from '../../../../preload/api-types';
import { formatUsd, parseDecimal, usdValue, type Decimal } from '../../../../main/shared/usd';
import { isStale } from '../../../../main/shared/price-age';

/** The USD value of `amount` base units, or null without a usable price. */
export function usdOf(
  amount: string | bigint,
  decimals: number,
  price: PriceView | undefined,
): Decimal | null {
  const usd = price?.usdPrice ? parseDecimal(price.usdPrice) : null;
  return usd ? usdValue(BigInt(amount), decimals, usd) : null;
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
}

export function UsdValue({ amount, decimals, price, label, prefix = '≈' }: UsdValueProps) {
  const value = usdOf(amount, decimals, price);
  const age = priceAgeText(price);
  return (
    <span className="usd-value muted" aria-label={label}>
      {value ? `${prefix ? `${prefix} ` : ''}${formatUsd(value)}` : 'No USD price'}
      {value && age ? <span className="price-age"> ({age})</span> : null}
    </span>
  );
}
