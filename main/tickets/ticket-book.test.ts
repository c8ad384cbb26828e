import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { WalletError } from '../shared/errors';
import { createTicketBook, sha256Hex, type TicketInput } from './ticket-book';
import { codeOf } from '../../test/fixtures/wallet-error';

/** An unsigned v0 transfer, serialized as /swap would send it. */
function unsignedTransaction(payer = Keypair.generate().publicKey): Uint8Array {
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    instructions: [
      SystemProgram.transfer({
        fromPubkey: payer,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000,
      }),
    ],
  }).compileToV0Message();
  return new VersionedTransaction(message).serialize();
}

function setup(accepted = true) {
  let clock = 1_000_000;
  const book = createTicketBook<{ note: string }, null, { signature: string }>({
    now: () => clock,
    ttlMs: 60_000,
  });
  const transaction = unsignedTransaction();
  const input: TicketInput<{ note: string }, null> = {
    account: 'A',
    networkKey: 'sandbox',
    transaction,
    lastValidBlockHeight: 100,
    report: { note: 'report' },
    accepted,
    refusals: accepted ? [] : ['The fee payer is not your account.'],
    intent: null,
  };
  const sends: number[] = [];
  const submit = async () => {
    sends.push(clock);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { signature: `sig-${sends.length}` };
  };
  return {
    book,
    input,
    transaction,
    sends,
    submit,
    advance: (ms: number) => (clock += ms),
  };
}

describe('review tickets', () => {
  it('hashes the message the signature covers and copies the reviewed bytes', () => {
    const { book, input, transaction } = setup();
    const ticket = book.create(input);
    const message = VersionedTransaction.deserialize(transaction).message.serialize();
    expect(ticket.messageHash).toBe(sha256Hex(message));
    expect(ticket.messageHash).toMatch(/^[0-9a-f]{64}$/);
    transaction[transaction.length - 1] ^= 0xff;
    expect(
      sha256Hex(VersionedTransaction.deserialize(ticket.transaction).message.serialize()),
    ).toBe(ticket.messageHash);
  });

  it('refuses bytes that differ from the reviewed ones in any position, sending nothing', async () => {
    const { book, input, transaction, submit, sends } = setup();
    const ticket = book.create(input);
    for (const position of [0, 1, 70, transaction.length - 1]) {
      const tampered = Uint8Array.from(transaction);
      tampered[position] ^= 0x01;
      expect(await codeOf(book.approve(ticket.id, tampered, 'sandbox', submit))).toBe(
        'TICKET_MISMATCH: The transaction changed after you reviewed it; nothing was signed. Review the swap again.',
      );
    }
    expect(await codeOf(book.approve(ticket.id, transaction.slice(1), 'sandbox', submit))).toMatch(
      /^TICKET_MISMATCH/,
    );
    expect(sends).toEqual([]);
  });

  it('refuses an expired ticket and suggests a fresh quote', async () => {
    const { book, input, transaction, submit, sends, advance } = setup();
    const ticket = book.create(input);
    advance(59_999);
    advance(1);
    expect(await codeOf(book.approve(ticket.id, transaction, 'sandbox', submit))).toMatch(
      /^TICKET_EXPIRED: .*Get a fresh quote/,
    );
    expect(sends).toEqual([]);
  });

  it('runs one send for a double click and answers both with the first submission', async () => {
    const { book, input, transaction, submit, sends } = setup();
    const ticket = book.create(input);
    const answers = await Promise.all([
      book.approve(ticket.id, transaction, 'sandbox', submit),
      book.approve(ticket.id, Uint8Array.from(transaction), 'sandbox', submit),
      book.approve(ticket.id, transaction, 'sandbox', submit),
    ]);
    expect(answers).toEqual([
      { signature: 'sig-1' },
      { signature: 'sig-1' },
      { signature: 'sig-1' },
    ]);
    // Later, even past the expiry, the same answer and still one send.
    expect(await book.approve(ticket.id, transaction, 'sandbox', submit)).toEqual({
      signature: 'sig-1',
    });
    expect(sends).toHaveLength(1);
  });

  it('refuses a ticket whose guard verdicts failed, with the reasons', async () => {
    const { book, input, transaction, submit, sends } = setup(false);
    const ticket = book.create(input);
    expect(await codeOf(book.approve(ticket.id, transaction, 'sandbox', submit))).toBe(
      'GUARD_REFUSED: Swapdesk will not sign this transaction: The fee payer is not your account. Nothing was signed.',
    );
    expect(sends).toEqual([]);
  });

  it('signs a ticket with a dangerous token only once the risk is acknowledged', async () => {
    const { book, input, transaction, submit, sends } = setup();
    const risk = 'PDLG has a permanent delegate: it can move or burn PDLG from your account.';
    const ticket = book.create({ ...input, risks: [risk] });
    expect(await codeOf(book.approve(ticket.id, transaction, 'sandbox', submit))).toBe(
      `RISK_NOT_ACKNOWLEDGED: Swapdesk signs this only once you acknowledge its risk: ${risk} Tick "I understand this risk" in the review, or choose another token. Nothing was signed.`,
    );
    expect(
      await codeOf(
        book.approve(ticket.id, transaction, 'sandbox', submit, { risksAcknowledged: false }),
      ),
    ).toMatch(/^RISK_NOT_ACKNOWLEDGED/);
    expect(sends).toEqual([]);
    const submission = await book.approve(ticket.id, transaction, 'sandbox', submit, {
      risksAcknowledged: true,
    });
    expect(submission).toEqual({ signature: 'sig-1' });
  });

  it('refuses after a network switch and for unknown tickets', async () => {
    const { book, input, transaction, submit } = setup();
    const ticket = book.create(input);
    expect(await codeOf(book.approve(ticket.id, transaction, 'mainnet', submit))).toMatch(
      /^TICKET_EXPIRED: You switched networks/,
    );
    expect(await codeOf(book.approve(crypto.randomUUID(), transaction, 'sandbox', submit))).toMatch(
      /^TICKET_NOT_FOUND/,
    );
  });

  it('lets the person approve again when the first attempt sent nothing', async () => {
    const { book, input, transaction } = setup();
    const ticket = book.create(input);
    let attempts = 0;
    const flaky = async () => {
      attempts += 1;
      if (attempts === 1) throw new WalletError('KEYCHAIN_UNAVAILABLE', 'Unlock the keychain.');
      return { signature: 'sig-after-unlock' };
    };
    expect(await codeOf(book.approve(ticket.id, transaction, 'sandbox', flaky))).toBe(
      'KEYCHAIN_UNAVAILABLE: Unlock the keychain.',
    );
    expect(await book.approve(ticket.id, transaction, 'sandbox', flaky)).toEqual({
      signature: 'sig-after-unlock',
    });
  });

  it('forgets the oldest unused tickets past its capacity, never the one it just made', () => {
    const book = createTicketBook<null, null, string>({ now: () => 0, capacity: 2 });
    const base = { ...setup().input, report: null };
    const first = book.create(base);
    const second = book.create(base);
    const third = book.create(base);
    expect(book.get(first.id)).toBeUndefined();
    expect(book.get(second.id)).toBeDefined();
    expect(book.get(third.id)).toBeDefined();
  });
});

