/**
 * The shape of `window.wallet`, derived from the contract: `accounts.list` in the contract is
 * `window.wallet.accounts.list(request)` in the renderer. Every call answers a Result.
 */
import type { Result } from '../main/shared/result';
import type { MethodName, RequestOf, ResponseOf } from './contract';

type NamespaceOf<N extends string> = N extends `${infer NS}.${string}` ? NS : never;
type Call<M extends MethodName> = (request: RequestOf<M>) => Promise<Result<ResponseOf<M>>>;
type VerbOf<N extends string, NS extends string> = N extends `${NS}.${infer V}` ? V : never;

export type WalletApi = {
  [NS in NamespaceOf<MethodName>]: {
    [V in VerbOf<MethodName, NS>]: Call<Extract<`${NS}.${V}`, MethodName>>;
  };
};

/** Splits a method name into the two keys of `window.wallet`. */
export function pathOf(name: MethodName): [string, string] {
  const dot = name.indexOf('.');
  return [name.slice(0, dot), name.slice(dot + 1)];
}

/** Builds the nested object from a call function; used by preload and the web preview. */
export function buildWalletApi(
  names: readonly MethodName[],
  call: (name: MethodName, request: unknown) => Promise<Result<unknown>>,
): WalletApi {
  const api: Record<string, Record<string, (request: unknown) => Promise<Result<unknown>>>> = {};
  for (const name of names) {
    const [ns, verb] = pathOf(name);
    api[ns] ??= {};
    api[ns][verb] = (request: unknown) => call(name, request ?? {});
  }
  for (const ns of Object.values(api)) Object.freeze(ns);
  return Object.freeze(api) as unknown as WalletApi;
}
