/**
 * getProgramAccounts for the pool reader (issue 32), over the person's RPC through the review's
 * batcher: the accounts a program owns that pass `filters`. Raydium AMM v4 pools are found this
 * way (amm-v4-pool-account.ts). Public RPCs often refuse the call; the reader then goes on
 * without AMM v4 pools.
 */
import { z } from 'zod';
import type { RpcBatcher } from '../../ledger/rpc-batch';
import type { AccountFilter } from './amm-v4-pool-account';

/** One account of a getProgramAccounts answer. */
export interface ProgramAccount {
  pubkey: string;
  owner: string;
  data: Uint8Array;
}

/** Reads the accounts `program` owns that pass `filters`; throws when the RPC does not answer. */
export type ProgramAccountsRead = (
  program: string,
  filters: AccountFilter[],
) => Promise<ProgramAccount[]>;

const answer = z.object({
  result: z.array(
    z.object({
      pubkey: z.string(),
      account: z.object({ owner: z.string(), data: z.tuple([z.string(), z.literal('base64')]) }),
    }),
  ),
});

/**
 * getProgramAccounts at `rpcUrl`, in the batch of its turn.
 * @example await programAccountsOver(rpcUrl, batcher)(AMM_V4_PROGRAM, ammV4PoolFilters(a, b))
 */
export function programAccountsOver(
  rpcUrl: string,
  rpc: Pick<RpcBatcher, 'call'>,
): ProgramAccountsRead {
  return async (program, filters) => {
    const response = await rpc.call(rpcUrl, 'getProgramAccounts', [
      program,
      { encoding: 'base64', commitment: 'confirmed', filters },
    ]);
    const parsed = answer.safeParse(response);
    if (!parsed.success) throw new Error('getProgramAccounts: no answer the wallet can read');
    return parsed.data.result.map(({ pubkey, account }) => ({
      pubkey,
      owner: account.owner,
      data: new Uint8Array(Buffer.from(account.data[0], 'base64')),
    }));
  };
}
