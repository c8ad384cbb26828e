/**
 * merchant.open, merchant.review, merchant.approve and merchant.redirect (issue 34): Solana Pay
 * transaction requests. Main calls the merchant (main/pay/merchant/), reviews its transaction
 * with the swaps' review, and signs and sends it with the payments' own approve
 * (approvePayTicket): the ticket book and submitter of the network. A merchant's redirect is
 * kept in main and followed only once the network confirmed the payment.
 */
import type { PaymentSummary } from '../activity/activity-file';
import type { ActivityStore } from '../activity/activity-store';
import type { HandlerGroup } from '../bridge/handler-types';
import {
  openMerchant,
  reviewMerchant,
  type MerchantDeps,
  type MerchantInfo,
  type MerchantReview,
} from '../pay/merchant/merchant-review';
import { sanitizeServiceText } from '../shared/service-message';
import { WalletError } from '../shared/errors';
import { quoteView, ticketView } from '../tickets/views';
import { isAllowedMerchantRedirect } from '../window/external-links';
import { type PayNetworkServices } from './pay';
import { afterConfirmation, remember, type AfterConfirmationWords } from './after-confirmation';
import { quoteSwapFirst } from '../pay/merchant/merchant-swap-first';
import type { Address } from '../shared/address';
import type { SwapNetworkServices } from './swap';

export type MerchantMethod =
  | 'merchant.open'
  | 'merchant.review'
  | 'merchant.swapFirst'
  | 'merchant.approve'
  | 'merchant.redirect';

/** The refusals of a merchant's page after payment not there (yet). */
const REDIRECT_WORDS: AfterConfirmationWords = {
  nothing: 'The merchant of this payment asked for no page afterwards; there is nothing to open.',
  unconfirmed:
    "The payment is not confirmed yet; the merchant's page opens only once it is. Wait for the confirmation.",
};

interface PendingRedirect {
  url: string;
  /** The sandbox's merchant on loopback http may redirect there too. */
  loopback: boolean;
}

/**
 * The answer of a reviewed merchant transaction, its payment summary kept for Activity by the
 * ticket (approvePayTicket records it). Shared with Actions (main/handlers/action.ts).
 */
export function merchantReviewView(services: PayNetworkServices, reviewed: MerchantReview) {
  const { ticket, payment, merchant } = reviewed;
  const summary: PaymentSummary = {
    recipient: payment.payeeOwner ?? payment.payeeAccount,
    payeeTokenAccount: payment.payeeAccount,
    mint: payment.mint,
    amount: payment.amount.toString(),
    payWithMint: payment.mint,
    maxSpend: payment.intent.inAmount.toString(),
    references: payment.intent.payment.references,
    memo:
      payment.intent.payment.memo === null
        ? null
        : sanitizeServiceText(payment.intent.payment.memo),
    label: merchant.label ?? merchant.domain,
    message: reviewed.message,
    delivered: null,
    spent: null,
  };
  services.summaries.set(ticket.id, summary);
  return {
    merchant,
    ticket: ticketView(ticket),
    summary: reviewed.summary,
    message: reviewed.message,
    redirect: reviewed.redirect,
    amount: payment.amount.toString(),
    mint: payment.mint,
    decimals: payment.decimals,
    shortfall: reviewed.shortfall === null ? null : reviewed.shortfall.toString(),
    feePaidBy: ticket.report.feePayer === ticket.account ? ('you' as const) : ('merchant' as const),
  };
}

/** The reads a merchant's transaction needs, from the network's review and quote clients. */
function chainOf(services: PayNetworkServices): MerchantDeps['chain'] {
  const review = services.review.connection;
  const quote = services.quote.connection;
  return {
    getLatestBlockhash: (commitment) => review.getLatestBlockhash(commitment),
    getAddressLookupTable: (key, config) => review.getAddressLookupTable(key, config),
    getBlockHeight: (commitment) => review.getBlockHeight(commitment),
    getMultipleAccountsInfo: (keys, commitment) => review.getMultipleAccountsInfo(keys, commitment),
    getEpochInfo: (commitment) => quote.getEpochInfo(commitment),
  } as MerchantDeps['chain'];
}

