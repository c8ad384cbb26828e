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

/**
 * What the first screen needs (issue 26): one call, app.start (app.info and accounts.list in
 * one answer), asked by the preload and the preview's bridge script as soon as they run, while
 * the app's own script is still being fetched and parsed, so the answer is there (or on its
 * way) when the app asks.
 */
export const EARLY_METHODS = ['app.start'] as const satisfies readonly MethodName[];

/**
 * Builds the nested object from a call function; used by preload and the web preview. With
 * `early`, each EARLY_METHODS call is made at once; the page's calls of that method with an
 * empty request take its answer (the welcome drawn before React and the app's own start both
 * ask it: main/shared/first-screen.ts) until another method is called (it may change what the
 * answer says): then every early answer is dropped and calls go out as usual.
 */
export function buildWalletApi(
  names: readonly MethodName[],
  call: (name: MethodName, request: unknown) => Promise<Result<unknown>>,
  options: { early?: boolean } = {},
): WalletApi {
  const early = new Map<MethodName, Promise<Result<unknown>>>();
  if (options.early) {
    for (const name of EARLY_METHODS) if (names.includes(name)) early.set(name, call(name, {}));
  }
  const isEmpty = (request: unknown) =>
    request === undefined ||
    request === null ||
    (typeof request === 'object' && Object.keys(request).length === 0);
  const api: Record<string, Record<string, (request: unknown) => Promise<Result<unknown>>>> = {};
  for (const name of names) {
    const [ns, verb] = pathOf(name);
    api[ns] ??= {};
    api[ns][verb] = (request: unknown) => {
      const answer = early.get(name);
      if (answer && isEmpty(request)) return answer;
      if (!(EARLY_METHODS as readonly string[]).includes(name)) early.clear();
      return call(name, request ?? {});
    };
  }
  for (const ns of Object.values(api)) Object.freeze(ns);
  return Object.freeze(api) as unknown as WalletApi;
}
