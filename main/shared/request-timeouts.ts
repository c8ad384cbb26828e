/**
 * How long the wallet's and the sandbox's local HTTP servers wait for a request to arrive
 * (issue 26). A request that announces a body and never sends it used to hold its connection
 * for about 75 s (Node's 60 s header timeout, checked every 30 s). Every request here is small
 * and local, so whole seconds are plenty; a slow client gets 408 and its connection closed.
 */

/** Milliseconds for a request's body to arrive once its headers have (the bridge's own timer). */
export const BODY_TIMEOUT_MS = 5_000;

/**
 * Options for `http.createServer`: the whole request (headers and body) within 10 s, the headers
 * within 5 s, checked every second (Node's default check runs every 30 s).
 */
export const SERVER_TIMEOUTS = {
  requestTimeout: 10_000,
  headersTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
} as const;
