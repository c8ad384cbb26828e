/**
 * Landing an /order swap through POST /execute (issue 22): the service gets exactly the signed
 * bytes the person approved, with the order's requestId, and adds the co-signers' signatures
 * (a market maker's fill, a gasless order's payer). What it answers is a claim: a Success
 * names a signature, the transaction's id, which must be the first signature of these very
 * bytes. When the person pays the fee that is their own signature; when a market maker or the
 * service's gas payer pays it, the id is that payer's signature, and the wallet accepts it only
 * when it verifies, under the fee payer's key, over the message the person approved: then the
 * transaction it names is exactly the approved one. Either way the wallet says Confirmed only
 * once its own RPC confirms that id (swap-submitter.ts tracks it). A Failed answer's words are
 * kept while the RPC is watched: a service that says "failed" may still land it before the
 * blockhash expires.
 */
import bs58 from 'bs58';
import { type VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import type { PendingOrder } from '../tickets/v2/v2-types';
import type { LandingReport } from './swap-submitter';

/** Whether `claimed` (base58) is the fee payer's signature over `message`. */
function signedByFeePayer(message: VersionedMessage, claimed: string): boolean {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(claimed);
  } catch {
    return false;
  }
  if (bytes.length !== 64) return false;
  const payer = message.staticAccountKeys[0];
  return (
    payer !== undefined && nacl.sign.detached.verify(message.serialize(), bytes, payer.toBytes())
  );
}

/** The `land` step of an /order ticket's submission. */
export function executeOrder(order: PendingOrder, person: string) {
  return async (wire: Uint8Array, signature: string): Promise<LandingReport> => {
    const answer = await order.client.execute({
      signedTransaction: wire,
      requestId: order.requestId,
    });
    const { message } = VersionedTransaction.deserialize(wire);
    const personPays = message.staticAccountKeys[0]?.toBase58() === person;
    if (answer.status === 'Failed') return { error: answer.error };
    if (personPays) {
      if (answer.signature !== null && answer.signature !== signature) {
        return {
          error:
            'The swap service reported a different transaction than the one you signed; Swapdesk is watching the network for yours.',
        };
      }
      return { error: null };
    }
    if (answer.signature === null || !signedByFeePayer(message, answer.signature)) {
      return {
        error:
          "The swap service did not return the payer's valid signature of the transaction you signed, so Swapdesk cannot follow it on the network. Check your balances before you swap again.",
      };
    }
    return { error: null, signature: answer.signature };
  };
}
