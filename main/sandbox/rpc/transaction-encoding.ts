/**
 * getTransaction's answer in the validator's shapes: `json`, `jsonParsed` (instructions left
 * undecoded, as a validator does for programs it cannot parse), `base64` and `base58`.
 */
import bs58 from 'bs58';
import { VersionedTransaction } from '@solana/web3.js';
import type { TokenBalanceRecord, TransactionRecord } from '../ledger/history';
import { uiTokenAmount } from '../ledger/token-layout';
import { invalidParams } from './rpc-error';
import { scaledTokenAmount } from './scaled-encoding';

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

export function parseTransactionEncoding(value: unknown): TransactionEncoding {
  if (value === undefined || value === null) return 'json';
  if (value === 'json' || value === 'jsonParsed' || value === 'base64' || value === 'base58')
    return value;
  if (value === 'binary') return 'base58';
  throw invalidParams(
    `Invalid params: unknown variant \`${String(value)}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\`.`,
  );
}

function tokenBalanceJson(balance: TokenBalanceRecord) {
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    // A scaled mint's amounts at the multiplier of the block's time, as a validator records them.
    uiTokenAmount:
      balance.multiplier === undefined
        ? uiTokenAmount(BigInt(balance.amount), balance.decimals)
        : scaledTokenAmount(BigInt(balance.amount), balance.decimals, balance.multiplier),
  };
}

/** The `meta` object; `parsed` switches inner instructions to the jsonParsed form. */
export function metaJson(record: TransactionRecord, parsedKeys: string[] | null) {
  const innerInstructions = record.innerInstructions.map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) =>
      parsedKeys
        ? {
            programId: parsedKeys[ix.programIdIndex],
            accounts: ix.accounts.map((i) => parsedKeys[i]),
            data: ix.data,
            stackHeight: ix.stackHeight,
          }
        : ix,
    ),
  }));
  return {
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    fee: BigInt(record.fee),
    preBalances: record.preBalances.map(BigInt),
    postBalances: record.postBalances.map(BigInt),
    innerInstructions,
    logMessages: record.logs,
    preTokenBalances: record.preTokenBalances.map(tokenBalanceJson),
    postTokenBalances: record.postTokenBalances.map(tokenBalanceJson),
    rewards: [],
    loadedAddresses: { writable: record.loadedWritable, readonly: record.loadedReadonly },
    computeUnitsConsumed: record.computeUnitsConsumed,
  };
}

function messageJson(
  tx: VersionedTransaction,
  record: TransactionRecord,
  encoding: 'json' | 'jsonParsed',
) {
  const message = tx.message;
  const staticKeys = message.staticAccountKeys.map((key) => key.toBase58());
  const lookups = message.addressTableLookups.map((lookup) => ({
    accountKey: lookup.accountKey.toBase58(),
    writableIndexes: Array.from(lookup.writableIndexes),
    readonlyIndexes: Array.from(lookup.readonlyIndexes),
  }));
  if (encoding === 'json') {
    return {
      header: message.header,
      accountKeys: staticKeys,
      recentBlockhash: message.recentBlockhash,
      instructions: message.compiledInstructions.map((ix) => ({
        programIdIndex: ix.programIdIndex,
        accounts: Array.from(ix.accountKeyIndexes),
        data: bs58.encode(ix.data),
        stackHeight: null,
      })),
      ...(record.version === 0 ? { addressTableLookups: lookups } : {}),
    };
  }
  const keys = record.accountKeys;
  return {
    accountKeys: keys.map((pubkey, index) => ({
      pubkey,
      signer: index < message.header.numRequiredSignatures,
      writable: message.isAccountWritable(index),
      source: index < staticKeys.length ? 'transaction' : 'lookupTable',
    })),
    recentBlockhash: message.recentBlockhash,
    instructions: message.compiledInstructions.map((ix) => ({
      programId: keys[ix.programIdIndex],
      accounts: Array.from(ix.accountKeyIndexes).map((i) => keys[i]),
      data: bs58.encode(ix.data),
      stackHeight: null,
    })),
    ...(record.version === 0 ? { addressTableLookups: lookups } : {}),
  };
}

/** The full getTransaction result. `withVersion` when the caller sent maxSupportedTransactionVersion. */
export function encodeTransaction(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  withVersion: boolean,
) {
  const wire = Buffer.from(record.wire, 'base64');
  let transaction: unknown;
  if (encoding === 'base64') transaction = [record.wire, 'base64'];
  else if (encoding === 'base58') transaction = [bs58.encode(wire), 'base58'];
  else {
    const tx = VersionedTransaction.deserialize(wire);
    transaction = {
      signatures: tx.signatures.map((signature) => bs58.encode(signature)),
      message: messageJson(tx, record, encoding),
    };
  }
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    transaction,
    meta: metaJson(record, encoding === 'jsonParsed' ? record.accountKeys : null),
    ...(withVersion ? { version: record.version } : {}),
  };
}
