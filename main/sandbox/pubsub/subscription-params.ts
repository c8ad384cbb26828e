/**
 * The params of the PubSub subscribe methods, read as a validator reads them (agave's
 * `rpc_pubsub.rs`): positional, an optional config last, commitment `finalized` and account
 * encoding `binary` when not given, and the validator's messages for what is wrong.
 */
import bs58 from 'bs58';
import {
  parseDataSlice,
  parseEncoding,
  type AccountEncoding,
  type DataSlice,
} from '../rpc/account-encoding';
import {
  configParam,
  optionalBoolean,
  requireParam,
  stringParam,
  type Params,
} from '../rpc/params';
import { invalidParams } from '../rpc/rpc-error';

export type Commitment = 'processed' | 'confirmed' | 'finalized';

/** Slots after its landing at which a transaction reaches each level (ledger/signature-status.ts). */
export const COMMITMENT_DELAY: Record<Commitment, number> = {
  processed: 0,
  confirmed: 1,
  finalized: 32,
};

export type ProgramFilter =
  { kind: 'dataSize'; size: number } | { kind: 'memcmp'; offset: number; bytes: Uint8Array };

export type SubscriptionSpec =
  | {
      kind: 'account';
      address: string;
      commitment: Commitment;
      encoding: AccountEncoding;
      dataSlice?: DataSlice;
    }
  | {
      kind: 'program';
      program: string;
      commitment: Commitment;
      encoding: AccountEncoding;
      dataSlice?: DataSlice;
      filters: ProgramFilter[];
    }
  | { kind: 'signature'; signature: string; commitment: Commitment; received: boolean }
  | { kind: 'slot' }
  | { kind: 'logs'; mentions: string | null; commitment: Commitment };

/** A validator's limit on getProgramAccounts and programSubscribe filters. */
const MAX_FILTERS = 4;
/** The longest memcmp a validator compares. */
const MAX_MEMCMP_BYTES = 128;

function commitmentOf(config: Record<string, unknown>): Commitment {
  const value = config['commitment'];
  if (value === undefined || value === null) return 'finalized';
  // The deprecated names validators still accept.
  if (value === 'processed' || value === 'recent') return 'processed';
  if (value === 'confirmed' || value === 'single' || value === 'singleGossip') return 'confirmed';
  if (value === 'finalized' || value === 'root' || value === 'max') return 'finalized';
  throw invalidParams(
    `Invalid params: unknown variant \`${String(value)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\`.`,
  );
}

function decodedKey(value: string, thing: string, length: number): string {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw invalidParams(`Invalid Request: Invalid ${thing} provided`);
  }
  if (bytes.length !== length) throw invalidParams(`Invalid Request: Invalid ${thing} provided`);
  return value;
}

function accountConfig(config: Record<string, unknown>) {
  const dataSlice = parseDataSlice(config['dataSlice']);
  return {
    commitment: commitmentOf(config),
    encoding: parseEncoding(config['encoding'], 'binary'),
    ...(dataSlice ? { dataSlice } : {}),
  };
}

function filterOf(raw: unknown): ProgramFilter {
  const filter = raw as { dataSize?: unknown; memcmp?: unknown } | null;
  if (filter && typeof filter === 'object' && typeof filter.dataSize === 'number') {
    if (!Number.isInteger(filter.dataSize) || filter.dataSize < 0)
      throw invalidParams('Invalid params: dataSize must be a non-negative integer.');
    return { kind: 'dataSize', size: filter.dataSize };
  }
  const memcmp = filter?.memcmp as { offset?: unknown; bytes?: unknown; encoding?: unknown };
  if (
    memcmp &&
    typeof memcmp === 'object' &&
    typeof memcmp.offset === 'number' &&
    Number.isInteger(memcmp.offset) &&
    memcmp.offset >= 0 &&
    typeof memcmp.bytes === 'string'
  ) {
    let bytes: Uint8Array;
    try {
      if (memcmp.encoding === 'base64') bytes = Buffer.from(memcmp.bytes, 'base64');
      else if (memcmp.encoding === undefined || memcmp.encoding === 'base58')
        bytes = bs58.decode(memcmp.bytes);
      else throw new Error('encoding');
    } catch {
      throw invalidParams('Invalid param: memcmp bytes are not valid base58 or base64.');
    }
    if (bytes.length > MAX_MEMCMP_BYTES)
      throw invalidParams(`Invalid param: memcmp bytes longer than ${MAX_MEMCMP_BYTES}.`);
    return { kind: 'memcmp', offset: memcmp.offset, bytes };
  }
  throw invalidParams(
    'Invalid params: a filter is {"dataSize": n} or {"memcmp": {"offset": n, "bytes": "…"}}.',
  );
}

