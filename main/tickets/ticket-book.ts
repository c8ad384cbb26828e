/**
 * Review tickets: the binding between what the person reviewed and what the wallet signs.
 * A ticket holds the exact unsigned transaction bytes the review saw, the SHA-256 of their
 * message, an expiry and the report. Approve must bring the same bytes back; a ticket is used
 * at most once, and a second approve (a double click, a retried request) answers the first
 * submission instead of sending again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { messageBytesOf } from '../review/message';
import { WalletError } from '../shared/errors';

export interface TicketInput<Report, Intent> {
  /** The wallet address that will sign. */
  account: string;
  /** Network the transaction was built for; approve refuses after a network switch. */
  networkKey: string;
  /** Unsigned wire bytes exactly as reviewed. */
  transaction: Uint8Array;
  lastValidBlockHeight: number;
  report: Report;
  /** Whether every guard verdict passed, and the reasons when not. */
  accepted: boolean;
  refusals: string[];
  intent: Intent;
  /**
   * Dangerous token warnings of the report, in words: approve signs only when the person
   * acknowledged them (`risksAcknowledged`). Empty or absent: nothing to acknowledge.
   */
  risks?: string[];
}

export interface Ticket<Report, Intent> extends TicketInput<Report, Intent> {
  id: string;
  /** Serialized message bytes: what the signature covers. */
  message: Uint8Array;
  /** SHA-256 hex of `message`. */
  messageHash: string;
  /** Milliseconds since the epoch, from the injected clock. */
  expiresAt: number;
}

export interface TicketBookOptions {
  now: () => number;
  /** How long a review stays approvable. Default 60 s: quotes go stale quickly. */
  ttlMs?: number;
  /**
   * How many tickets are kept before the oldest unused one is forgotten. Default 32. Expired and
   * finished tickets are forgotten first (see forget), the ticket just made never.
   */
  capacity?: number;
}

export interface TicketBook<Report, Intent, Submission> {
  create(input: TicketInput<Report, Intent>): Ticket<Report, Intent>;
  get(id: string): Ticket<Report, Intent> | undefined;
  /**
   * Checks the ticket and `transaction` against each other and runs `submit` once. Throws
   * TICKET_NOT_FOUND, TICKET_MISMATCH, TICKET_EXPIRED or GUARD_REFUSED before `submit` runs.
   * `submit` must throw only when nothing was sent: the ticket can then be approved again
   * (e.g. after unlocking the keychain).
   */
  approve(
    id: string,
    transaction: Uint8Array,
    currentNetworkKey: string,
    submit: (ticket: Ticket<Report, Intent>) => Promise<Submission>,
    options?: { risksAcknowledged?: boolean },
  ): Promise<Submission>;
}

/** SHA-256 hex of bytes. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The serialized message of a wire transaction (legacy or v0): what the signature covers, the
 * wire's own bytes after the signatures (review/message.ts, messageBytesOf).
 */
