/**
 * Hostile Solana Actions for tests (issue 34 point 5): an Action API on 127.0.0.1 whose GET
 * for `/<mode>` offers one button posting to the hostile merchant's same mode
 * (test/harness/hostile-merchant.ts), so every refusal class of a merchant's transaction is
 * met again through an action; and `/slow-get` and `/large-get`, an action whose GET never
 * answers or answers far too much.
 */
import { createServer, type Server } from 'node:http';
import { closerOf, listenOnLoopback } from './loopback-server';
import type { HostileMerchant, HostileMode } from './hostile-merchant';

export interface HostileAction {
  /** The `solana-action:` link of a merchant mode, or of an action-only mode. */
  link(mode: HostileMode | 'slow-get' | 'large-get'): string;
  close(): Promise<void>;
}

/** Starts the hostile action server in front of `merchant`. */
export async function startHostileAction(merchant: HostileMerchant): Promise<HostileAction> {
  const server: Server = createServer((req, res) => {
    const mode = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.slice(1);
    if (mode === 'slow-get') return; // never answers
    const body =
      mode === 'large-get'
        ? { title: 'x'.repeat(100_000) }
        : {
            icon: 'http://127.0.0.1/none.png',
            title: 'Hostile Coffee',
            description: 'A tip that is not only a tip.',
            label: 'Tip',
            links: {
              actions: [
                // The merchant's link, `solana:http://…/<mode>`: its POST answers a transaction.
                {
                  // The button's words are the action's claim: "1.00 USDC" while it pays 5.
                  label: mode === 'label-claim' ? 'Tip 1.00 USDC' : 'Tip the barista',
                  href: merchant.link(mode as HostileMode).slice(7),
                },
              ],
            },
          };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  const close = closerOf(server);
  const port = await listenOnLoopback(server);
  return {
    link: (mode) => `solana-action:http://127.0.0.1:${port}/${mode}`,
    close,
  };
}