/** A merchant's (or an action's) calls and reads, on the current network. Shared with Actions. */
export function merchantDepsOf(
  services: PayNetworkServices,
  deps: {
    fetch: typeof fetch;
    icon: (url: string) => Promise<string | null>;
    timeoutMs?: number;
  },
): MerchantDeps {
  return {
    http: { fetch: deps.fetch, ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) },
    icon: deps.icon,
    review: services.review,
    chain: chainOf(services),
    currentAccount: services.review.currentAccount,
    symbolOf: async (mint) => (await services.tokenOf(mint))?.symbol ?? null,
  };
}

/** What the merchant.* and action.* handlers both take. */
export interface PayLinkHandlerDeps {
  current: () => PayNetworkServices;
  activity: ActivityStore;
  fetch: typeof fetch;
  /** The token logos' checker, reused for merchants' and actions' icons. */
  icon: (url: string) => Promise<string | null>;
  timeoutMs?: number;
}

/** Handlers of the `merchant.*` methods. */
export function createMerchantHandlers(
  deps: PayLinkHandlerDeps & {
    /** The swaps' services: the swap into the paid token comes first (issue 34 point 4). */
    swap: () => Pick<SwapNetworkServices, 'review'>;
    /** The system browser (Electron's shell.openExternal); absent in the web preview. */
    openExternal?: (url: string) => Promise<void>;
  },
): HandlerGroup<MerchantMethod> {
  const { current, activity } = deps;
  const opened = new Map<string, MerchantInfo>();
  // The newest 32 merchants' GET answers and redirects are kept.
  const redirects = afterConfirmation<PendingRedirect>(activity, REDIRECT_WORDS);

  const merchantDeps = () => merchantDepsOf(current(), deps);

  return {
    'merchant.open': async ({ text }) => {
      const info = await openMerchant(merchantDeps(), text);
      remember(opened, text.trim(), info);
      return info;
    },

    'merchant.review': async ({ text }) => {
      const merchantDepsNow = merchantDeps();
      // The GET's label and icon are shown during the POST (SPEC.md "POST Request").
      const merchant = opened.get(text.trim()) ?? (await openMerchant(merchantDepsNow, text));
      const reviewed = await reviewMerchant(merchantDepsNow, text, merchant);
      const view = merchantReviewView(current(), reviewed);
      if (reviewed.redirect !== null) {
        redirects.promise(reviewed.ticket.id, {
          url: reviewed.redirect,
          loopback: /^http:/i.test(reviewed.redirect),
        });
      }
      return view;
    },

    'merchant.swapFirst': async ({ mint, shortfall, payWithMint, slippageBps }) => {
      const first = await quoteSwapFirst(deps.swap().review, {
        mint: mint as Address,
        shortfall: BigInt(shortfall),
        payWithMint: payWithMint as Address,
        slippageBps: slippageBps ?? 100,
      });
      return {
        quote: quoteView(first.stored),
        maxSpend: first.maxSpend.toString(),
        sizing: first.sizing,
      };
    },

    'merchant.approve': async (request) => redirects.approve(current(), request),

    'merchant.redirect': async ({ signature }) => {
      const redirect = await redirects.confirmed(signature);
      if (/^solana:/i.test(redirect.url)) return { opened: null, solanaLink: redirect.url };
      if (!isAllowedMerchantRedirect(redirect.url, redirect.loopback)) {
        throw new WalletError(
          'NOT_AVAILABLE',
          "The merchant's page is not a plain https address, so Swapdesk does not open it.",
        );
      }
      if (!deps.openExternal) {
        // The web preview has no system browser to hand the page to; the address was checked.
        throw new WalletError(
          'NOT_AVAILABLE',
          `This window cannot open pages in your browser. The merchant's page is ${redirect.url}`,
        );
      }
      await deps.openExternal(redirect.url);
      return { opened: redirect.url, solanaLink: null };
    },
  };
}
