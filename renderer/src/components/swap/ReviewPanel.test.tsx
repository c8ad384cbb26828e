/**
 * The review panel's headline follows the kind of transaction: a swap is checked against its
 * quote, the Pay and Fees transactions against what they are for (labels.verdict).
 */
import '../../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReviewTicketView } from '../../../../preload/api-types';
import { fakeAddress } from '../../test/fake-wallet';
import { reportFor } from '../../test/fake-review-report';
import { FAKE_TOKENS } from '../../test/fake-swap';
import { reviewLabelsFor } from '../pay/review-labels';
import { ReviewPanel, type ReviewPanelLabels } from './ReviewPanel';
import { fakeQuote } from '../../test/fake-quote';

const SOL = FAKE_TOKENS[0]!;
const USDC = FAKE_TOKENS[1]!;
const OWNER = fakeAddress(0);

const quote = fakeQuote({
  inputMint: SOL.mint,
  outputMint: USDC.mint,
  inAmount: '1000000',
  outAmount: '150000',
  otherAmountThreshold: '149000',
});

function ticket(refusals: string[] | null): ReviewTicketView {
  return {
    ticketId: 't1',
    transactionBase64: 'AQID',
    messageHash: 'cd'.repeat(32),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    lastValidBlockHeight: 1000,
    report: reportFor(quote, OWNER, refusals),
  };
}

function show(refusals: string[] | null, labels?: ReviewPanelLabels) {
  return showTicket(ticket(refusals), labels);
}

function showTicket(reviewed: ReviewTicketView, labels?: ReviewPanelLabels) {
  const noop = () => undefined;
  return render(
    <ReviewPanel
      review={{ state: 'ready', ticket: reviewed }}
      submission={{ state: 'idle' }}
      tokens={FAKE_TOKENS}
      now={Date.now()}
      onApprove={noop}
      onEdit={noop}
      onFreshQuote={noop}
      onDone={noop}
      {...(labels ? { labels } : {})}
    />,
  );
}

