/**
 * The one step every request encoder shares (GET /quote, /build, /order, POST /swap): the
 * fields of the request named in the endpoint's order, in that order, each left out when
 * undefined, and written as the endpoint's `wire` says where its form differs from the value
 * (venue lists comma-separated, lamport bigints as JSON numbers). Each encoder is then its order
 * and its exceptions, and cannot drift from the others in how it treats an unset field.
 */

/** How one field goes on the wire when not as its own value; undefined leaves it out. */
export type WireForms<P> = { [K in keyof P]?: (value: NonNullable<P[K]>) => unknown };

/**
 * `[name, wire value]` of each field of `source` in `order` that is set (not undefined).
 * @example definedFields({ a: 1, b: undefined }, ['b', 'a']) // [['a', 1]]
 */
export function definedFields<P extends object>(
  source: P,
  order: readonly (keyof P & string)[],
  wire: WireForms<P> = {},
): [string, unknown][] {
  const fields: [string, unknown][] = [];
  for (const name of order) {
    const value = source[name];
    if (value === undefined) continue;
    const form = wire[name];
    const written = form === undefined ? value : form(value as NonNullable<P[typeof name]>);
    if (written !== undefined) fields.push([name, written]);
  }
  return fields;
}

/**
 * The query string of `definedFields`: numbers, bigints and booleans as their decimal or
 * 'true'/'false' text.
 * @example encodeQuery({ amount: 5n, taker: undefined }, ['amount', 'taker']).toString() // 'amount=5'
 */
export function encodeQuery<P extends object>(
  source: P,
  order: readonly (keyof P & string)[],
  wire: WireForms<P> = {},
): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of definedFields(source, order, wire)) query.set(name, String(value));
  return query;
}
