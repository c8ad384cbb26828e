/**
 * The Price API v3 answer, `{ [mint]: { usdPrice, blockId, decimals, priceChange24h, ... } }`,
 * read without letting a price pass through a JavaScript number: the JSON text of each
 * `usdPrice` is kept as it was written (a number literal becomes a string before JSON.parse),
 * so `0.00001999995` stays exactly that. A mint the API has no reliable price for is simply
 * absent from the answer, as the API documents.
 */
import { isAddress } from '../shared/address';
import { decimalText, parseDecimal } from '../shared/usd';

/** A JSON number literal after `"usdPrice":`, quoted so JSON.parse keeps its text. */
const USD_PRICE_NUMBER = /("usdPrice"\s*:\s*)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** Prices by mint as exact decimal text (`"147.48"`); entries without a usable price are left out. */
export function parsePriceAnswer(text: string): Map<string, string> {
  const body = JSON.parse(text.replace(USD_PRICE_NUMBER, '$1"$2"')) as unknown;
  const prices = new Map<string, string>();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return prices;
  for (const [mint, entry] of Object.entries(body as Record<string, unknown>)) {
    if (!isAddress(mint) || typeof entry !== 'object' || entry === null) continue;
    const raw = (entry as Record<string, unknown>).usdPrice;
    const price = typeof raw === 'string' ? parseDecimal(raw) : null;
    if (price === null || price.digits === 0n) continue; // null, negative or zero: no price
    prices.set(mint, decimalText(price));
  }
  return prices;
}
