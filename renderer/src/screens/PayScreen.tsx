/**
 * Pay: an exact amount to a payee, in the token the payee asks for, from a token you hold.
 * The **Payment request** (a Solana Pay link, a QR code image, or details entered by hand) is
 * read by main; a payee without a token account can get one first (**Create payee account**);
 * **Pay with token** plans the payment (direct transfer or exact-output swap, "You pay at
 * most"); without SOL for the network fee, **Swap into SOL first** reviews a gasless swap of a
 * little of that token into SOL, on its own (issue 32); **Review payment** shows what the
 * transaction does; **Approve and sign** sends it;
 * the receipt is read from the confirmed transaction. A transaction request (`solana:https://…`,
 * issue 34) is the merchant's own transaction: main reads the merchant and reviews what it
 * sends (MerchantRequest); a Solana Action (`solana-action:`, or a site's page) is read and
 * reviewed the same way (ActionRequest).
 */
import { useCallback, useEffect } from 'react';
import { useAppStore } from '../stores/app-store';
import { findToken, useTokensStore } from '../stores/tokens-store';
import { usePayStore } from '../stores/pay-store';
import { usePayReviewStore, type PayReviewKind } from '../stores/pay-review-store';
import { useLinkReading } from '../stores/link-read-state';
import { isTransactionRequest, useMerchantStore } from '../stores/merchant-store';
import { MerchantRequest } from '../components/pay/MerchantRequest';
import { isActionLink, useActionStore } from '../stores/action-store';
import { ActionRequest } from '../components/pay/ActionRequest';
import { SandboxMerchantLinks } from '../components/pay/SandboxMerchantLinks';
import { secondsSince, useAccountBalances, useNow, useOnKeyChange } from './screen-hooks';
import { NATIVE_MINT } from '../lib/token-amount';
import { PaymentRequestField } from '../components/pay/PaymentRequestField';
import { ManualPaymentForm } from '../components/pay/ManualPaymentForm';
import { RequestDetails } from '../components/pay/RequestDetails';
import { PayWithPanel } from '../components/pay/PayWithPanel';
import { ReceiptCard } from '../components/pay/ReceiptCard';
import { PayReviewPanel } from '../components/pay/PayReviewPanel';
import { FormScreen } from './FormScreen';
import '../styles/swap.css';
import '../styles/pay.css';

/** A shown quote older than this is asked for again (while no review is open). */
export const PLAN_REFRESH_MS = 15_000;

/** A request handed over in the route (`#/pay?request=solana:…`, from a solana: link). */
function requestInHash(hash: string): string | null {
  const query = hash.split('?')[1];
  if (!query) return null;
  return new URLSearchParams(query).get('request');
}

