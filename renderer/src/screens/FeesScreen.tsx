/**
 * Fees: the integrator's platform fee (**Platform fee (bps)**), **Referral account**, the fee
 * account of each mint (**Fee token mint**, shown as **Fee token account** with its status),
 * creating and claiming through review and **Approve and sign**, and the balances of every fee
 * account with the fee each swap paid.
 */
import { useEffect, useRef } from 'react';
import type { ReviewTicketView } from '../../../preload/api-types';
import { findToken, useTokensStore } from '../stores/tokens-store';
import { useFeesReviewStore, useFeesStore } from '../stores/fees-store';
import { selectCurrentAccount, useAccountsStore } from '../stores/accounts-store';
import { useNow } from './screen-hooks';
import { FeeSettingsForm } from '../components/fees/FeeSettingsForm';
import { FeeAccountPanel } from '../components/fees/FeeAccountPanel';
import { FeeBalances } from '../components/fees/FeeBalances';
import { OrderReferralPanel } from '../components/fees/OrderReferralPanel';
import { callWallet } from '../lib/wallet';
import { PayReviewPanel } from '../components/pay/PayReviewPanel';
import { ScreenHeading } from './ScreenHeading';
import '../styles/swap.css';
import '../styles/pay.css';
import { AlertRegion } from '../components/AlertMessage';
import { RefreshHead } from '../components/RefreshHead';

/**
 * The token account a reviewed creation is about, from the review's balance changes: the one it
 * opens for `mint`, or, when the creation is idempotent and the account exists already, the
 * signer's own account of `mint` it touches.
 */
export function createdAccountOf(ticket: ReviewTicketView, mint: string): string | null {
  const changes = ticket.report.balanceChanges.filter((c) => c.mint === mint);
  const created = changes.find((c) => c.created);
  const own = changes.find((c) => c.owner === ticket.report.feePayer);
  return (created ?? own)?.account ?? null;
}

export function FeesScreen() {
  const fees = useFeesStore();
  const reviewFlow = useFeesReviewStore();
  const { kind, review, submission, reviewTicket } = reviewFlow;
  const tokens = useTokensStore((s) => s.tokens);
  const loadTokens = useTokensStore((s) => s.load);
  const address = useAccountsStore(selectCurrentAccount)?.address ?? null;
  const now = useNow();

  // A finished creation or claim of an earlier visit is not shown again.
  useEffect(() => {
    const { submission: done, reset: drop } = useFeesReviewStore.getState();
    if (done.state === 'confirmed' || done.state === 'failed' || done.state === 'expired') drop();
  }, []);
  useEffect(() => {
    void loadTokens();
    void useFeesStore.getState().load();
    void useFeesStore.getState().loadBalances();
  }, [loadTokens, address]);

  // A confirmed creation: the new account becomes the mint's fee account; a claim: read again.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (submission.state !== 'confirmed' || review.state !== 'ready') return;
    if (handled.current === submission.signature) return;
    handled.current = submission.signature;
    const { mint, account, chooseAccount, checkAccount, loadBalances } = useFeesStore.getState();
    const after = async () => {
      if (kind === 'fee-account' && mint) {
        const referral = account.state === 'ready' && account.origin === 'referral';
        const created = createdAccountOf(review.ticket, mint);
        if (referral && account.check.referralProgramDeployed) await chooseAccount('referral');
        else if (created) await chooseAccount(created);
      }
      await checkAccount();
      await loadBalances();
    };
    void after();
  }, [submission, review, kind]);

  const token = findToken(tokens, fees.mint);
  const busy = review.state !== 'idle' && submission.state !== 'confirmed';
  return (
    <>
      <ScreenHeading>Fees</ScreenHeading>
      {fees.loadError ? (
        <p role="alert" className="alert">
          {fees.loadError.message}
        </p>
      ) : null}
      <div className="swap-layout fees-screen">
        <section className="card" aria-labelledby="fee-settings-title">
          <h2 id="fee-settings-title" className="card-title">
            Platform fee
          </h2>
          {fees.settings ? (
            <>
              <FeeSettingsForm
                key={`${fees.settings.networkId} ${fees.settings.enabled} ${fees.settings.platformFeeBps} ${fees.settings.referralAccount ?? ''}`}
                settings={fees.settings}
                saving={fees.saving}
                savedNote={fees.savedNote}
                onSaveFee={fees.saveFee}
                onSaveReferral={fees.saveReferral}
              />
              <AlertRegion error={fees.saveError} />
              <FeeAccountPanel
                settings={fees.settings}
                token={token}
                account={fees.account}
                busy={busy}
                onPickMint={(t) => void fees.setMint(t.mint)}
                onCreate={() => {
                  if (fees.mint) {
                    const mint = fees.mint;
                    void reviewTicket('fee-account', (w) => w.fees.createAccount({ mint }));
                  }
                }}
                onClaim={() => {
                  if (fees.mint) {
                    const mint = fees.mint;
                    void reviewTicket('claim', (w) => w.fees.claim({ mint }));
                  }
                }}
                onUse={(target) => void fees.chooseAccount(target)}
              />
              <OrderReferralPanel
                key={`order ${fees.settings.networkId} ${fees.settings.orderReferral?.account ?? ''}`}
                settings={fees.settings}
                tokens={tokens}
                busy={busy}
                onSave={async (orderReferral) => {
                  const result = await callWallet((w) => w.fees.set({ orderReferral }));
                  if (result.ok) await useFeesStore.getState().load();
                }}
                onReview={(reviewKind, call) => void reviewTicket(reviewKind, call)}
                refreshKey={submission.state === 'confirmed' ? submission.signature : ''}
              />
            </>
          ) : (
            <p role="status">Reading the fee settings…</p>
          )}
        </section>
        <div className="pay-side">
          <PayReviewPanel flow={reviewFlow} now={now} tokens={tokens} />
          <section className="card" aria-labelledby="fee-balances-title">
            <RefreshHead
              id="fee-balances-title"
              title="Fee balances"
              onRefresh={() => void fees.loadBalances()}
            />
            {fees.balancesError ? (
              <p role="alert" className="alert">
                {fees.balancesError.message}
              </p>
            ) : null}
            {fees.balances ? <FeeBalances balances={fees.balances} tokens={tokens} /> : null}
          </section>
        </div>
      </div>
    </>
  );
}
