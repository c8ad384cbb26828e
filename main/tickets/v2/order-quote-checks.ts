/**
 * What an /order answer must be before it is shown (issue 32), beyond the quote checks every
 * answer passes (swap-api/quote-response.ts):
 *
 * - **The person's slippage.** /order is gasless only when asked without optional parameters
 *   (docs-v2 "Order & Execute", Order mode), so a person under 0.01 SOL asks it with no
 *   `slippageBps` and the service picks one (RTSE, docs-v2 "Advanced: Slippage"). The slippage
 *   the person chose is then a cap: an answer whose slippage, or whose minimum received, is
 *   looser than it is refused here in words, never signed. A service that answers 4% where the
 *   person chose 0.5% could otherwise land the order itself between its own trades and keep the
 *   difference. (Where `slippageBps` is sent, the answer must echo it exactly: quote-response.ts.)
 * - **The routers the wallet left out.** DFlow's and OKX's fills go through programs the review
 *   cannot read; a manual order asks without them (`excludeRouters`), a plain one cannot. An
 *   answer from one of them is refused at the quote either way, naming the router.
 */
import { WalletError } from '../../shared/errors';
import { minimumReceived } from '../../swap-api/slippage-bound';
import type { OrderAnswer, V2Router } from '../../swap-api/v2';

/**
 * Routers of /order whose fills go through programs the review does not decode (DFlow's,
 * OKX's): asking without them gets Metis (Jupiter's aggregator) or JupiterZ (its order engine),
 * both read.
 */
export const UNREADABLE_ROUTERS = ['dflow', 'okx'] as const satisfies readonly V2Router[];

const ROUTER_NAMES: Record<V2Router, string> = {
  metis: 'Metis',
  jupiterz: 'JupiterZ',
  dflow: 'DFlow',
  okx: 'OKX',
};

const percentOf = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/** How the order was asked: with the person's slippage and router exclusions, or plainly. */
export interface OrderAsked {
  /** The slippage the person chose, in bps: sent on a manual order, a cap on a plain one. */
  chosenSlippageBps: number;
  /** True when asked without optional parameters (so the service may make it gasless). */
  plain: boolean;
}

/** What to do when a plain order's slippage is above the person's. */
function plainAdvice(chosen: number, answered: number): string {
  return (
    `A gasless order cannot be asked for a slippage: the service picks it, and the wallet holds it to yours. ` +
    `To swap at ${percentOf(chosen)}, keep at least 0.01 SOL in this account (the wallet then asks for your slippage and you pay the network fee), ` +
    `or, if you accept ${percentOf(answered)}, raise your slippage to it and get a new quote.`
  );
}

/**
 * Refuses an /order answer looser than the person's slippage, or from a router the wallet left
 * out. Throws SWAP_NOT_SIGNABLE (slippage) or SWAP_API_BAD_RESPONSE (router), in words.
 *
 * @example checkOrderQuote(answer, { chosenSlippageBps: 50, plain: true });
 */
export function checkOrderQuote(
  answer: Pick<OrderAnswer, 'quote' | 'router'>,
  asked: OrderAsked,
): void {
  checkRouter(answer.router, asked.plain);
  const { quote } = answer;
  const chosen = asked.chosenSlippageBps;
  if (quote.slippageBps > chosen) {
    throw new WalletError(
      'SWAP_NOT_SIGNABLE',
      `The swap service set a slippage of ${percentOf(quote.slippageBps)} on this order, more than the ${percentOf(chosen)} you chose, so anyone trading just before it lands could take the difference. Nothing was signed. ` +
        (asked.plain
          ? plainAdvice(chosen, quote.slippageBps)
          : 'Get a fresh quote; if it happens again, choose Router as the swap path in Settings.'),
    );
  }
  const floor = minimumReceived(quote.outAmount, chosen);
  if (quote.otherAmountThreshold < floor) {
    throw new WalletError(
      'SWAP_NOT_SIGNABLE',
      `The swap service's minimum for this order (${quote.otherAmountThreshold} base units) is below the ${floor} that your slippage of ${percentOf(chosen)} allows, so anyone trading just before it lands could take the difference. Nothing was signed. Get a fresh quote; if it happens again, choose Router as the swap path in Settings.`,
    );
  }
}

function checkRouter(router: V2Router | null, plain: boolean): void {
  if (router === null || !(UNREADABLE_ROUTERS as readonly string[]).includes(router)) return;
  const name = ROUTER_NAMES[router];
  throw new WalletError(
    'SWAP_API_BAD_RESPONSE',
    plain
      ? `The swap service answered with a ${name} fill, whose program the wallet cannot read, so it cannot check what this order would do. Nothing was signed. Get a fresh quote, or choose Router as the swap path in Settings.`
      : `The swap service answered with a ${name} fill although the wallet asked it to leave ${name} out (its program cannot be read, so the order cannot be checked). Nothing was signed. Get a fresh quote; if it happens again, choose Router as the swap path in Settings.`,
  );
}
