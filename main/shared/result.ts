/**
 * What crosses the bridge: a value or an error a person can act on, never a thrown exception.
 * Shared by main, preload and renderer (no Node, no Solana SDK in here).
 */
export interface BridgeError {
  /** Stable machine-readable code, e.g. `KEYCHAIN_UNAVAILABLE`. */
  code: string;
  /** One or two sentences for a person, in the wallet's own words: what happened and what to do. */
  message: string;
  /**
   * A service's own words about it (issue 32), sanitized (service-message.ts): shown only
   * behind a "Show the service's message" disclosure, as plain text, never in `message`.
   */
  serviceMessage?: string;
  /**
   * Whose words `serviceMessage` holds when not the swap service's: the network (an RPC's
   * error text, a transaction's log lines) or the sandbox faucet. Names the disclosure.
   */
  serviceFrom?: ServiceSource;
}

/** A source of `serviceMessage` other than the swap service (its absence means the service). */
export type ServiceSource = 'network' | 'faucet';

export type Result<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: string, message: string, serviceMessage?: string): Result<T> {
  return {
    ok: false,
    error: serviceMessage === undefined ? { code, message } : { code, message, serviceMessage },
  };
}
