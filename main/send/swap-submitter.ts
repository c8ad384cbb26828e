/**
 * From an approved ticket to a transaction on its way: sign exactly the ticket's message with
 * the signer (the secret is read from the keychain for this one signature), journal the entry
 * as pending BEFORE anything leaves the wallet, send, then follow it in the background until
 * it is confirmed, failed or expired, updating the activity list.
 *
 * Contract with the ticket book: `submit` throws only when nothing was sent.
 */
import bs58 from 'bs58';
import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import type { ActivityKind, NetworkInfo, SubmissionView } from '../../preload/api-types';
import type { PlatformFeePaid, SwapSummary } from '../activity/activity-file';
import type { ActivityStore } from '../activity/activity-store';
import { WalletError, isWalletError } from '../shared/errors';
import type { Signer } from '../signer';
import type { Outcome, TransactionSender } from './transaction-sender';

export interface SignableTicket {
  account: string;
  transaction: Uint8Array;
  message: Uint8Array;
  lastValidBlockHeight: number;
  /** When the review expires (ms since the epoch); a signature that arrives later is not sent. */
  expiresAt?: number;
}

export interface Submitter {
  submit(ticket: SignableTicket, what: SubmissionFacts): Promise<SubmissionView>;
  /** Watches every pending entry of the network (start-up, network switch). */
  retrackPending(): Promise<number>;
  /** Resolves when the signature's tracking (if any) has finished; for tests and shutdown. */
  settled(signature: string): Promise<void>;
  /** Stops every tracking loop (app shutdown); entries stay pending for the next start. */
  stop(): void;
}

/** What Activity journals with the transaction. */
export interface SubmissionFacts {
  kind: ActivityKind;
  swap: SwapSummary | null;
  /** The integrator fee a swap or payment carries (issue 6); fees.balances lists it. */
  platformFee?: PlatformFeePaid | null;
  /**
   * How the signed bytes leave the wallet when not through the RPC: an /order's POST /execute
   * (issue 22, order-landing.ts). It gets exactly the signed reviewed bytes; whatever it
   * answers, the RPC alone decides Confirmed (tracked, never rebroadcast by the wallet).
   */
  land?: (wire: Uint8Array, signature: string) => Promise<LandingReport>;
}

/** What a landing service said; `error` words are kept while the RPC is watched. */
export interface LandingReport {
  error: string | null;
  /**
   * The transaction's id on the network when it is not the person's signature: on a gasless
   * order the fee payer (a market maker, the service's gas payer) signs first, at /execute, so
   * the id is its signature, verified over the approved message (order-landing.ts).
   */
  signature?: string;
}

export interface SubmitterOptions {
  signer: Signer;
  activity: ActivityStore;
  sender: TransactionSender;
  network: NetworkInfo;
  /** The tickets' clock; default Date.now. */
  now?: () => number;
}

/** The signed wire bytes: the ticket's message with the account's signature in its slot. */
function assemble(ticket: SignableTicket, signature: Uint8Array): Uint8Array {
  const transaction = VersionedTransaction.deserialize(ticket.transaction);
  const { header, staticAccountKeys } = transaction.message;
  const slot = staticAccountKeys.findIndex((key) => key.equals(new PublicKey(ticket.account)));
  if (slot < 0 || slot >= header.numRequiredSignatures) {
    throw new WalletError(
      'GUARD_REFUSED',
      'This transaction does not ask your account to sign it, so Swapdesk will not. Nothing was signed.',
    );
  }
  transaction.signatures[slot] = signature;
  const wire = transaction.serialize();
  // The bytes sent must carry exactly the reviewed message.
  const sent = VersionedTransaction.deserialize(wire).message.serialize();
  if (Buffer.compare(Buffer.from(sent), Buffer.from(ticket.message)) !== 0) {
    throw new WalletError(
      'TICKET_MISMATCH',
      'The transaction changed after you reviewed it; nothing was sent. Review the swap again.',
    );
  }
  return wire;
}

/**
 * The id the network knows the transaction by: its first signature. That is the person's,
 * unless a fee payer signed before them (a Solana Pay merchant paying the fee, issue 34); a
 * fee payer that signs after (a gasless order's) is still a blank here, and its id comes from
 * the landing service (LandingReport.signature).
 */
function transactionId(wire: Uint8Array, own: Uint8Array): Uint8Array {
  const first = VersionedTransaction.deserialize(wire).signatures[0];
  return first !== undefined && first.some((byte) => byte !== 0) ? first : own;
}

