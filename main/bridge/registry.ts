/**
 * The handler registry: the one place where a call from the renderer becomes a handler call.
 * It knows nothing about Electron or HTTP; a transport hands it the method name, the raw
 * payload and who sent it, and gets back the Result that crosses the bridge.
 *
 * Order of checks, each before the next: sender (so an untrusted page learns nothing, not even
 * which methods exist), method name, payload schema, handler.
 */
import type { z } from 'zod';
import { contract, type MethodName } from '../../preload/contract';
import { isWalletError } from '../shared/errors';
import { fail, ok, type Result } from '../shared/result';
import type { CallContext, Handlers, Sender } from './handler-types';
import { describeIssues } from './describe-issues';
import { ADDRESS_ISSUE } from '../../preload/contract/schemas';
import { refusalOf } from '../../preload/contract/bridge-error';

/** Decides whether a sender may call the bridge at all. */
export type SenderPolicy = (sender: Sender) => boolean;

/** Sees every response the registry produces; used by tests to record a transcript. */
export type ResponseObserver = (method: string, result: Result<unknown>) => void;

/** Where the registry reports handler failures that are not WalletErrors. */
export type ErrorLogger = (message: string) => void;

export interface RegistryOptions {
  handlers: Handlers;
  policy: SenderPolicy;
  onResponse?: ResponseObserver;
  logError?: ErrorLogger;
}

export interface Registry {
  /** The method names a transport should expose. */
  readonly methods: readonly MethodName[];
  /** True when the policy lets this sender call; transports use it to refuse early. */
  trusts(sender: Sender): boolean;
  /** Runs one call; never throws. */
  dispatch(method: string, payload: unknown, sender: Sender): Promise<Result<unknown>>;
}

const UNTRUSTED_MESSAGE = 'This caller is not allowed to use the wallet.';
const INTERNAL_MESSAGE =
  'Something went wrong inside Swapdesk. Try again; if it keeps happening, restart the app.';

function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

/**
 * Describes a failure for the main-process log without its message: a message of a library
 * error can quote its input (Node's JSON.parse does), and the input may be a secret key.
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return `a thrown ${typeof error}`;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [error.name, ...frames.slice(0, 8)].join('\n');
}

/**
 * Whether every issue of a refused request is an address that is not one (the contract's one
 * address parser marks them): that is INVALID_ADDRESS, as a handler's own check says it.
 */
function onlyAddressIssues(error: z.ZodError): boolean {
  return error.issues.every(
    (issue) => issue.code === 'custom' && issue.params?.kind === ADDRESS_ISSUE.kind,
  );
}

/**
 * Builds the registry over a complete set of handlers.
 *
 * @example
 * const registry = createRegistry({ handlers, policy: (s) => s.kind === 'http' && s.tokenValid });
 * await registry.dispatch('app.info', {}, sender); // { ok: true, value: { version, ... } }
 */
export function createRegistry(options: RegistryOptions): Registry {
  const { handlers, policy, onResponse } = options;
  const logError = options.logError ?? ((message: string) => console.error(message));

  /** A policy that throws refuses: a bug in it must not open the bridge. */
  function trusts(sender: Sender): boolean {
    try {
      return policy(sender) === true;
    } catch {
      return false;
    }
  }

  async function run(method: string, payload: unknown, sender: Sender): Promise<Result<unknown>> {
    if (!trusts(sender)) return fail('UNTRUSTED_SENDER', UNTRUSTED_MESSAGE);
    if (!isMethodName(method)) {
      return fail('UNKNOWN_METHOD', 'The wallet has no such method.');
    }
    const schema: z.ZodType = contract[method].request;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      return fail(
        onlyAddressIssues(parsed.error) ? 'INVALID_ADDRESS' : 'INVALID_REQUEST',
        `Invalid request to ${method}: ${describeIssues(parsed.error, payload)}`,
      );
    }
    const context: CallContext = { sender };
    try {
      // The handler's own type is checked by the Handlers map; here the method is a runtime
      // string, so the call goes through a widened signature.
      const handler = handlers[method] as (req: unknown, ctx: CallContext) => Promise<unknown>;
      return ok(await handler(parsed.data, context));
    } catch (error) {
      // A service's words cross only as the contract's checked serviceMessage (issue 32).
      if (isWalletError(error)) return refusalOf(error);
      logError(`[bridge] ${method} failed: ${describeFailure(error)}`);
      return fail('INTERNAL', INTERNAL_MESSAGE);
    }
  }

  return {
    methods: Object.keys(contract) as MethodName[],
    trusts,
    async dispatch(method, payload, sender) {
      const result = await run(method, payload, sender);
      if (onResponse) {
        try {
          onResponse(method, result);
        } catch {
          // An observer is a test aid; it must never change what the caller gets.
        }
      }
      return result;
    },
  };
}
