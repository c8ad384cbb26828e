/**
 * The one bridge contract: every method the renderer may call, with its request schema and
 * response type. Main registers a handler per method and parses every payload with these
 * schemas; preload builds `window.wallet` from the same list. There is deliberately no generic
 * `invoke(channel, ...)`: a method that is not listed here does not exist.
 *
 * Secrets travel one way only: a secret key or recovery phrase the person types may go from the
 * renderer to main (accounts.import); no response ever carries one.
 */
import { z } from 'zod';
import type { AccountsState, AccountSummary, AppInfo, Balances, FundResult } from './api-types';

/** A method: request schema plus a phantom response type. */
interface Method<Req extends z.ZodType, Res> {
  request: Req;
  /** Never read at run time; carries the response type for main and the renderer. */
  response?: Res;
}

function method<Res>() {
  return <Req extends z.ZodType>(request: Req): Method<Req, Res> => ({ request });
}

const base58Address = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 address');

const label = z.string().trim().min(1).max(64);

export const contract = {
  'app.info': method<AppInfo>()(z.object({}).strict()),

  'accounts.list': method<AccountsState>()(z.object({}).strict()),
  'accounts.create': method<AccountSummary>()(z.object({ label: label.optional() }).strict()),
  /**
   * Import a base58 64-byte secret key, a Solana CLI keypair JSON array, or a BIP39 recovery
   * phrase. For a phrase, `accountIndexes` picks m/44'/501'/N'/0' (default [0]).
   */
  'accounts.import': method<AccountSummary[]>()(
    z
      .object({
        secret: z.string().min(1).max(4096),
        label: label.optional(),
        accountIndexes: z.array(z.number().int().min(0).max(1000)).min(1).max(20).optional(),
      })
      .strict(),
  ),
  'accounts.rename': method<AccountSummary>()(
    z.object({ address: base58Address, label }).strict(),
  ),
  'accounts.remove': method<AccountsState>()(z.object({ address: base58Address }).strict()),
  'accounts.select': method<AccountsState>()(z.object({ address: base58Address }).strict()),

  'balances.get': method<Balances>()(z.object({ address: base58Address }).strict()),
  /** Sandbox only: SOL and some of each sandbox token for the address. */
  'sandbox.fund': method<FundResult>()(z.object({ address: base58Address }).strict()),
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
