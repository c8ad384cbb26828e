/**
 * swap.approve signs swap tickets only: a payment ticket or a payee-account creation ticket
 * (both live in the swaps' ticket book, issue 5) is refused with the action that approves it,
 * before anything is signed; a swap ticket goes to the submitter. Real ticket book and
 * activity store (a file in a temporary folder); the submitter records what it is asked to send.
 */
import { rmSync } from 'node:fs';
import { Keypair } from '@solana/web3.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubmissionView } from '../../preload/api-types';
import { createActivityFile } from '../activity/activity-file';
import { createActivityStore } from '../activity/activity-store';
import type { CallContext } from '../bridge/handler-types';
import type { ReviewReport, SwapIntent } from '../review';
import { NATIVE_MINT } from '../review/program-ids';
import type { Submitter } from '../send/swap-submitter';
import type { Address } from '../shared/address';
import { isWalletError } from '../shared/errors';
import { createTicketBook } from '../tickets/ticket-book';
import type { SwapReviewDeps } from '../tickets/swap-review';
import { createSwapHandlers, refuseNonSwapTicket } from './swap';
import { tempDir } from '../../test/fixtures/temp-dirs';
import { unsignedTransfer } from '../../test/fixtures/unsigned-transfer';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const payer = Keypair.generate().publicKey;
const key = () => Keypair.generate().publicKey.toBase58() as Address;

const swapIntent: SwapIntent = {
  swapMode: 'ExactIn',
  inputMint: NATIVE_MINT as Address,
  outputMint: USDC,
  inAmount: 1_000n,
  outAmount: 10n,
  otherAmountThreshold: 9n,
  amount: 1_000n,
  slippageBps: 50,
  platformFee: null,
  feeAccount: null,
  destinationTokenAccount: null,
  maxPriorityFeeLamports: 0n,
};

const intents: Record<'swap' | 'payment' | 'create', SwapIntent> = {
  swap: swapIntent,
  payment: {
    ...swapIntent,
    payment: {
      kind: 'transfer',
      payeeTokenAccount: key(),
      mint: USDC,
      amount: 10n,
      decimals: 6,
      references: [],
      memo: null,
      throughPayer: false,
    },
  },
  create: {
    ...swapIntent,
    payment: {
      kind: 'create-destination',
      payeeTokenAccount: key(),
      owner: key(),
      mint: USDC,
      tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address,
    },
  },
};

const unsigned = () => unsignedTransfer(payer);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const dir = tempDir('swapdesk-swap-handler-');
  dirs.push(dir);
  const tickets = createTicketBook<ReviewReport, SwapIntent, SubmissionView>({ now: Date.now });
  const sent: string[] = [];
  const submitter: Submitter = {
    submit: (ticket) => {
      sent.push(ticket.account);
      return Promise.resolve({ signature: 'sig', activityId: 'none', status: 'pending' });
    },
    retrackPending: () => Promise.resolve(0),
    settled: () => Promise.resolve(),
    stop: () => undefined,
  };
  const handlers = createSwapHandlers({
    current: () => ({
      // swap.approve reads only the network key of the review services.
      review: { networkKey: 'sandbox' } as SwapReviewDeps,
      tickets,
      submitter,
      connection: { getSignatureStatuses: () => Promise.reject(new Error('not used')) },
    }),
    activity: createActivityStore({ file: createActivityFile(dir), now: Date.now }),
  });
  const issue = (kind: keyof typeof intents) => {
    const transaction = unsigned();
    const ticket = tickets.create({
      account: payer.toBase58(),
      networkKey: 'sandbox',
      transaction,
      lastValidBlockHeight: 100,
      // swap.approve reads the report's balance rows (for the fee) and its token warnings (a
      // scaled token's multiplier, issue 35); none here.
      report: { balanceChanges: [], tokenWarnings: [] } as unknown as ReviewReport,
      accepted: true,
      refusals: [],
      intent: intents[kind],
    });
    return { ticketId: ticket.id, transactionBase64: Buffer.from(transaction).toString('base64') };
  };
  const approve = (request: { ticketId: string; transactionBase64: string }) =>
    handlers['swap.approve'](request, {} as CallContext);
  return { issue, approve, sent };
}

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isWalletError(error)) throw new Error(`expected a WalletError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe('swap.approve and the kinds of tickets', () => {
  it('sends a swap ticket', async () => {
    const { issue, approve, sent } = setup();
    expect(await approve(issue('swap'))).toMatchObject({ signature: 'sig' });
    expect(sent).toEqual([payer.toBase58()]);
  });

  it('refuses a payment ticket, naming pay.approve, and sends nothing', async () => {
    const { issue, approve, sent } = setup();
    expect(await refusalOf(approve(issue('payment')))).toEqual({
      code: 'TICKET_NOT_FOUND',
      message: expect.stringMatching(
        /of a payment, not a swap: approve it on the Pay screen \(pay\.approve\)\. Nothing was signed/,
      ),
    });
    expect(sent).toEqual([]);
  });

  it("refuses a payee's token-account creation ticket, naming pay.approve", async () => {
    const { issue, approve, sent } = setup();
    expect(await refusalOf(approve(issue('create')))).toEqual({
      code: 'TICKET_NOT_FOUND',
      message: expect.stringMatching(/creates a payee's token account, not a swap: .*pay\.approve/),
    });
    expect(sent).toEqual([]);
  });

  it('lets unknown tickets reach the ticket book (its own TICKET_NOT_FOUND)', () => {
    expect(() => refuseNonSwapTicket(undefined)).not.toThrow();
    expect(() => refuseNonSwapTicket(swapIntent)).not.toThrow();
  });
});
