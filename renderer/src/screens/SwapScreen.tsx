/**
 * Swap: pick what you pay (**You pay token**, amount in **You pay**) and what you receive
 * (**You receive token**); quotes arrive as you type and refresh on their own; **Review swap**
 * shows what the transaction main built really does; **Approve and sign** sends it.
 */
import { formatMintUnits, multiplierChangeText } from '../lib/token-scale';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppStore } from '../stores/app-store';
import { findToken, tokenName, useTokensStore } from '../stores/tokens-store';
import { useSwapStore } from '../stores/swap-store';
import { useSwapReviewStore } from '../stores/swap-review-store';
import { secondsSince, useAccountBalances, useNow, useOnKeyChange } from './screen-hooks';
import { heldBalance } from '../lib/token-amount';
import { heldTokens } from '../lib/held-tokens';
import { SwapSide } from '../components/swap/SwapSide';
import { AmountField } from '../components/swap/AmountField';
import { SlippageField } from '../components/swap/SlippageField';
import { AdvancedOptionsPanel } from '../components/swap/AdvancedOptionsPanel';
import { QuoteDetails, impactLevel } from '../components/swap/QuoteDetails';
import { OpenReviewPanel } from '../components/swap/ReviewPanel';
import { FormScreen } from './FormScreen';
import '../styles/swap.css';
import { AlertMessage } from '../components/AlertMessage';

/** A shown quote older than this is asked for again (while no review is open). */
export const QUOTE_REFRESH_MS = 15_000;

