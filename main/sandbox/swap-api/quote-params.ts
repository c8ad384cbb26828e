/**
 * GET /quote's query, validated. Lists come comma-separated (`dexes=A,B`) or as repeated keys
 * (`dexes=A&dexes=B`, what the official client sends); both are accepted and may be mixed.
 * Unknown parameters are ignored, as the public API does.
 */
import { PublicKey } from '@solana/web3.js';
import { VENUE_LABELS, type VenueLabel } from '../venues/types';
import { MAX_ACCOUNTS } from '../router/route-accounts';
import type { SwapMode } from '../router/route-types';
import { SwapApiError } from './api-error';

export interface QuoteParams {
  inputMint: string;
  outputMint: string;
  amount: bigint;
  swapMode: SwapMode;
  slippageBps: number;
  autoSlippage: boolean;
  maxAutoSlippageBps: number;
  autoSlippageCollisionUsdValue: number | null;
  dexes: ReadonlySet<VenueLabel> | null;
  excludeDexes: ReadonlySet<VenueLabel>;
  restrictIntermediateTokens: boolean;
  onlyDirectRoutes: boolean;
  asLegacyTransaction: boolean;
  platformFeeBps: number;
  /** Null when the request gave none (the default budget applies). */
  maxAccounts: number | null;
}

const U64_MAX = (1n << 64n) - 1n;
/** A platform fee above 10% is almost certainly a mistake in bps (e.g. 2000 meant as 0.2%). */
export const MAX_PLATFORM_FEE_BPS = 1_000;

function invalid(message: string): SwapApiError {
  return new SwapApiError('INVALID_PARAMETER', message);
}

function single(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) throw invalid(`${name} is given ${values.length} times; give it once.`);
  return values[0];
}

function mint(query: URLSearchParams, name: string): string {
  const value = single(query, name);
  if (value === undefined || value === '') throw invalid(`${name} is required (a mint address).`);
  try {
    return new PublicKey(value).toBase58();
  } catch {
    throw invalid(`${name} "${value}" is not a base58 address.`);
  }
}

function bool(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = single(query, name);
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalid(`${name} must be true or false, not "${value}".`);
}

function integer(
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
): number | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw invalid(`${name} must be a whole number from ${min} to ${max}, not "${value}".`);
  }
  return Number(value);
}

function venues(query: URLSearchParams, name: string): Set<VenueLabel> | null {
  const raw = query.getAll(name);
  if (raw.length === 0) return null;
  const labels = new Set<VenueLabel>();
  for (const label of raw.flatMap((value) => value.split(',')).map((v) => v.trim())) {
    if (label === '') continue;
    if (!(VENUE_LABELS as readonly string[]).includes(label)) {
      throw invalid(`${name}: unknown venue "${label}". Venues: ${VENUE_LABELS.join(', ')}.`);
    }
    labels.add(label as VenueLabel);
  }
  return labels;
}

/** Parses and validates the query of GET /quote; throws SwapApiError. */
export function parseQuoteParams(query: URLSearchParams): QuoteParams {
  const inputMint = mint(query, 'inputMint');
  const outputMint = mint(query, 'outputMint');
  const amountText = single(query, 'amount');
  if (amountText === undefined) throw invalid('amount is required (base units, a whole number).');
  if (!/^[1-9]\d*$/.test(amountText) || BigInt(amountText) > U64_MAX) {
    throw invalid(
      `amount must be a positive whole number of base units up to 2^64-1, not "${amountText}".`,
    );
  }
  const swapModeText = single(query, 'swapMode') ?? 'ExactIn';
  if (swapModeText !== 'ExactIn' && swapModeText !== 'ExactOut') {
    throw invalid(`swapMode must be ExactIn or ExactOut, not "${swapModeText}".`);
  }
  const maxAccounts = integer(query, 'maxAccounts', 1, Number.MAX_SAFE_INTEGER) ?? null;
  if (maxAccounts !== null && maxAccounts > MAX_ACCOUNTS) {
    throw new SwapApiError(
      'MAX_ACCOUNT_GREATER_THAN_MAX',
      `maxAccounts is ${maxAccounts}; the most a swap transaction can reference here is ${MAX_ACCOUNTS}.`,
    );
  }
  const collision = single(query, 'autoSlippageCollisionUsdValue');
  if (collision !== undefined && !(Number.isFinite(Number(collision)) && Number(collision) >= 0)) {
    throw invalid(
      `autoSlippageCollisionUsdValue must be a non-negative number, not "${collision}".`,
    );
  }
  return {
    inputMint,
    outputMint,
    amount: BigInt(amountText),
    swapMode: swapModeText,
    slippageBps: integer(query, 'slippageBps', 0, 10_000) ?? 50,
    autoSlippage: bool(query, 'autoSlippage', false),
    maxAutoSlippageBps: integer(query, 'maxAutoSlippageBps', 0, 10_000) ?? 400,
    autoSlippageCollisionUsdValue: collision === undefined ? null : Number(collision),
    dexes: venues(query, 'dexes'),
    excludeDexes: venues(query, 'excludeDexes') ?? new Set(),
    restrictIntermediateTokens: bool(query, 'restrictIntermediateTokens', true),
    onlyDirectRoutes: bool(query, 'onlyDirectRoutes', false),
    asLegacyTransaction: bool(query, 'asLegacyTransaction', false),
    platformFeeBps: integer(query, 'platformFeeBps', 0, MAX_PLATFORM_FEE_BPS) ?? 0,
    maxAccounts,
  };
}
