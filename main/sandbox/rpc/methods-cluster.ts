/** Cluster state: slots, blockhashes, health, version, genesis. */
import type { RpcMethod } from './context';
import { API_VERSION, checkMinContextSlot, contextOf } from './context';
import { configParam, stringParam } from './params';

const SLOTS_PER_EPOCH = 432_000;

export const getLatestBlockhash: RpcMethod = (params, { ledger }) => {
  checkMinContextSlot(ledger, configParam(params, 0));
  return { context: contextOf(ledger), value: ledger.latestBlockhash() };
};

export const isBlockhashValid: RpcMethod = (params, { ledger }) => {
  const blockhash = stringParam(params, 0);
  return { context: contextOf(ledger), value: ledger.isBlockhashValid(blockhash) };
};

export const getSlot: RpcMethod = (params, { ledger }) => {
  checkMinContextSlot(ledger, configParam(params, 0));
  return ledger.currentSlot();
};

export const getBlockHeight: RpcMethod = (params, { ledger }) => {
  checkMinContextSlot(ledger, configParam(params, 0));
  return ledger.blockHeight();
};

export const getEpochInfo: RpcMethod = (_params, { ledger }) => {
  const slot = ledger.currentSlot();
  return {
    absoluteSlot: slot,
    blockHeight: ledger.blockHeight(),
    epoch: Math.floor(slot / SLOTS_PER_EPOCH),
    slotIndex: slot % SLOTS_PER_EPOCH,
    slotsInEpoch: SLOTS_PER_EPOCH,
    transactionCount: ledger.transactionCount(),
  };
};

export const getTransactionCount: RpcMethod = (params, { ledger }) => {
  checkMinContextSlot(ledger, configParam(params, 0));
  return ledger.transactionCount();
};

export const getHealth: RpcMethod = () => 'ok';

export const getVersion: RpcMethod = () => ({
  'solana-core': API_VERSION,
  'feature-set': 3294202862,
});

export const getGenesisHash: RpcMethod = (_params, { ledger }) => ledger.genesisHash;

export const getIdentity: RpcMethod = (_params, { ledger }) => ({
  identity: ledger.faucet.publicKey.toBase58(),
});
