/**
 * A Solana Pay transaction request, end to end in main (issue 34 points 1 to 3): the GET
 * (label, icon: SPEC.md "GET Response"), the POST with the person's account ("POST Request"),
 * the answer's `transaction`, `message` and `redirect` (SPEC1.1.md), the wallet's rules on the
 * transaction (merchant-transaction.ts), and the review of what it pays (merchant-intent.ts)
 * by the swaps' own review, ticket book and submitter: keys never leave main, and the page only
 * ever sees what came through here. Actions (issue 34 point 5) can reuse openMerchant's GET
 * and reviewMerchantTransaction for their POST answer.
 */
import type { ReviewReport } from '../../review';
import type { Address } from '../../shared/address';
import { WalletError } from '../../shared/errors';
import { formatUnits } from '../../shared/amount';
import { shortAddress } from '../../review/words';
import {
  issueReviewedTicket,
  type IssueTicketDeps,
  type ReviewTicket,
} from '../../tickets/issue-ticket';
import { claimRefusals } from './merchant-claims';
import { callMerchant, merchantWords, type MerchantHttpDeps } from './merchant-http';
import {
  merchantPayment,
  type MerchantIntentConnection,
  type MerchantPayment,
} from './merchant-intent';
import { prepareMerchantTransaction, type MerchantTxConnection } from './merchant-transaction';
import { isLoopback, transactionRequestUrl } from './transaction-request-url';

/** What the merchant's GET said, as the Pay screen shows it. */
export interface MerchantInfo {
  /** The host the wallet called: the only name of the merchant the wallet vouches for. */
  domain: string;
  label: string | null;
  /** The icon as a data: URL once main checked it as it checks token logos, else null. */
  icon: string | null;
  /** Why no icon is shown, in words; null when it is shown. */
  iconNote: string | null;
}

export interface MerchantDeps {
  http: MerchantHttpDeps;
  /** The token logos' checker (main/tokens/logo-fetcher.ts): a data: URL or null. */
  icon: (url: string) => Promise<string | null>;
  review: IssueTicketDeps;
  /** The network reads of preparing and reading the merchant's transaction. */
  chain: MerchantTxConnection & MerchantIntentConnection;
  currentAccount: () => Promise<string | null>;
  /** The token's symbol, for the words and the label's claims; null when unknown. */
  symbolOf: (mint: string) => Promise<string | null>;
}

/** A reviewed merchant transaction: its ticket and what to show beside the review. */
export interface MerchantReview {
  ticket: ReviewTicket;
  merchant: MerchantInfo;
  payment: MerchantPayment;
  /** The merchant's `message` (SPEC1.1.md: at least its first 80 characters are shown). */
  message: string | null;
  /** Where to go once the payment is confirmed (https, or a new solana: request). */
  redirect: string | null;
  /** What the transaction does, in one sentence. */
  summary: string;
  /**
   * How much more of the paid token the person needs (base units; issue 34 point 4): a swap
   * into it, reviewed on its own, comes first; null when they hold enough, or it is SOL.
   */
  shortfall: bigint | null;
}

const ICON_NOTE =
  "The merchant's icon is not shown: Swapdesk shows only a PNG, JPEG, GIF or WebP icon of at most 64 KiB from a public https address (never an SVG, which can carry script). Go by the domain above.";

/**
 * The merchant's GET (SPEC.md "GET Request"/"GET Response"): its label and checked icon.
 * Throws INVALID_PAYMENT_REQUEST (the link) and MERCHANT_REFUSED (the merchant's answer).
 */
export async function openMerchant(deps: MerchantDeps, text: string): Promise<MerchantInfo> {
  const url = transactionRequestUrl(text);
  const body = await callMerchant(deps.http, url, { method: 'GET' });
  const domain = url.host;
  const label = merchantWords(body.label);
  return { domain, label, ...(await merchantIcon(deps, body.icon)) };
}

/**
 * The icon a merchant (or an action) names, checked as token logos are: a data: URL, or null
 * and the reason in words. Shared with Actions (main/pay/actions/).
 */
export async function merchantIcon(
  deps: Pick<MerchantDeps, 'icon'>,
  value: unknown,
): Promise<Pick<MerchantInfo, 'icon' | 'iconNote'>> {
  const iconUrl = typeof value === 'string' ? value : null;
  let icon: string | null = null;
  if (iconUrl !== null && /^https?:/i.test(iconUrl)) {
    icon = await deps.icon(iconUrl).catch(() => null);
  }
  return {
    icon,
    iconNote: icon === null ? (iconUrl === null ? 'The merchant names no icon.' : ICON_NOTE) : null,
  };
}

/**
 * The `redirect` of the POST answer (SPEC1.1.md "POST Response": "an absolute HTTPS or
 * solana: URL"): kept for after confirmation, or a refusal of the whole request.
 */
function redirectOf(domain: string, value: unknown, merchantUrl: URL): string | null {
  if (value === undefined || value === null) return null;
  const refuse = (): never => {
    throw new WalletError(
      'MERCHANT_REFUSED',
      `${domain} asks to send you afterwards to a place that is not an https page or a Solana Pay link, which Solana Pay forbids. Nothing was signed; do not pay through this link.`,
    );
  };
  if (typeof value !== 'string' || value.length > 2048) return refuse();
  if (/^solana:/i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse();
  }
  if (url.username !== '' || url.password !== '') return refuse();
  if (url.protocol === 'https:') return url.href;
  // The sandbox's merchant runs on loopback http; its redirect may stay there.
  if (url.protocol === 'http:' && isLoopback(url) && isLoopback(merchantUrl)) return url.href;
  return refuse();
}

