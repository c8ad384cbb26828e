/**
 * Who signs an /order transaction after the person (issue 22), from the answer's own fields
 * (the official OpenAPI's OrderResponse: `maker`, `gasless`, `signatureFeePayer`,
 * `prioritizationFeePayer`, `rentFeePayer`):
 *
 * - a JupiterZ fill's market maker signs at /execute; on mainnet it also pays the network and
 *   priority fees ("JupiterZ market maker: signatureFeePayer is the MM address");
 * - the service's own gas payer (Jupiter's `gasTzr…`, the sandbox's published one) pays the
 *   costs of a gasless order, or the rent of the taker's output account on a JupiterZ fill.
 *
 * The answer's words only say whom to await; the guard then holds each to what it does in the
 * bytes (guard-awaited.ts, feePayerRule). Any other payer (an integrator `payer` Swapdesk never
 * sends, a stranger) is refused here before the review, in words.
 */
import type { Address } from '../../shared/address';
import { WalletError } from '../../shared/errors';
import type { OrderAnswer } from '../../swap-api/v2/types';

type OrderSigners = Pick<
  OrderAnswer,
  'router' | 'maker' | 'gasless' | 'signatureFeePayer' | 'prioritizationFeePayer' | 'rentFeePayer'
>;

/** The co-signers the review awaits for this order; throws SWAP_NOT_SIGNABLE for a stranger. */
export function awaitedOrderSigners(
  order: OrderSigners,
  account: Address,
  gasPayer: Address | null,
): Address[] {
  const maker = order.router === 'jupiterz' ? order.maker : null;
  const awaited = new Set<Address>(maker === null ? [] : [maker]);
  const payers = [order.signatureFeePayer, order.prioritizationFeePayer, order.rentFeePayer];
  for (const payer of payers) {
    if (payer === null || payer === account) continue;
    if (payer === maker || (payer === gasPayer && gasPayer !== null)) {
      awaited.add(payer);
      continue;
    }
    throw new WalletError(
      'SWAP_NOT_SIGNABLE',
      `This order's network costs would be paid by ${payer}, which is neither your account, the market maker filling it, nor the swap service's gas payer. Nothing was signed; get a fresh quote, or choose Router as the swap path in Settings.`,
    );
  }
  const othersPay = payers.some((payer) => payer !== null && payer !== account);
  if (othersPay && !order.gasless) {
    throw new WalletError(
      'SWAP_API_BAD_RESPONSE',
      "The swap service's answer names another payer for this order's network costs but does not call it gasless. Nothing was signed; get a fresh quote.",
    );
  }
  return [...awaited];
}