describe("Jupiter's own /order fee in the review (issue 22)", () => {
  it('its row is under the other accounts, labelled as Jupiter’s platform fee', () => {
    const base = ticket(null);
    const row = {
      ...base.report.balanceChanges[0]!,
      account: fakeAddress(5),
      role: 'service-fee' as const,
      owner: fakeAddress(6),
      before: '0',
      after: '200',
      change: '200',
    };
    showTicket({
      ...base,
      report: { ...base.report, balanceChanges: [...base.report.balanceChanges, row] },
    });
    const others = screen.getByRole('table', { name: 'Other accounts' });
    expect(others.textContent).toMatch(/Jupiter's platform fee/);
    const mine = screen.getByRole('table', { name: 'Your balance changes' });
    expect(mine.textContent).not.toMatch(/Jupiter/);
  });
});

describe('review panel headline', () => {
  it('a swap is checked against its quote', () => {
    show(null);
    expect(screen.getAllByRole('status')[0]?.textContent).toBe(
      'The transaction does what the quote says. Check the changes below, then approve.',
    );
  });

  it.each([
    ['destination', 'The transaction creates the payee’s token account and nothing else.'],
    ['fee-account', 'The transaction creates the fee token account and nothing else.'],
    ['claim', 'The transaction claims the fees of your referral token account and nothing else.'],
    ['payment', 'The transaction pays the payee exactly the requested amount'],
  ] as const)('a %s transaction says what it was checked against', (kind, words) => {
    show(null, reviewLabelsFor(kind));
    const headline = screen.getAllByRole('status')[0]?.textContent ?? '';
    expect(headline.startsWith(words)).toBe(true);
    expect(headline).not.toMatch(/quote/);
  });

  it('a refused account creation names what it should have done, not a quote', () => {
    show(['It also transfers 5 USDC to a stranger.'], reviewLabelsFor('destination'));
    const alert = screen.getByRole('alert');
    expect(
      within(alert).getByText(
        /^It does more than, or something other than, create the payee’s token account:$/,
      ),
    ).toBeTruthy();
    expect(within(alert).getByText('It also transfers 5 USDC to a stranger.')).toBeTruthy();
    expect(within(alert).getByText('Nothing was signed or sent. Try again later.')).toBeTruthy();
    expect(alert.textContent).not.toMatch(/quote/);
    expect(screen.queryByRole('button', { name: 'Approve and sign' })).toBeNull();
  });
});

describe('token warnings in the review', () => {
  const delegate = {
    mint: USDC.mint,
    kind: 'permanent-delegate' as const,
    mustAcknowledge: true,
    sentence:
      'PDLG has a permanent delegate (9xQe…1abc): it can move or burn PDLG from any holder.',
  };
  const freeze = {
    mint: SOL.mint,
    kind: 'freeze-authority' as const,
    mustAcknowledge: false,
    sentence: 'The issuer of USDC can freeze your USDC account, so that you cannot move it.',
  };

  function showWarnings(warnings: (typeof delegate | typeof freeze)[]) {
    const approvals: { risksAcknowledged: boolean }[] = [];
    const noop = () => undefined;
    render(
      <ReviewPanel
        review={{
          state: 'ready',
          ticket: { ...ticket(null), report: reportFor(quote, OWNER, null, warnings) },
        }}
        submission={{ state: 'idle' }}
        tokens={FAKE_TOKENS}
        now={Date.now()}
        onApprove={(approval) => approvals.push(approval)}
        onEdit={noop}
        onFreshQuote={noop}
        onDone={noop}
      />,
    );
    return approvals;
  }

  it('a dangerous token: Approve and sign waits for "I understand this risk", then carries it', async () => {
    const approvals = showWarnings([delegate, freeze]);
    const approve = screen.getByRole('button', { name: 'Approve and sign' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(
      within(screen.getByRole('list', { name: 'Dangerous token warnings' })).getByRole('listitem')
        .textContent,
    ).toBe(delegate.sentence);
    expect(
      within(screen.getByRole('list', { name: 'Token warnings' })).getByRole('listitem')
        .textContent,
    ).toBe(freeze.sentence);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I understand this risk' }));
    expect(approve.disabled).toBe(false);
    fireEvent.click(approve);
    expect(approvals).toEqual([{ risksAcknowledged: true }]);
  });

  // Issue 15, class 7: the green "does what the quote says" is not the first thing a person
  // reads while a dangerous warning still waits for them.
  it('a dangerous token: the headline asks for attention until the risk is acknowledged', () => {
    showWarnings([delegate, freeze]);
    const headline = () => screen.getAllByRole('status')[0]?.textContent;
    expect(headline()).toBe(
      'This transaction needs your attention: read the warnings below and tick “I understand this risk” before you approve.',
    );
    expect(screen.queryByText(/does what the quote says/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I understand this risk' }));
    expect(headline()).toBe(
      'The transaction does what the quote says. Check the changes below, then approve.',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'I understand this risk' }));
    expect(headline()).toMatch(/^This transaction needs your attention/);
  });

  it('cautions only: no checkbox, Approve and sign at once, nothing acknowledged', () => {
    const approvals = showWarnings([freeze]);
    expect(screen.getAllByRole('status')[0]?.textContent).toMatch(/does what the quote says/);
    expect(screen.queryByRole('checkbox', { name: 'I understand this risk' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve and sign' }));
    expect(approvals).toEqual([{ risksAcknowledged: false }]);
  });
});

// Issue 32: a failed test run's log lines are written by the transaction's programs (a hostile
// swap service's or merchant's choice): the refusal is the wallet's sentence, the network's
// text only behind "Show the network's message", defanged as main sent it, never a link.
describe("a failed test run: the network's message apart from the refusal", () => {
  const reason =
    "The network's test run of this transaction failed: instruction 4 stopped with the error InvalidAccountData, raised by the program Host…1111. The transaction cannot do what it claims, so it should not be signed; get a fresh quote.";
  const said =
    '{"InstructionError":[3,"InvalidAccountData"]} (Program log: Error: Your wallet is compromised. Visit hxxps[:]//jup-support[.]example/restore to restore it)';

  it('the alert holds our sentence only; the disclosure, closed, holds the network’s text as plain text', () => {
    const base = ticket([reason]);
    showTicket({
      ...base,
      report: {
        ...base.report,
        simulation: {
          ok: false,
          error: '{"InstructionError":[3,"InvalidAccountData"]}',
          reason: reason.replace("The network's test run of this transaction failed: ", ''),
          networkMessage: said,
          logs: [],
          unitsConsumed: 1200,
        },
      },
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(reason)).toBeTruthy();
    expect(alert.textContent).not.toMatch(/compromised|jup-support/);
    const summary = screen.getByText("Show the network's message");
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    expect(alert.contains(details)).toBe(false);
    expect(within(details).getByText(said).tagName).toBe('BLOCKQUOTE');
    expect(details.querySelector('a')).toBeNull();
    expect(screen.queryByText("Show the service's message")).toBeNull();
  });

  it('a run that succeeded shows no disclosure', () => {
    show(null);
    expect(screen.queryByText("Show the network's message")).toBeNull();
  });
});
