/** Transactions: send, simulate, statuses, history, fees, airdrops. */
import { mintMultiplier } from '../ledger/mint-scale';
import bs58 from 'bs58';
import { PublicKey } from '@solana/web3.js';
import type { RpcMethod } from './context';
import { checkMinContextSlot, contextOf } from './context';
import { encodeAccount, parseEncoding } from './account-encoding';
import {
  checkPubkey,
  configParam,
  optionalBoolean,
  optionalInteger,
  optionalString,
  pubkeyParam,
  stringArrayParam,
  stringParam,
  u64Param,
} from './params';
import {
  invalidParams,
  RpcError,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  UNSUPPORTED_TRANSACTION_VERSION,
} from './rpc-error';
import { encodeTransaction, parseTransactionEncoding } from './transaction-encoding';
import { transactionErrorMessage } from '../ledger/tx-errors';
import { messageFee } from '../ledger/wire';
import { airdrop, FaucetError } from '../faucet/faucet';
import type { SimulationDetails } from '../ledger/execution';
import type { SandboxLedger } from '../ledger/ledger';

/** Solana's packet size: the largest transaction, and its base58/base64 lengths. */
const PACKET_DATA_SIZE = 1232;
const MAX_BASE58_SIZE = 1683;
const MAX_BASE64_SIZE = 1644;
const TYPE_NAME = 'solana_transaction::versioned::VersionedTransaction';

function decodeWire(encoded: string, encodingValue: unknown): Uint8Array {
  const encoding = encodingValue ?? 'base58';
  if (encoding !== 'base58' && encoding !== 'base64') {
    throw invalidParams(
      `Invalid params: unknown variant \`${String(encoding)}\`, expected \`base58\` or \`base64\`.`,
    );
  }
  const max = encoding === 'base58' ? MAX_BASE58_SIZE : MAX_BASE64_SIZE;
  if (encoded.length > max) {
    throw invalidParams(
      `${encoding} encoded ${TYPE_NAME} too large: ${encoded.length} bytes (max: encoded/raw ${max}/${PACKET_DATA_SIZE})`,
    );
  }
  let bytes: Uint8Array;
  try {
    bytes =
      encoding === 'base58' ? bs58.decode(encoded) : new Uint8Array(Buffer.from(encoded, 'base64'));
  } catch {
    throw invalidParams(`invalid ${encoding} encoding: ${TYPE_NAME}`);
  }
  if (bytes.length > PACKET_DATA_SIZE) {
    throw invalidParams(
      `decoded ${TYPE_NAME} too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`,
    );
  }
  return bytes;
}