export function SwapScreen() {
  const swap = useSwapStore();
  const reviewFlow = useSwapReviewStore();
  const { review, submission, startReview, reset } = reviewFlow;
  const { address, balances, refreshBalances } = useAccountBalances(
    submission.state === 'confirmed',
  );
  const listed = useTokensStore((s) => s.tokens);
  // The list plus what the person holds (issue 18): SOL and a held token stay nameable and
  // pickable when the swap service has no token directory.
  const tokens = useMemo(() => {
    const known = new Set(listed.map((t) => t.mint));
    const held = heldTokens(balances, listed).map((h) => h.token);
    return [...listed, ...held.filter((t) => !known.has(t.mint))];
  }, [listed, balances]);
  // The quote reads decimals from the tokens store: held tokens the list lacks join it.
  const rememberToken = useTokensStore((s) => s.remember);
  useEffect(() => {
    for (const token of tokens) rememberToken(token);
  }, [tokens, rememberToken]);
  const tokensStatus = useTokensStore((s) => s.status);
  const [impactAck, setImpactAck] = useState({ key: '', accepted: false });

  // A first visit: pay SOL, receive USDC when the list has it. Never over the person's own
  // choice: one who already pays USDC (picked from their holdings before the list came) keeps
  // it, where setting USDC to receive would swap the sides and empty the one they chose.
  useEffect(() => {
    const { inputMint, outputMint, setOutputMint } = useSwapStore.getState();
    if (tokensStatus !== 'ready' || outputMint) return;
    const usdc = tokens.find((t) => t.symbol === 'USDC');
    if (usdc && usdc.mint !== inputMint) setOutputMint(usdc.mint);
  }, [tokensStatus, tokens]);
  useEffect(() => {
    // Back on the screen with a form but no quote (a scheduled one was cancelled on leaving):
    // ask now rather than show "Getting a quote…" forever.
    const state = useSwapStore.getState();
    if (state.quote === null) void state.requestQuote();
    return () => useSwapStore.getState().cancelScheduled();
  }, []);
  // A quote of a scaled token (issue 35): read the multipliers again with it, so that a change
  // while it is open shows it stale.
  const scaledQuote = Object.keys(swap.quoteMultipliers).length > 0;
  useEffect(() => {
    if (scaledQuote && address) void refreshBalances(address);
  }, [swap.quote, scaledQuote, address, refreshBalances]);

  // Another account or another network: a quote or review of the old one must not be used.
  const info = useAppStore((s) => s.info);
  const networkKey = info
    ? `${info.network.id} ${info.network.rpcUrl} ${info.network.swapApiUrl}`
    : '';
  const context = `${address ?? ''}|${networkKey}`;
  // swap/v1 and the Swap API v2 have no auto slippage with a maximum, and v2 no direct-routes-only
  // or legacy transaction: not offered there, and a choice made on another network falls back
  // (fixed slippage, options off) rather than being ignored.
  const flavour = info?.network.swapApiFlavour;
  const autoSlippageOffered = flavour !== 'swap-v1' && flavour !== 'swap-v2';
  const routeShapeOffered = flavour !== 'swap-v2';
  useEffect(() => {
    if (!autoSlippageOffered && swap.slippage.mode === 'auto') {
      swap.setSlippage({ mode: 'bps', bps: 50 });
    }
    if (!routeShapeOffered && (swap.options.onlyDirectRoutes || swap.options.asLegacyTransaction)) {
      swap.setOptions({ onlyDirectRoutes: false, asLegacyTransaction: false });
    }
  }, [autoSlippageOffered, routeShapeOffered, swap]);
  const freshQuote = useCallback(() => {
    reset();
    void useSwapStore.getState().requestQuote();
  }, [reset]);
  useOnKeyChange(context, freshQuote);

  const reviewing = review.state !== 'idle';
  const now = useNow((at) => {
    const { quote, quoteReceivedAt, quoting, requestQuote } = useSwapStore.getState();
    const open = useSwapReviewStore.getState().review.state !== 'idle';
    if (
      quote &&
      quoteReceivedAt !== null &&
      !quoting &&
      !open &&
      at - quoteReceivedAt >= QUOTE_REFRESH_MS
    ) {
      void requestQuote();
    }
  });

  const input = findToken(tokens, swap.inputMint);
  const output = findToken(tokens, swap.outputMint);
  const outputBalance = heldBalance(balances, swap.outputMint);
  const formKey = `${swap.inputMint}|${swap.outputMint}|${swap.amountText}`;
  const impactAccepted = impactAck.key === formKey && impactAck.accepted;
  const quote = swap.quote;
  const needsAck = quote !== null && impactLevel(quote.priceImpactPct) === 'strong';
  // A scaled token's multiplier changed since the quote (issue 35): its amounts are stale.
  const multiplierStale = quote
    ? multiplierChangeText(swap.quoteMultipliers, (mint) =>
        tokenName(findToken(tokens, mint), mint),
      )
    : null;
  const canReview =
    quote !== null &&
    !swap.quoting &&
    (!needsAck || impactAccepted) &&
    !reviewing &&
    multiplierStale === null;
  const ageSeconds = secondsSince(now, swap.quoteReceivedAt);

  return (
    <FormScreen
      title="Swap"
      formTitle="Swap form"
      formId="swap-form-title"
      side={
        <OpenReviewPanel
          flow={reviewFlow}
          now={now}
          tokens={tokens}
          onFreshQuote={freshQuote}
          onDone={() => {
            reset();
            swap.setAmountText('');
          }}
        />
      }
    >
      <SwapSide side="pay" token={input} disabled={reviewing} onMint={swap.setInputMint}>
        <AmountField
          text={swap.amountText}
          token={input}
          balance={heldBalance(balances, swap.inputMint)}
          disabled={reviewing}
          onChange={swap.setAmountText}
        />
      </SwapSide>
      <div className="flip-row">
        <button
          type="button"
          className="button button-small flip-button"
          aria-label="Flip: pay with what you receive"
          disabled={reviewing}
          onClick={swap.flip}
        >
          <span aria-hidden="true">⇅</span> Flip
        </button>
      </div>
      <SwapSide side="receive" token={output} disabled={reviewing} onMint={swap.setOutputMint}>
        <p className="hint">
          {output && outputBalance !== null
            ? `Balance: ${formatMintUnits(outputBalance, output.decimals, output.mint, { group: true })} ${tokenName(output, output.mint)}`
            : null}
        </p>
      </SwapSide>
      <SlippageField
        slippage={swap.slippage}
        disabled={reviewing}
        autoOffered={autoSlippageOffered}
        onChange={swap.setSlippage}
      />
      <AdvancedOptionsPanel
        options={swap.options}
        disabled={reviewing}
        routeShapeOffered={routeShapeOffered}
        onChange={swap.setOptions}
      />
      <div role="status" className="status-line">
        {swap.quoting ? 'Getting a quote…' : null}
      </div>
      <AlertMessage error={swap.quoteError} />
      {multiplierStale ? (
        <p role="alert" className="alert">
          {multiplierStale}
        </p>
      ) : null}
      {quote ? (
        <QuoteDetails
          quote={quote}
          tokens={tokens}
          ageSeconds={ageSeconds}
          impactAccepted={impactAccepted}
          onImpactAccepted={(accepted) => setImpactAck({ key: formKey, accepted })}
        />
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="button button-primary button-large"
          disabled={!canReview}
          onClick={() => {
            if (quote) void startReview(quote.quoteId);
          }}
        >
          Review swap
        </button>
        {quote && !reviewing ? (
          <button
            type="button"
            className="button"
            disabled={swap.quoting}
            onClick={() => void swap.requestQuote()}
          >
            Refresh quote
          </button>
        ) : null}
      </div>
    </FormScreen>
  );
}
