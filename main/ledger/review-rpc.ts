/**
 * The review's reads over JSON-RPC without web3.js's Connection (issue 26). Each answer is
 * parsed once (by the batcher, rpc-batch.ts) and checked here by a schema of what the review
 * reads, instead of being written back into a Response, parsed again by web3.js and checked by
 * its superstruct schemas, which took more time than the sandbox took to answer. The calls and
 * their parameters are those web3.js sends; the answers are held to the same shapes, and more
 * strictly where it matters: a getMultipleAccounts answer must have one entry per address asked
 * (a missing entry would otherwise read as an absent account).
 */
import { AddressLookupTableAccount, type PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import type {
  ReviewAccountInfo,
  ReviewReads,
  ReviewSimulated,
  ReviewSimulationConfig,
} from '../review';
import type { RpcBatcher } from './rpc-batch';

const base58Key = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
const lamports = z.number().int().nonnegative();

const accountSchema = z
  .object({
    lamports,
    owner: base58Key,
    data: z.tuple([z.string(), z.literal('base64')]),
    executable: z.boolean(),
  })
  .nullable();

const contextSchema = z.object({ slot: z.number() });

const accountsAnswer = z.object({ context: contextSchema, value: z.array(accountSchema) });
const accountAnswer = z.object({ context: contextSchema, value: accountSchema });
const heightAnswer = z.number().int().nonnegative();
const simulationAnswer = z.object({
  context: contextSchema,
  value: z.object({
    err: z.union([z.null(), z.string(), z.record(z.string(), z.unknown())]),
    logs: z.array(z.string()).nullable(),
    accounts: z.array(accountSchema).nullable().optional(),
    unitsConsumed: z.number().optional(),
  }),
});

const rpcError = z.object({ code: z.number(), message: z.string() });

/** A JSON-RPC response object's result or error; null when it is neither. */
function rpcAnswer(
  item: unknown,
): { result: unknown } | { error: z.infer<typeof rpcError> } | null {
  if (typeof item !== 'object' || item === null) return null;
  if ('error' in item) {
    const error = rpcError.safeParse(item.error);
    return error.success ? { error: error.data } : null;
  }
  return 'result' in item ? { result: item.result } : null;
}

/** An RPC error answer; its message reads as web3.js's does ("failed to …: message"). */
export class ReviewRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ReviewRpcError';
  }
}

function toInfo(account: z.infer<typeof accountSchema>): ReviewAccountInfo | null {
  if (account === null) return null;
  const owner = account.owner;
  return {
    lamports: account.lamports,
    owner: { toBase58: () => owner },
    data: new Uint8Array(Buffer.from(account.data[0], 'base64')),
  };
}

/**
 * The review's reads at `rpcUrl`, batched with every other call of the same turn by `rpc`.
 *
 * @example reviewTransaction({ ..., connection: createReviewRpc(rpcUrl, createRpcBatcher(fetch)) })
 */
export function createReviewRpc(rpcUrl: string, rpc: Pick<RpcBatcher, 'call'>): ReviewReads {
  async function result<T>(
    method: string,
    params: unknown[],
    schema: z.ZodType<T>,
    failure: string,
  ): Promise<T> {
    const answer = rpcAnswer(await rpc.call(rpcUrl, method, params));
    if (answer === null) throw new Error(`${failure}: the RPC's answer is not JSON-RPC`);
    if ('error' in answer) {
      throw new ReviewRpcError(answer.error.code, `${failure}: ${answer.error.message}`);
    }
    const parsed = schema.safeParse(answer.result);
    if (!parsed.success) throw new Error(`${failure}: the RPC's answer has an unexpected shape`);
    return parsed.data;
  }

  async function getMultipleAccountsByAddress(
    addresses: readonly string[],
    config: Parameters<ReviewReads['getMultipleAccountsInfo']>[1],
  ): Promise<(ReviewAccountInfo | null)[]> {
    const options =
      config === 'confirmed'
        ? { encoding: 'base64', commitment: 'confirmed' }
        : { encoding: 'base64', ...config };
    const { value } = await result(
      'getMultipleAccounts',
      [addresses, options],
      accountsAnswer,
      'failed to get info for accounts',
    );
    if (value.length !== addresses.length) {
      throw new Error(
        `failed to get info for accounts: ${value.length} answers for ${addresses.length} addresses`,
      );
    }
    return value.map(toInfo);
  }

  async function simulateWire(
    bytes: Uint8Array,
    config: ReviewSimulationConfig,
  ): Promise<{ value: ReviewSimulated }> {
    const wire = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
    const { value } = await result(
      'simulateTransaction',
      [wire, { ...config, encoding: 'base64' }],
      simulationAnswer,
      'failed to simulate transaction',
    );
    const simulated: ReviewSimulated = {
      err: value.err,
      logs: value.logs,
      ...(value.unitsConsumed !== undefined ? { unitsConsumed: value.unitsConsumed } : {}),
      accounts:
        value.accounts?.map((account) =>
          account === null
            ? null
            : { lamports: account.lamports, owner: account.owner, data: account.data },
        ) ?? null,
    };
    return { value: simulated };
  }

  return {
    getMultipleAccountsInfo: (keys, config) =>
      getMultipleAccountsByAddress(
        keys.map((key) => key.toBase58()),
        config,
      ),

    getMultipleAccountsByAddress,

    async getAddressLookupTable(key: PublicKey) {
      const { value } = await result(
        'getAccountInfo',
        [key.toBase58(), { encoding: 'base64', commitment: 'confirmed' }],
        accountAnswer,
        `failed to get info about account ${key.toBase58()}`,
      );
      if (value === null) return { value: null };
      // As web3.js's getAddressLookupTable: the data must parse as a table, or this throws.
      const state = AddressLookupTableAccount.deserialize(
        new Uint8Array(Buffer.from(value.data[0], 'base64')),
      );
      return { value: new AddressLookupTableAccount({ key, state }) };
    },

    simulateTransaction: (tx, config) => simulateWire(tx.serialize(), config),

    simulateWire,

    async getBlockHeight(commitment) {
      return result(
        'getBlockHeight',
        [{ commitment }],
        heightAnswer,
        'failed to get block height information',
      );
    },
  };
}