function parseOrThrow(ledger: SandboxLedger, wire: Uint8Array) {
  try {
    return ledger.parse(wire);
  } catch (error) {
    throw invalidParams(
      `failed to deserialize ${TYPE_NAME}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function simulationValue(details: SimulationDetails, err: unknown, innerInstructions: boolean) {
  return {
    err,
    logs: details.logs,
    accounts: null,
    unitsConsumed: details.unitsConsumed,
    returnData: details.returnData
      ? {
          programId: details.returnData.programId,
          data: [Buffer.from(details.returnData.data).toString('base64'), 'base64'],
        }
      : null,
    innerInstructions: innerInstructions ? details.innerInstructions : null,
    replacementBlockhash: null,
  };
}

export const sendTransaction: RpcMethod = (params, { ledger }) => {
  const config = configParam(params, 1);
  const wire = decodeWire(stringParam(params, 0), config['encoding']);
  parseOrThrow(ledger, wire);
  checkMinContextSlot(ledger, config);
  const skipPreflight = optionalBoolean(config, 'skipPreflight') ?? false;
  const result = ledger.sendTransaction(wire, { skipPreflight });
  // With skipPreflight a validator forwards the transaction and answers its signature even when
  // the leader then drops it (unknown blockhash, bad signature, duplicate); so does the sandbox.
  if (result.status === 'executed' || skipPreflight) return result.signature;
  if (result.err === 'SignatureFailure') {
    throw new RpcError(
      TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
      'Transaction signature verification failure',
    );
  }
  const details = result.simulation ?? {
    logs: [],
    unitsConsumed: 0,
    innerInstructions: [],
    returnData: null,
    postAccounts: new Map(),
  };
  throw new RpcError(
    SEND_TRANSACTION_PREFLIGHT_FAILURE,
    `Transaction simulation failed: ${transactionErrorMessage(result.err)}`,
    simulationValue(details, result.err, false),
  );
};

export const simulateTransaction: RpcMethod = (params, { ledger }) => {
  const config = configParam(params, 1);
  const wire = decodeWire(stringParam(params, 0), config['encoding']);
  const parsed = parseOrThrow(ledger, wire);
  checkMinContextSlot(ledger, config);
  const sigVerify = optionalBoolean(config, 'sigVerify') ?? false;
  const replaceRecentBlockhash = optionalBoolean(config, 'replaceRecentBlockhash') ?? false;
  if (sigVerify && replaceRecentBlockhash) {
    throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
  }
  const accountsConfig = config['accounts'] as
    { addresses?: unknown; encoding?: unknown } | undefined;
  let addresses: string[] | null = null;
  if (accountsConfig) {
    addresses = stringArrayParam([accountsConfig.addresses], 0).map(checkPubkey);
    if (addresses.length > parsed.accountKeys.length) {
      throw invalidParams(`Too many accounts provided; max ${parsed.accountKeys.length}`);
    }
  }
  const accountEncoding = parseEncoding(accountsConfig?.encoding, 'base64');
  const result = ledger.simulateTransaction(wire, { sigVerify, replaceRecentBlockhash }, parsed);
  if (sigVerify && result.err === 'SignatureFailure') {
    throw new RpcError(
      TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
      'Transaction signature verification failure',
    );
  }
  const value = simulationValue(
    result,
    result.err,
    optionalBoolean(config, 'innerInstructions') ?? false,
  );
  const decimalsOf = (mint: string) => ledger.mintDecimals(mint);
  return {
    context: contextOf(ledger),
    value: {
      ...value,
      accounts: addresses
        ? addresses.map((address) =>
            encodeAccount(
              // One look-up: get answers undefined exactly for an account the run did not load.
              (result.err === null ? result.postAccounts.get(address) : undefined) ??
                ledger.getAccount(address),
              accountEncoding,
              decimalsOf,
              undefined,
              (mint) => mintMultiplier(ledger, mint),
            ),
          )
        : null,
      replacementBlockhash: result.replacementBlockhash,
    },
  };
};

export const getSignatureStatuses: RpcMethod = (params, { ledger }) => {
  const signatures = stringArrayParam(params, 0);
  if (signatures.length > 256) throw invalidParams('Too many inputs provided; max 256');
  const config = configParam(params, 1);
  const searchHistory = optionalBoolean(config, 'searchTransactionHistory') ?? false;
  const value = signatures.map((signature) => {
    const status = ledger.signatureStatus(signature, searchHistory);
    return (
      status && { ...status, status: status.err === null ? { Ok: null } : { Err: status.err } }
    );
  });
  return { context: contextOf(ledger), value };
};

export const getTransaction: RpcMethod = (params, { ledger }) => {
  const signature = stringParam(params, 0);
  const config = typeof params[1] === 'string' ? { encoding: params[1] } : configParam(params, 1);
  const encoding = parseTransactionEncoding(config['encoding']);
  const maxVersion = optionalInteger(config, 'maxSupportedTransactionVersion');
  const record = ledger.transaction(signature);
  if (!record) return null;
  if (record.version === 0 && (maxVersion === undefined || maxVersion < 0)) {
    throw new RpcError(
      UNSUPPORTED_TRANSACTION_VERSION,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
  return encodeTransaction(record, encoding, maxVersion !== undefined);
};

export const getSignaturesForAddress: RpcMethod = (params, { ledger }) => {
  const address = pubkeyParam(params, 0);
  const config = configParam(params, 1);
  checkMinContextSlot(ledger, config);
  const limit = optionalInteger(config, 'limit') ?? 1000;
  if (limit < 1 || limit > 1000) throw invalidParams('Invalid limit; max 1000');
  const records = ledger.transactionsFor(address, {
    limit,
    before: optionalString(config, 'before'),
    until: optionalString(config, 'until'),
  });
  const slot = ledger.currentSlot();
  return records.map((record) => ({
    signature: record.signature,
    slot: record.slot,
    err: record.err,
    memo: record.memo,
    blockTime: record.blockTime,
    confirmationStatus:
      slot - record.slot >= 32 ? 'finalized' : slot > record.slot ? 'confirmed' : 'processed',
  }));
};

export const getFeeForMessage: RpcMethod = (params, { ledger }) => {
  const encoded = stringParam(params, 0);
  let fee: bigint;
  let recentBlockhash: string;
  try {
    ({ fee, recentBlockhash } = messageFee(new Uint8Array(Buffer.from(encoded, 'base64'))));
  } catch {
    throw invalidParams('invalid base64 encoding: solana_message::versions::VersionedMessage');
  }
  return {
    context: contextOf(ledger),
    value: ledger.isBlockhashValid(recentBlockhash) ? fee : null,
  };
};

export const requestAirdrop: RpcMethod = (params, { ledger }) => {
  const address = pubkeyParam(params, 0);
  const lamports = u64Param(params, 1);
  try {
    return airdrop(ledger, new PublicKey(address), lamports);
  } catch (error) {
    if (error instanceof FaucetError) throw invalidParams(error.message);
    throw error;
  }
};

export const getRecentPrioritizationFees: RpcMethod = (params, { ledger }) => {
  const addresses = params.length > 0 ? stringArrayParam(params, 0).map(checkPubkey) : [];
  if (addresses.length > 128) throw invalidParams('Too many inputs provided; max 128');
  const slot = ledger.currentSlot();
  const window = 150;
  const minBySlot = new Map<number, bigint>();
  for (const record of ledger.recentTransactions(window)) {
    if (addresses.length > 0 && !addresses.some((address) => record.accountKeys.includes(address)))
      continue;
    const price = BigInt(record.computeUnitPrice);
    const current = minBySlot.get(record.slot);
    if (current === undefined || price < current) minBySlot.set(record.slot, price);
  }
  const out = [];
  for (let s = Math.max(0, slot - window + 1); s <= slot; s++) {
    out.push({ slot: s, prioritizationFee: minBySlot.get(s) ?? 0n });
  }
  return out;
};