/** "Pays 12.50 USDC to shop.example's account 3hv7…riFd; creates nothing; asks nothing else of you." */
export function merchantSummary(
  domain: string,
  payment: MerchantPayment,
  symbol: string | null,
  report: Pick<ReviewReport, 'accepted' | 'balanceChanges'>,
  merchantPaysFee = false,
): string {
  const amount = `${formatUnits(payment.amount, payment.decimals)} ${symbol ?? shortAddress(payment.mint)}`;
  const whose = shortAddress(payment.payeeOwner ?? payment.payeeAccount);
  const created = report.balanceChanges.filter(
    (change) => change.created && change.role !== 'user',
  );
  const creates =
    created.length === 0
      ? 'creates nothing'
      : `creates ${created.length} account${created.length === 1 ? '' : 's'} for others`;
  const asks = report.accepted
    ? 'asks nothing else of you'
    : 'and does more, which Swapdesk refuses (below)';
  const fee = merchantPaysFee ? ` ${domain} pays the network fee.` : '';
  return `Pays ${amount} to ${domain}'s account ${whose}; ${creates}; ${asks}.${fee}`;
}

/** The review deps with the merchant's claim refusals joined to the report. */
function withClaims(
  deps: IssueTicketDeps,
  claims: (report: ReviewReport) => string[],
): IssueTicketDeps {
  return {
    ...deps,
    tickets: {
      create: (input) => {
        const extra = claims(input.report);
        if (extra.length === 0) return deps.tickets.create(input);
        const report: ReviewReport = {
          ...input.report,
          accepted: false,
          refusals: [...input.report.refusals, ...extra],
          verdicts: [
            ...input.report.verdicts,
            { rule: 'payment', ok: false, reason: extra.join(' ') },
          ],
        };
        return deps.tickets.create({
          ...input,
          report,
          accepted: false,
          refusals: [...input.refusals, ...extra],
        });
      },
    },
  };
}

/** The person's current account; NO_ACCOUNT saying `words` when there is none. */
export async function requireAccount(
  deps: Pick<MerchantDeps, 'currentAccount'>,
  words: string,
): Promise<Address> {
  const account = (await deps.currentAccount()) as Address | null;
  if (account === null) throw new WalletError('NO_ACCOUNT', words);
  return account;
}

/**
 * The POST with the person's account (SPEC.md "POST Request"), then the answer's transaction
 * prepared by the spec's rules and reviewed as a payment. Throws NO_ACCOUNT,
 * INVALID_PAYMENT_REQUEST, MERCHANT_REFUSED (in words, nothing signed), NETWORK_UNAVAILABLE.
 */
export async function reviewMerchant(
  deps: MerchantDeps,
  text: string,
  merchant: MerchantInfo,
): Promise<MerchantReview> {
  const account = await requireAccount(deps, 'Create or import an account before paying.');
  const url = transactionRequestUrl(text);
  const body = await callMerchant(deps.http, url, { method: 'POST', body: { account } });
  return reviewMerchantAnswer(deps, { url, merchant, body, account });
}

/**
 * A merchant's POST answer (`transaction`, `message`, `redirect`) held to the spec's rules and
 * reviewed as a payment: the half of reviewMerchant after the POST, shared with Actions
 * (main/pay/actions/, whose POST answer has the same `transaction` and `message`). Throws
 * MERCHANT_REFUSED (in words, nothing signed) and NETWORK_UNAVAILABLE.
 */
export async function reviewMerchantAnswer(
  deps: MerchantDeps,
  posted: { url: URL; merchant: MerchantInfo; body: Record<string, unknown>; account: Address },
): Promise<MerchantReview> {
  const { url, merchant, body, account } = posted;
  const domain = url.host;
  const message = merchantWords(body.message);
  const redirect = redirectOf(domain, body.redirect, url);
  if (body.transaction === undefined) {
    throw new WalletError(
      'MERCHANT_REFUSED',
      message === null
        ? `${domain} sent no transaction to sign. Nothing was signed; ask the merchant.`
        : `${domain} sent no transaction to sign; it says: "${message}". Nothing was signed.`,
    );
  }
  const connection = deps.chain;
  const prepared = await prepareMerchantTransaction(connection, domain, body.transaction, account);
  const payment = await merchantPayment(connection, domain, prepared.transaction, account);
  const symbol = await deps.symbolOf(payment.mint).catch(() => null);
  const claims = () =>
    claimRefusals(domain, [merchant.label, message], {
      symbol: payment.native ? 'SOL' : symbol,
      decimals: payment.decimals,
      amount: payment.amount,
    });
  // A merchant that pays the fee signed already (SPEC.md "POST Response": a partly signed
  // transaction); its signature was verified above and is verified again by the review.
  const feePayer = prepared.feePayer === account ? {} : { signedFeePayer: prepared.feePayer };
  const ticket = await issueReviewedTicket(
    { ...withClaims(deps.review, claims), ...feePayer },
    account,
    prepared,
    payment.intent,
  );
  return {
    ticket,
    merchant,
    payment,
    message,
    redirect,
    summary: merchantSummary(
      domain,
      payment,
      payment.native ? 'SOL' : symbol,
      ticket.report,
      prepared.feePayer !== account,
    ),
    shortfall:
      !payment.native && payment.held < payment.intent.inAmount
        ? payment.intent.inAmount - payment.held
        : null,
  };
}
