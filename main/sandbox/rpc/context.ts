/** What every RPC method receives. */
import type { SandboxLedger } from '../ledger/ledger';
import { MIN_CONTEXT_SLOT_NOT_REACHED, RpcError } from './rpc-error';
import type { Params } from './params';

export interface RpcContext {
  ledger: SandboxLedger;
}

export type RpcMethod = (params: Params, context: RpcContext) => unknown;

/** The API version validators put in every `context`. */
export const API_VERSION = '2.2.0';

export function contextOf(ledger: SandboxLedger): { apiVersion: string; slot: number } {
  return { apiVersion: API_VERSION, slot: ledger.currentSlot() };
}

/** Answers the validator's error when a caller asks for a slot the ledger has not reached. */
export function checkMinContextSlot(ledger: SandboxLedger, config: Record<string, unknown>): void {
  const min = config['minContextSlot'];
  if (typeof min === 'number' && min > ledger.currentSlot()) {
    throw new RpcError(MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', {
      contextSlot: ledger.currentSlot(),
    });
  }
}
