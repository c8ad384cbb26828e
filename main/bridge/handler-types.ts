/**
 * What a bridge handler is. Handlers receive the request already parsed by the contract's zod
 * schema and return the plain response; they throw `WalletError` for anything a person must
 * act on. The registry turns both into the Result that crosses the bridge.
 */
import type { MethodName, ParsedRequestOf, ResponseOf } from '../../preload/contract';

/** Who called: the transport fills it in; the registry checks it before any handler runs. */
export type Sender =
  | { kind: 'electron'; frameUrl: string; isMainFrame: boolean }
  | { kind: 'http'; origin: string | null; tokenValid: boolean };

export interface CallContext {
  sender: Sender;
}

export type Handler<M extends MethodName> = (
  request: ParsedRequestOf<M>,
  context: CallContext,
) => Promise<ResponseOf<M>>;

/** One handler for every method of the contract; the type makes a missing one a compile error. */
export type Handlers = { [M in MethodName]: Handler<M> };

/** A group of handlers for some methods, registered by one module. */
export type HandlerGroup<K extends MethodName> = { [M in K]: Handler<M> };
