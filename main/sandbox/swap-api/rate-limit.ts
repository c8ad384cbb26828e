/**
 * A gateway-style rate limit in front of the sandbox's swap API (`--rate-limit N`: N requests
 * per one-second window), answering as today's API gateway does when a plan's limit is passed:
 * 429 with `{ code: 429, message: "[API Gateway] Too many requests" }`, `x-ratelimit-*` headers
 * with the reset as Unix seconds, and no Retry-After (test/fixtures/real-world/errors/
 * gateway-429-plan.json). So the wallet's wait-then-retry is tested against a real server.
 */
import type { SwapApiHandler } from './mount';

/** Wraps `inner` so that more than `perSecond` requests in one clock second answer 429. */
export function rateLimited(
  inner: SwapApiHandler,
  perSecond: number,
  now: () => number = Date.now,
): SwapApiHandler {
  let windowStart = 0;
  let used = 0;
  return {
    async handle(req, res, path, url) {
      const second = Math.floor(now() / 1000);
      if (second !== windowStart) {
        windowStart = second;
        used = 0;
      }
      used += 1;
      if (used > perSecond) {
        const body = JSON.stringify({ code: 429, message: '[API Gateway] Too many requests' });
        res.writeHead(429, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-ratelimit-limit': String(perSecond),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(windowStart + 1),
        });
        res.end(body);
        return;
      }
      return inner.handle(req, res, path, url);
    },
  };
}
