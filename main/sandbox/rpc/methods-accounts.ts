/** Account reads: balances, account data, token accounts, rent. */
import type { RpcMethod } from './context';
import { checkMinContextSlot, contextOf } from './context';
import {
  encodeAccount,
  parseDataSlice,
  parseEncoding,
  type AccountEncoding,
} from './account-encoding';
import {
  checkPubkey,
  configParam,
  pubkeyParam,
  requireParam,
  stringArrayParam,
  u64Param,
} from './params';
import { invalidParams } from './rpc-error';
import {
  decodeTokenAccount,
  isMintData,
  isTokenAccountData,
  isTokenProgram,
  uiTokenAmount,
} from '../ledger/token-layout';
import type { SandboxLedger } from '../ledger/ledger';
import { mintMultiplier } from '../ledger/mint-scale';
import { scaledTokenAmount } from './scaled-encoding';

function encodeFor(
  ledger: SandboxLedger,
  address: string,
  encoding: AccountEncoding,
  config: Record<string, unknown>,
) {
  return encodeAccount(
    ledger.getAccount(address),
    encoding,
    (mint) => ledger.mintDecimals(mint),
    parseDataSlice(config['dataSlice']),
    (mint) => mintMultiplier(ledger, mint),
  );
}

export const getBalance: RpcMethod = (params, { ledger }) => {
  const address = pubkeyParam(params, 0);
  const config = configParam(params, 1);
  checkMinContextSlot(ledger, config);
  return { context: contextOf(ledger), value: ledger.getAccount(address)?.lamports ?? 0n };
};

export const getAccountInfo: RpcMethod = (params, { ledger }) => {
  const address = pubkeyParam(params, 0);
  const config = configParam(params, 1);
  checkMinContextSlot(ledger, config);
  const encoding = parseEncoding(config['encoding'], 'binary');
  return { context: contextOf(ledger), value: encodeFor(ledger, address, encoding, config) };
};

export const getMultipleAccounts: RpcMethod = (params, { ledger }) => {
  const addresses = stringArrayParam(params, 0).map(checkPubkey);
  if (addresses.length > 100) throw invalidParams('Too many inputs provided; max 100');
  const config = configParam(params, 1);
  checkMinContextSlot(ledger, config);
  const encoding = parseEncoding(config['encoding'], 'base64');
  return {
    context: contextOf(ledger),
    value: addresses.map((address) => encodeFor(ledger, address, encoding, config)),
  };
};

export const getTokenAccountsByOwner: RpcMethod = (params, { ledger }) => {
  const owner = pubkeyParam(params, 0);
  const filter = requireParam(params, 1) as { mint?: unknown; programId?: unknown } | null;
  const config = configParam(params, 2);
  checkMinContextSlot(ledger, config);
  const encoding = parseEncoding(config['encoding'], 'binary');
  let matches: (program: string, mint: string) => boolean;
  if (filter && typeof filter.mint === 'string') {
    const mint = checkPubkey(filter.mint);
    const mintAccount = ledger.getAccount(mint);
    if (!mintAccount || !isTokenProgram(mintAccount.owner) || !isMintData(mintAccount.data)) {
      throw invalidParams('Invalid param: could not find mint');
    }
    matches = (program, accountMint) => program === mintAccount.owner && accountMint === mint;
  } else if (filter && typeof filter.programId === 'string') {
    const programId = checkPubkey(filter.programId);
    if (!isTokenProgram(programId))
      throw invalidParams('Invalid param: unrecognized Token program id');
    matches = (program) => program === programId;
  } else {
    throw invalidParams('Invalid params: expected a filter object with "mint" or "programId".');
  }
  const value = [];
  for (const address of ledger.tokenAccountsByOwner(owner)) {
    const account = ledger.getAccount(address);
    if (!account || !isTokenAccountData(account.data)) continue;
    if (!matches(account.owner, decodeTokenAccount(account.data).mint)) continue;
    value.push({ pubkey: address, account: encodeFor(ledger, address, encoding, config) });
  }
  return { context: contextOf(ledger), value };
};

export const getTokenAccountBalance: RpcMethod = (params, { ledger }) => {
  const address = pubkeyParam(params, 0);
  const config = configParam(params, 1);
  checkMinContextSlot(ledger, config);
  const account = ledger.getAccount(address);
  if (!account || !isTokenProgram(account.owner) || !isTokenAccountData(account.data)) {
    throw invalidParams('Invalid param: not a Token account');
  }
  const token = decodeTokenAccount(account.data);
  const decimals = ledger.mintDecimals(token.mint);
  const multiplier = mintMultiplier(ledger, token.mint);
  return {
    context: contextOf(ledger),
    value:
      multiplier === null
        ? uiTokenAmount(token.amount, decimals)
        : scaledTokenAmount(token.amount, decimals, multiplier),
  };
};

export const getMinimumBalanceForRentExemption: RpcMethod = (params, { ledger }) => {
  const length = params.length === 0 ? 0n : u64Param(params, 0);
  if (length > 10n * 1024n * 1024n)
    throw invalidParams('Invalid param: data length exceeds the 10 MiB account limit');
  return ledger.minimumBalanceForRentExemption(Number(length));
};
