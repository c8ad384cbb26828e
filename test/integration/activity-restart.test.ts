/**
 * Activity across restarts, through the real composition root, real keychain, real review and
 * a real sandbox: every submitted swap stays listed after a restart (a new app on the same
 * data folder); a swap whose confirmation the last session never saw is tracked again and
 * confirmed; one journaled but never sent before a "crash" is checked by its signature and
 * expires once its blockhash can no longer land, without being sent by the new session.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFundedWallet } from './funded-wallet-session';
import { openWallet, quoteAndReview, statusOf, tokenAmount, USDC } from './swap-flow-wallet';
import { unlock } from './wallet-setup';

const session = useFundedWallet('activity-restart', {
  accountName: 'Restarts',
  // Fast slots: a blockhash lives 150 x 80 ms = 12 s (room for a loaded machine), so the
  // expiry takes seconds.
  slotMs: 80,
});

describe('activity across restarts', () => {
  it('lists every submitted swap again after a restart, with its status and amounts', async () => {
    const { quote, ticket } = await quoteAndReview(session.wallet);
    const submission = await session.wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect((await statusOf(session.wallet, submission.signature)).status).toBe('confirmed');
    const listed = await session.wallet.call('activity.list', {});

    const restarted = openWallet(session.place);

    await unlock(restarted.call);
    const again = await restarted.call('activity.list', {});
    expect(again).toEqual(listed);
    expect(again).toEqual([
      expect.objectContaining({
        id: submission.activityId,
        signature: submission.signature,
        status: 'confirmed',
        kind: 'swap',
        account: session.address,
        inAmount: quote.inAmount,
        outAmount: quote.outAmount,
      }),
    ]);
  });

  it('tracks a transaction again after a restart when its confirmation was never seen', async () => {
    // Status polls are lost: the swap lands, but this session never learns it.
    const blind = openWallet(session.place, new Set(['getSignatureStatuses']));
    await unlock(blind.call);
    const { ticket } = await quoteAndReview(blind);
    const submission = await blind.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect(submission.status).toBe('pending');
    blind.app.close();
    const journal = JSON.parse(
      readFileSync(join(session.place.dataDir, 'activity.json'), 'utf8'),
    ) as {
      entries: { signature: string; status: string; sent: boolean }[];
    };
    expect(journal.entries.find((e) => e.signature === submission.signature)).toMatchObject({
      status: 'pending',
      sent: true,
    });

    const restarted = openWallet(session.place);

    await unlock(restarted.call);
    const status = await statusOf(restarted, submission.signature);
    expect(status).toMatchObject({ status: 'confirmed', activityId: submission.activityId });
    // Newest first, the earlier swap still listed.
    expect((await restarted.call('activity.list', {})).map((e) => e.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);
  });

  it('expires a journaled transaction that never left before a crash, without sending it', async () => {
    // Every send is lost: the entry is journaled, then the app "crashes" (close) unsent.
    const offline = openWallet(session.place, new Set(['sendTransaction']));
    await unlock(offline.call);
    const before = await offline.call('balances.get', { address: session.address });
    const { ticket } = await quoteAndReview(offline);
    const submission = await offline.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    offline.app.close();

    const restarted = openWallet(session.place);

    await unlock(restarted.call);
    const status = await statusOf(restarted, submission.signature);
    expect(status.status).toBe('expired');
    expect(status.error).toMatch(/^Swapdesk closed before the transaction was sent.*fresh quote/);
    // Nothing was sent by the restarted app, and nothing moved.
    expect(restarted.sends()).toBe(0);
    const after = await restarted.call('balances.get', { address: session.address });
    expect(tokenAmount(after, USDC)).toBe(tokenAmount(before, USDC));
  });
});
