/**
 * The one bridge contract: every method the renderer may call, with its request schema and
 * response type. Main registers a handler per method and parses every payload with these
 * schemas; preload builds `window.wallet` from the same list. There is deliberately no generic
 * `invoke(channel, ...)`: a method that is not listed here does not exist.
 *
 * It is written as one file per domain (each beside the view types only it answers; the views
 * several domains share are in views/, which domains import instead of each other) and read
 * here as one list.
 * Secrets travel into main (accounts.import, passwords); the only responses that carry one are
 * the REVEALING_METHODS (accounts.ts): a new recovery phrase shown once, and the backups asked
 * for with the password.
 */
import type { z } from 'zod';
import { accountsMethods } from './accounts';
import { actionsMethods } from './actions';
import { activityMethods } from './activity';
import { appMethods } from './app';
import { balancesMethods } from './balances';
import { feesMethods } from './fees';
import { ledgerMethods } from './ledger';
import { linksMethods } from './links';
import { lockMethods } from './lock';
import { merchantMethods } from './merchant';
import { payMethods } from './pay';
import { settingsMethods } from './settings';
import { swapMethods } from './swap';
import { swapPathMethods } from './swap-path';
import { tokensMethods } from './tokens';

export const contract = {
  ...appMethods,
  ...linksMethods,
  ...lockMethods,
  ...accountsMethods,
  ...balancesMethods,
  ...tokensMethods,
  ...swapMethods,
  ...payMethods,
  ...merchantMethods,
  ...actionsMethods,
  ...activityMethods,
  ...settingsMethods,
  ...swapPathMethods,
  ...feesMethods,
  ...ledgerMethods,
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type RequestOf<M extends MethodName> = z.input<Contract[M]['request']>;
export type ParsedRequestOf<M extends MethodName> = z.output<Contract[M]['request']>;
export type ResponseOf<M extends MethodName> = NonNullable<Contract[M]['response']>;

export const METHOD_NAMES = Object.keys(contract) as MethodName[];

/** IPC channel of a method in the Electron app. */
export function channelOf(name: MethodName): string {
  return `wallet:${name}`;
}
