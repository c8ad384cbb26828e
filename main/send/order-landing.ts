/**
 * Landing an /order swap through POST /execute (issue 22): the service gets exactly the signed
 * bytes the person approved, with the order's requestId, and adds the market maker's signature
 * when one fills. What it answers is a claim: a Success names a signature, which must be the
 * person's (the transaction's id), else the claim is about another transaction; either way the
 * wallet says Confirmed only once its own RPC confirms the person's signature
 * (swap-submitter.ts tracks it). A Failed answer's words are kept while the RPC is watched: a
 * service that says "failed" may still land it before the blockhash expires.
 */
import type { PendingOrder } from '../tickets/v2/v2-types';
import type { LandingReport } from './swap-submitter';

/** The `land` step of an /order ticket's submission. */
export function executeOrder(order: PendingOrder) {
  return async (wire: Uint8Array, signature: string): Promise<LandingReport> => {
    const answer = await order.client.execute({
      signedTransaction: wire,
      requestId: order.requestId,
    });
    if (answer.status === 'Failed') return { error: answer.error };
    if (answer.signature !== null && answer.signature !== signature) {
      return {
        error:
          'The swap service reported a different transaction than the one you signed; Swapdesk is watching the network for yours.',
      };
    }
    return { error: null };
  };
}
