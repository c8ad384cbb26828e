/**
 * getProgramAccounts, as a validator answers it: the accounts a program owns that pass every
 * `dataSize` and `memcmp` filter (at most 4), in the asked encoding with `dataSlice`, bare or
 * `withContext`. The wallet finds Raydium AMM v4 pools this way (their addresses derive from an
 * OpenBook market, not from the mints: main/prices/chain-pools/).
 */
import type { RpcMethod } from './context';
import { checkMinContextSlot, contextOf } from './context';
import { encodeAccount, parseDataSlice, parseEncoding } from './account-encoding';
import { configParam, pubkeyParam } from './params';
import { filtersOf, passesFilters } from '../pubsub/subscription-params';
import { mintMultiplier } from '../ledger/mint-scale';

export const getProgramAccounts: RpcMethod = (params, { ledger }) => {
  const program = pubkeyParam(params, 0);
  const config = configParam(params, 1);
  checkMinContextSlot(ledger, config);
  const encoding = parseEncoding(config['encoding'], 'binary');
  const filters = filtersOf(config['filters']);
  const slice = parseDataSlice(config['dataSlice']);
  const value = [];
  for (const address of ledger.programAccounts(program)) {
    const account = ledger.getAccount(address);
    if (account === null || !passesFilters(account.data, filters)) continue;
    const encoded = encodeAccount(
      account,
      encoding,
      (mint) => ledger.mintDecimals(mint),
      slice,
      (mint) => mintMultiplier(ledger, mint),
    );
    value.push({ pubkey: address, account: encoded });
  }
  return config['withContext'] === true ? { context: contextOf(ledger), value } : value;
};