export function PayScreen() {
  const tokens = useTokensStore((s) => s.tokens);
  const pay = usePayStore();
  const reviewFlow = usePayReviewStore();
  const { kind, review, submission, receipt, reset } = reviewFlow;
  const { reviewPayment, reviewDestination, reviewSolFirst } = reviewFlow;
  // The payee's account now exists, or the payment changed balances: read both again.
  const confirmed = submission.state === 'confirmed';
  const { address, balances } = useAccountBalances(confirmed);
  const merchant = useMerchantStore();
  const merchantText = isTransactionRequest(pay.text) ? pay.text.trim() : null;
  useLinkReading(useMerchantStore, merchantText);
  const action = useActionStore();
  const actionText = isActionLink(pay.text) ? pay.text.trim() : null;
  useLinkReading(useActionStore, actionText);

  useEffect(() => {
    const handed = requestInHash(window.location.hash);
    if (handed) void usePayStore.getState().useText(handed);
    return () => usePayStore.getState().cancelScheduled();
  }, []);

  const created = kind === 'destination' && confirmed;
  useEffect(() => {
    if (created) void usePayStore.getState().reparse();
  }, [created]);
  // The swap into SOL landed: the payment is planned again, now with SOL for its fee.
  const funded = kind === 'sol-first' && confirmed;
  // The swap into the merchant's token landed: the merchant is asked again (a fresh POST).
  const swappedFirst = kind === 'swap-first' && confirmed;
  useEffect(() => {
    if (swappedFirst && merchantText !== null) {
      usePayReviewStore.getState().reset();
      void useMerchantStore.getState().review(merchantText);
    }
  }, [swappedFirst, merchantText]);
  useEffect(() => {
    if (funded) void usePayStore.getState().requestPlan();
  }, [funded]);

  // A first pick of what to pay with: the requested token when held, SOL otherwise.
  const request = pay.parse.state === 'ready' ? pay.parse.request : null;
  useEffect(() => {
    if (!request || usePayStore.getState().payWithMint) return;
    const holds = balances?.tokens.some(
      (t) => t.mint === request.mint.mint && BigInt(t.amount) > 0n,
    );
    usePayStore.getState().setPayWithMint(holds ? request.mint.mint : NATIVE_MINT);
  }, [request, balances]);

  // Another account or network: a plan or review of the old one must not be used.
  const info = useAppStore((s) => s.info);
  const context = `${address ?? ''}|${info ? `${info.network.id} ${info.network.rpcUrl}` : ''}`;
  useOnKeyChange(
    context,
    useCallback(() => {
      reset();
      void usePayStore.getState().reparse();
    }, [reset]),
  );

  // A finished account creation does not hold the form: the payment is the next step.
  const reviewing = review.state !== 'idle' && !created && !funded;
  const now = useNow((at) => {
    const { plan, planReceivedAt, quoting, requestPlan } = usePayStore.getState();
    const open = usePayReviewStore.getState().review.state !== 'idle';
    if (plan?.kind === 'swap' && planReceivedAt !== null && !quoting && !open) {
      if (at - planReceivedAt >= PLAN_REFRESH_MS) void requestPlan();
    }
  });

  const ageSeconds = secondsSince(now, pay.planReceivedAt);
  // What a request panel (merchant, action) shows of its store and of the review: the
  // confirmed signature only when the transaction that confirmed was that panel's.
  const requestPanel = <Open, Reviewed>(
    which: PayReviewKind,
    store: { open: Open; reviewed: Reviewed },
  ) => ({
    open: store.open,
    reviewed: store.reviewed,
    busy: reviewing,
    confirmedSignature:
      kind === which && submission.state === 'confirmed' ? submission.signature : null,
  });
  // A transaction request's link or merchant refused: main's words, on the field as for a transfer.
  const merchantError =
    merchantText !== null && merchant.open.state === 'failed' ? merchant.open.error.message : null;
  const actionError =
    actionText !== null && action.open.state === 'failed' ? action.open.error.message : null;
  const parseError =
    pay.parse.state === 'failed' ? pay.parse.error.message : (merchantError ?? actionError);

  return (
    <FormScreen
      title="Pay"
      formTitle="Payment form"
      formId="pay-form-title"
      side={
        <div className="pay-side">
          <PayReviewPanel
            flow={reviewFlow}
            now={now}
            tokens={tokens}
            onFreshQuote={() => {
              reset();
              void usePayStore.getState().requestPlan();
            }}
            onDone={() => {
              reset();
              if (kind === 'payment') usePayStore.getState().clear();
              if (kind === 'action') {
                usePayStore.getState().clear();
                useActionStore.getState().clear();
              }
              if (kind === 'merchant') {
                usePayStore.getState().clear();
                useMerchantStore.getState().clear();
              }
            }}
          />
          {receipt.state !== 'none' ? <ReceiptCard receipt={receipt} tokens={tokens} /> : null}
        </div>
      }
    >
      <PaymentRequestField
        text={pay.text}
        disabled={reviewing}
        error={parseError}
        onChange={pay.setText}
        onDecoded={(text) => void pay.useText(text)}
      />
      <ManualPaymentForm disabled={reviewing} onSubmit={(text) => void pay.useText(text)} />
      {info?.network.isSandbox ? (
        <SandboxMerchantLinks
          rpcUrl={info.network.rpcUrl}
          disabled={reviewing}
          onUse={(text) => void pay.useText(text)}
        />
      ) : null}
      <div role="status" className="status-line">
        {pay.parse.state === 'reading' ? 'Reading the payment request…' : null}
      </div>
      {merchantText !== null ? (
        <MerchantRequest
          {...requestPanel('merchant', merchant)}
          redirectError={merchant.redirectError}
          offerSwapFirst={kind === 'merchant' && review.state === 'ready'}
          symbol={
            merchant.reviewed ? (findToken(tokens, merchant.reviewed.mint)?.symbol ?? null) : null
          }
          onReview={() => void merchant.review(merchantText)}
          balances={balances}
          swapFrom={findToken(tokens, merchant.swapFrom ?? NATIVE_MINT)}
          swapFirst={kind === 'swap-first' ? merchant.swapFirst : null}
          onSwapFrom={(token) => merchant.pickSwapFrom(token.mint)}
          onSwapFirst={() => void merchant.reviewSwapFirst(merchant.swapFrom ?? NATIVE_MINT)}
          onRedirect={(signature) =>
            void merchant.followRedirect(signature).then((link) => {
              // SPEC1.1.md: a solana: redirect is a new payment request.
              if (link !== null) {
                reset();
                void usePayStore.getState().useText(link);
              }
            })
          }
        />
      ) : null}
      {actionText !== null ? (
        <ActionRequest
          {...requestPanel('action', action)}
          nextError={action.nextError}
          onReview={(link, values) => void action.review(link, values)}
          onNext={(signature) => void action.next(signature)}
        />
      ) : null}
      {request ? (
        <RequestDetails
          request={request}
          busy={reviewing}
          onCreateDestination={() => void reviewDestination(pay.text.trim())}
        />
      ) : null}
      {request && request.payee.exists ? (
        <PayWithPanel
          request={request}
          tokens={tokens}
          payWith={findToken(tokens, pay.payWithMint)}
          balances={balances}
          amountText={pay.amountText}
          plan={pay.plan}
          quoting={pay.quoting}
          quoteError={pay.quoteError}
          ageSeconds={ageSeconds}
          reviewing={reviewing}
          onAmountText={pay.setAmountText}
          onPayWith={(token) => pay.setPayWithMint(token.mint)}
          onRefresh={() => void pay.requestPlan()}
          onReview={(planId) => void reviewPayment(planId)}
          onSolFirst={(planId) => void reviewSolFirst(planId)}
        />
      ) : null}
    </FormScreen>
  );
}