/**
 * Issue 21: the book kept every approved ticket forever and held 32, so after the 32nd approval
 * each new ticket was the only one it could evict and was dropped as soon as made ("This review
 * is no longer known"), until restart.
 */
describe('review tickets: what the book forgets', () => {
  const sign = (n: number) => async () => `sig-${n}`;

  it('approves 300 reviews in a row with the default capacity of 32', async () => {
    let clock = 0;
    const book = createTicketBook<null, null, string>({ now: () => clock });
    const base = { ...setup().input, report: null };
    for (let n = 0; n < 300; n++) {
      clock += 1_000;
      const ticket = book.create(base);
      expect(book.get(ticket.id), `ticket ${n}`).toBe(ticket);
      expect(await book.approve(ticket.id, ticket.transaction, 'sandbox', sign(n))).toBe(
        `sig-${n}`,
      );
    }
  });

  it('forgets a finished ticket at the next review, yet a repeat approve still gets its answer', async () => {
    let sends = 0;
    const book = createTicketBook<null, null, string>({ now: () => 0, capacity: 32 });
    const base = { ...setup().input, report: null };
    const done = book.create(base);
    const submit = async () => `sig-${++sends}`;
    expect(await book.approve(done.id, done.transaction, 'sandbox', submit)).toBe('sig-1');
    book.create(base);
    expect(book.get(done.id)).toBeUndefined();
    // A retried request about a transaction that was sent must not hear "nothing was signed".
    expect(await book.approve(done.id, done.transaction, 'sandbox', submit)).toBe('sig-1');
    expect(await codeOf(book.approve(done.id, unsignedTransaction(), 'sandbox', submit))).toMatch(
      /^TICKET_MISMATCH/,
    );
    expect(sends).toBe(1);
  });

  it('forgets expired tickets at the next review and still says they expired', async () => {
    let clock = 0;
    const book = createTicketBook<null, null, string>({ now: () => clock, ttlMs: 60_000 });
    const base = { ...setup().input, report: null };
    const old = book.create(base);
    clock = 60_000;
    const fresh = book.create(base);
    expect(book.get(old.id)).toBeUndefined();
    expect(book.get(fresh.id)).toBe(fresh);
    expect(await codeOf(book.approve(old.id, old.transaction, 'sandbox', sign(0)))).toMatch(
      /^TICKET_EXPIRED: This review has expired/,
    );
  });

  it('keeps a ticket whose submission is still running, past capacity and past expiry', async () => {
    let clock = 0;
    const book = createTicketBook<null, null, string>({
      now: () => clock,
      capacity: 1,
      ttlMs: 1_000,
    });
    const base = { ...setup().input, report: null };
    const sending = book.create(base);
    let release: (value: string) => void = () => undefined;
    const submission = book.approve(
      sending.id,
      sending.transaction,
      'sandbox',
      () => new Promise<string>((resolve) => (release = resolve)),
    );
    clock = 5_000;
    const next = book.create(base);
    expect(book.get(sending.id)).toBe(sending);
    expect(book.get(next.id)).toBe(next);
    release('sig-slow');
    expect(await submission).toBe('sig-slow');
    // Finished now: the next review forgets it; a repeat approve still answers it.
    book.create(base);
    expect(book.get(sending.id)).toBeUndefined();
    expect(await book.approve(sending.id, sending.transaction, 'sandbox', sign(9))).toBe(
      'sig-slow',
    );
  });

  it('keeps a ticket whose send failed with nothing sent, so the person can approve it again', async () => {
    const book = createTicketBook<null, null, string>({ now: () => 0, capacity: 32 });
    const base = { ...setup().input, report: null };
    const ticket = book.create(base);
    const locked = async (): Promise<string> => {
      throw new WalletError('KEYCHAIN_UNAVAILABLE', 'Unlock the keychain.');
    };
    expect(await codeOf(book.approve(ticket.id, ticket.transaction, 'sandbox', locked))).toMatch(
      /^KEYCHAIN_UNAVAILABLE/,
    );
    book.create(base);
    expect(book.get(ticket.id)).toBe(ticket);
    expect(await book.approve(ticket.id, ticket.transaction, 'sandbox', sign(1))).toBe('sig-1');
  });
});
