/**
 * The pools of a state folder as JSON (bigints as decimal strings), so that live pools keep
 * their parameters even if the catalog changes in a later version.
 */
import type { Curve, Pool } from '../venues/types';

type Json = Record<string, unknown>;

function curveToJson(curve: Curve): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(curve)) {
    out[key] = typeof value === 'bigint' ? value.toString() : value;
  }
  return out;
}

function curveFromJson(json: Json): Curve {
  switch (json.kind) {
    case 'constant-product':
      return { kind: 'constant-product' };
    case 'concentrated':
      return {
        kind: 'concentrated',
        liquidity: BigInt(json.liquidity as string),
        sqrtPriceLowerX64: BigInt(json.sqrtPriceLowerX64 as string),
        sqrtPriceUpperX64: BigInt(json.sqrtPriceUpperX64 as string),
        virtualA: BigInt(json.virtualA as string),
        virtualB: BigInt(json.virtualB as string),
      };
    case 'stable-swap':
      return {
        kind: 'stable-swap',
        amplification: BigInt(json.amplification as string),
        precisionA: BigInt(json.precisionA as string),
        precisionB: BigInt(json.precisionB as string),
      };
    default:
      throw new Error(`pools file: unknown curve ${String(json.kind)}`);
  }
}

export function serializePools(pools: readonly Pool[]): string {
  return `${JSON.stringify(
    { version: 1, pools: pools.map((pool) => ({ ...pool, curve: curveToJson(pool.curve) })) },
    null,
    2,
  )}\n`;
}

export function parsePools(text: string): Pool[] {
  const parsed = JSON.parse(text) as {
    version: number;
    pools: (Omit<Pool, 'curve'> & { curve: Json })[];
  };
  if (parsed.version !== 1) throw new Error(`pools file: unknown version ${parsed.version}`);
  return parsed.pools.map((pool) => ({ ...pool, curve: curveFromJson(pool.curve) }));
}