export function messageOf(transaction: Uint8Array): Uint8Array {
  try {
    return messageBytesOf(transaction);
  } catch (error) {
    throw new WalletError(
      'SWAP_API_BAD_RESPONSE',
      'The swap service sent a transaction Swapdesk cannot read. Nothing was signed; try again or choose another network.',
      { cause: error },
    );
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * What stays of a ticket once it is forgotten, so that a late approve still gets the right
 * words: a finished ticket answers its submission again (a retried request must never hear
 * "nothing was signed" about a transaction that was sent), an expired one says it expired.
 */
type Forgotten<Submission> =
  | { kind: 'finished'; transactionHash: string; submission: Promise<Submission> }
  | { kind: 'expired' };

/** How many forgotten tickets keep their answer (a few hashes and settled promises each). */
const FORGOTTEN_CAPACITY = 1024;

function notFound(): WalletError {
  return new WalletError(
    'TICKET_NOT_FOUND',
    'This review is no longer known (it was replaced, or Swapdesk restarted). Review the swap again; nothing was signed.',
  );
}

function mismatch(): WalletError {
  return new WalletError(
    'TICKET_MISMATCH',
    'The transaction changed after you reviewed it; nothing was signed. Review the swap again.',
  );
}

function expired(): WalletError {
  return new WalletError(
    'TICKET_EXPIRED',
    'This review has expired, and prices may have moved since. Get a fresh quote and review it again; nothing was signed.',
  );
}

/**
 * Creates an in-memory ticket book (tickets do not survive a restart, on purpose: a review is
 * only valid for the minute it was made in).
 *
 * Memory stays bounded without ever refusing a fresh review (issue 21): each new ticket first
 * forgets every finished ticket (its submission settled: sent, or refused with nothing sent
 * and not retried) and every expired one nobody is sending, keeping only their answers; only
 * then, past `capacity`, the oldest unused tickets. The ticket just made is never forgotten,
 * nor one whose submission is still running.
 *
 * @example
 * const tickets = createTicketBook({ now: Date.now });
 * const ticket = tickets.create({ account, networkKey, transaction, ... });
 * await tickets.approve(ticket.id, bytesFromRenderer, networkKey, (t) => submitter.submit(t));
 */
export function createTicketBook<Report, Intent, Submission>(
  options: TicketBookOptions,
): TicketBook<Report, Intent, Submission> {
  const { now } = options;
  const ttlMs = options.ttlMs ?? 60_000;
  const capacity = options.capacity ?? 32;
  const tickets = new Map<string, Ticket<Report, Intent>>();
  const submissions = new Map<string, Promise<Submission>>();
  /** Tickets whose submission resolved: sent, so the ticket's work is done. */
  const finished = new Set<string>();
  const forgotten = new Map<string, Forgotten<Submission>>();

  function remember(id: string, entry: Forgotten<Submission>): void {
    tickets.delete(id);
    submissions.delete(id);
    finished.delete(id);
    forgotten.set(id, entry);
    for (const key of forgotten.keys()) {
      if (forgotten.size <= FORGOTTEN_CAPACITY) break;
      forgotten.delete(key);
    }
  }

  /** Forgets finished and expired tickets, then the oldest unused ones past capacity. */
  function forget(keep: string): void {
    const time = now();
    for (const [id, ticket] of tickets) {
      if (id === keep) continue;
      const submission = submissions.get(id);
      if (submission !== undefined && finished.has(id)) {
        remember(id, {
          kind: 'finished',
          transactionHash: sha256Hex(ticket.transaction),
          submission,
        });
      } else if (submission === undefined && time >= ticket.expiresAt) {
        remember(id, { kind: 'expired' });
      }
    }
    for (const id of tickets.keys()) {
      if (tickets.size <= capacity) break;
      // A submission still running must stay answerable; the new ticket is the person's next.
      if (id === keep || submissions.has(id)) continue;
      tickets.delete(id);
    }
  }

  return {
    create(input) {
      const message = messageOf(input.transaction);
      const ticket: Ticket<Report, Intent> = {
        ...input,
        // A copy: the caller's buffer must not be able to change what was reviewed.
        transaction: Uint8Array.from(input.transaction),
        id: randomUUID(),
        message,
        messageHash: sha256Hex(message),
        expiresAt: now() + ttlMs,
      };
      tickets.set(ticket.id, ticket);
      forget(ticket.id);
      return ticket;
    },

    get: (id) => tickets.get(id),

    approve(id, transaction, currentNetworkKey, submit, options = {}) {
      const ticket = tickets.get(id);
      if (!ticket) {
        const gone = forgotten.get(id);
        if (gone?.kind === 'expired') return Promise.reject(expired());
        if (gone?.kind === 'finished') {
          // A repeat of a finished approve: its answer again, never a second send.
          return sha256Hex(transaction) === gone.transactionHash
            ? gone.submission
            : Promise.reject(mismatch());
        }
        return Promise.reject(notFound());
      }
      if (!equalBytes(transaction, ticket.transaction)) return Promise.reject(mismatch());
      // A double click: answer the first call's submission, never a second send.
      const first = submissions.get(id);
      if (first) return first;
      if (now() >= ticket.expiresAt) return Promise.reject(expired());
      if (ticket.networkKey !== currentNetworkKey) {
        return Promise.reject(
          new WalletError(
            'TICKET_EXPIRED',
            'You switched networks after this review, so it no longer applies. Get a fresh quote on this network; nothing was signed.',
          ),
        );
      }
      if (!ticket.accepted) {
        return Promise.reject(
          new WalletError(
            'GUARD_REFUSED',
            `Swapdesk will not sign this transaction: ${ticket.refusals.join(' ') || 'the review refused it.'} Nothing was signed.`,
          ),
        );
      }
      const risks = ticket.risks ?? [];
      if (risks.length > 0 && options.risksAcknowledged !== true) {
        return Promise.reject(
          new WalletError(
            'RISK_NOT_ACKNOWLEDGED',
            `Swapdesk signs this only once you acknowledge its risk: ${risks.join(' ')} Tick "I understand this risk" in the review, or choose another token. Nothing was signed.`,
          ),
        );
      }
      // Registered before the first await, so a concurrent approve sees it.
      const submission = submit(ticket);
      submissions.set(id, submission);
      submission.then(
        () => {
          if (submissions.get(id) === submission) finished.add(id);
        },
        () => {
          // submit throws only when nothing was sent: let the person approve again.
          if (submissions.get(id) === submission) submissions.delete(id);
        },
      );
      return submission;
    },
  };
}