/**
 * Creates the submitter of one network.
 *
 * @example
 * const submitter = createSubmitter({ signer, activity, sender, network });
 * await tickets.approve(id, bytes, key, (t) => submitter.submit(t, { kind: 'swap', swap }));
 */
export function createSubmitter(options: SubmitterOptions): Submitter {
  const { signer, activity, sender, network } = options;
  const now = options.now ?? Date.now;
  const stopper = new AbortController();
  const tracking = new Map<string, Promise<void>>();

  function follow(
    id: string,
    signature: string,
    wire: Uint8Array | null,
    lastValidBlockHeight: number,
    sent: boolean,
  ): void {
    if (tracking.has(signature)) return;
    const done = sender
      .track({ signature, wire, lastValidBlockHeight, sent, signal: stopper.signal })
      .then((outcome: Outcome) => activity.update(id, outcome))
      .then(
        () => undefined,
        // CANCELLED (shutdown) or an unwritable activity file: the entry stays pending and is
        // tracked again at the next start.
        () => undefined,
      )
      .finally(() => tracking.delete(signature));
    tracking.set(signature, done);
  }

  return {
    async submit(ticket, what) {
      // A blockhash past its last valid height can never land: say so before signing.
      if ((await sender.blockHeight()) > ticket.lastValidBlockHeight) {
        throw new WalletError(
          'TICKET_EXPIRED',
          'The transaction you reviewed can no longer land: its blockhash has expired. Get a fresh quote and review it again; nothing was signed.',
        );
      }
      const signatureBytes = await signer.signMessage(ticket.account, ticket.message);
      // A Ledger signs when the person answers on the device, which may be after the review
      // expired: such a signature is dropped, as the ticket book would refuse a late approve.
      if (ticket.expiresAt !== undefined && now() >= ticket.expiresAt) {
        throw new WalletError(
          'TICKET_EXPIRED',
          'You approved on your Ledger after this review had expired, so Swapdesk did not send it. Get a fresh quote and review it again; nothing was sent.',
        );
      }
      const wire = assemble(ticket, signatureBytes);
      const signature = bs58.encode(transactionId(wire, signatureBytes));
      // The journal: on disk before the transaction leaves the wallet. If this write fails,
      // nothing is sent and the error reaches the person.
      const entry = await activity.add({
        kind: what.kind,
        networkId: network.id,
        rpcUrl: network.rpcUrl,
        account: ticket.account,
        signature,
        status: 'pending',
        error: null,
        sent: false,
        lastValidBlockHeight: ticket.lastValidBlockHeight,
        swap: what.swap,
        ...(what.platformFee ? { platformFee: what.platformFee } : {}),
      });
      // From here on the signature exists: never throw, answer the entry's state.
      if (what.land !== undefined) {
        const report: LandingReport = await what.land(wire, signature).catch((error: unknown) => ({
          error: isWalletError(error) ? error.message : 'The swap service could not be reached.',
        }));
        // The network knows the transaction by its first signature: the person's, or the
        // payer's that signed after them.
        const id = report.signature ?? signature;
        await activity
          .update(entry.id, {
            sent: true,
            ...(report.error ? { error: report.error } : {}),
            ...(id !== signature ? { signature: id } : {}),
          })
          .catch(() => undefined);
        follow(entry.id, id, null, ticket.lastValidBlockHeight, true);
        return { signature: id, activityId: entry.id, status: 'pending' };
      }
      let reached = true;
      try {
        await sender.send(wire);
      } catch (error) {
        if (isWalletError(error) && error.code === 'SEND_REFUSED') {
          await activity
            .update(entry.id, { status: 'failed', error: error.message })
            .catch(() => undefined);
          return { signature, activityId: entry.id, status: 'failed' };
        }
        // Unreachable RPC: the bytes may have arrived. Tracking rebroadcasts until expiry.
        reached = false;
      }
      if (reached) await activity.update(entry.id, { sent: true }).catch(() => undefined);
      // In this session the bytes are rebroadcast, so an expiry is worded as "not included".
      follow(entry.id, signature, wire, ticket.lastValidBlockHeight, true);
      return { signature, activityId: entry.id, status: 'pending' };
    },

    async retrackPending() {
      const pending = await activity.pending(network.id);
      for (const entry of pending) {
        follow(entry.id, entry.signature, null, entry.lastValidBlockHeight, entry.sent);
      }
      return pending.length;
    },

    async settled(signature) {
      await tracking.get(signature);
    },

    stop() {
      stopper.abort();
    },
  };
}