/** getProgramAccounts' and programSubscribe's `filters`, checked as a validator checks them. */
export function filtersOf(value: unknown): ProgramFilter[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidParams('Invalid params: filters must be a sequence.');
  if (value.length > MAX_FILTERS)
    throw invalidParams(`Too many filters provided; max ${MAX_FILTERS}`);
  return value.map(filterOf);
}

function logsFilter(raw: unknown): string | null {
  if (raw === 'all' || raw === 'allWithVotes') return null;
  const mentions = (raw as { mentions?: unknown } | null)?.mentions;
  if (Array.isArray(mentions)) {
    if (mentions.length !== 1) throw invalidParams('Invalid Request: Only 1 address supported');
    if (typeof mentions[0] !== 'string')
      throw invalidParams('Invalid Request: Invalid mentions provided');
    return decodedKey(mentions[0], 'mentions', 32);
  }
  throw invalidParams(
    'Invalid params: unknown variant, expected `all`, `allWithVotes` or {"mentions": [address]}.',
  );
}

const SUBSCRIBE: Record<string, (params: Params) => SubscriptionSpec> = {
  accountSubscribe: (params) => ({
    kind: 'account',
    address: decodedKey(stringParam(params, 0), 'pubkey', 32),
    ...accountConfig(configParam(params, 1)),
  }),
  programSubscribe: (params) => {
    const config = configParam(params, 1);
    return {
      kind: 'program',
      program: decodedKey(stringParam(params, 0), 'pubkey', 32),
      ...accountConfig(config),
      filters: filtersOf(config['filters']),
    };
  },
  signatureSubscribe: (params) => {
    const config = configParam(params, 1);
    return {
      kind: 'signature',
      signature: decodedKey(stringParam(params, 0), 'signature', 64),
      commitment: commitmentOf(config),
      received: optionalBoolean(config, 'enableReceivedNotification') ?? false,
    };
  },
  slotSubscribe: () => ({ kind: 'slot' }),
  logsSubscribe: (params) => {
    const mentions = logsFilter(requireParam(params, 0));
    return { kind: 'logs', mentions, commitment: commitmentOf(configParam(params, 1)) };
  },
};

/** The unsubscribe methods served (each takes `[subscriptionId]`). */
export const UNSUBSCRIBE_METHODS = new Set([
  'accountUnsubscribe',
  'programUnsubscribe',
  'signatureUnsubscribe',
  'slotUnsubscribe',
  'logsUnsubscribe',
]);

/** The subscribe method's parser, or undefined when `method` is not one. */
export function subscribeParser(
  method: string,
): ((params: Params) => SubscriptionSpec) | undefined {
  return Object.hasOwn(SUBSCRIBE, method) ? SUBSCRIBE[method] : undefined;
}

/** Names of the subscribe methods served, for documentation and tests. */
export const SUBSCRIBE_METHODS = Object.keys(SUBSCRIBE);

/** The subscription id of an unsubscribe request. */
export function subscriptionIdParam(params: Params): number {
  const value = requireParam(params, 0);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw invalidParams('Invalid params: invalid type, expected u64.');
  return value;
}

/** True when `data` passes every filter of a programSubscribe. */
export function passesFilters(data: Uint8Array, filters: readonly ProgramFilter[]): boolean {
  return filters.every((filter) => {
    if (filter.kind === 'dataSize') return data.length === filter.size;
    if (filter.offset + filter.bytes.length > data.length) return false;
    return Buffer.from(filter.bytes).equals(
      data.subarray(filter.offset, filter.offset + filter.bytes.length),
    );
  });
}
