/**
 * The one bridge contract: every method the renderer may call, with its request schema and
 * response type. Main registers a handler per method and parses every payload with these
 * schemas; preload builds `window.wallet` from the same list. There is deliberately no generic
 * `invoke(channel, ...)`: a method that is not listed here does not exist.
 *
 * Secrets travel one way only: a secret key or recovery phrase the person types may go from the
 * renderer to main (accounts.import); no response ever carries one.
 */
import { z } from 'zod';
import type {
  FeeAccountCheckView,
  FeeBalancesView,
  FeeSettingsView,
  AccountsState,
  AccountSummary,
  ActivityEntryView,
  AppInfo,
  Balances,
  FundResult,
  PaymentPlanView,
  PaymentReceiptView,
  PaymentRequestView,
  QuoteView,
  ReviewTicketView,
  SettingsView,
  SubmissionView,
  TokenInfo,
  TransactionStatusView,
} from './api-types';

/** A method: request schema plus a phantom response type. */
interface Method<Req extends z.ZodType, Res> {
  request: Req;
  /** Never read at run time; carries the response type for main and the renderer. */
  response?: Res;
}

function method<Res>() {
  return <Req extends z.ZodType>(request: Req): Method<Req, Res> => ({ request });
}

const base58Address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 address');

const label = z.string().trim().min(1).max(64);

/** Base units as decimal text: no sign, exponent or leading zeros, at most u64 (20 digits). */
const baseUnits = z
  .string()
  .regex(/^(0|[1-9]\d{0,19})$/, 'must be a whole number of base units as decimal text');

/** Ids main hands out (quotes, tickets, activity entries): random UUIDs. */
const id = z.uuid();

const bps = z.number().int().min(0).max(10_000);

/** A venue label as GET /program-id-to-label names it. */
const venue = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^,]+$/, 'must not contain a comma');

/** The priority fee for POST /swap. Lamports as decimal text. */
const priorityFee = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  z.object({ kind: z.literal('auto') }).strict(),
  z.object({ kind: z.literal('lamports'), lamports: baseUnits }).strict(),
  z
    .object({
      kind: z.literal('level'),
      level: z.enum(['medium', 'high', 'veryHigh']),
      maxLamports: baseUnits,
    })
    .strict(),
]);

const swapQuoteRequest = z
  .object({
    inputMint: base58Address,
    outputMint: base58Address,
    /** Base units of the input (ExactIn) or the exact output (ExactOut). */
    amount: baseUnits,
    swapMode: z.enum(['ExactIn', 'ExactOut']).optional(),
    slippage: z.union([
      z.object({ bps: bps }).strict(),
      z.object({ auto: z.literal(true), maxBps: bps.min(1) }).strict(),
    ]),
    options: z
      .object({
        onlyDirectRoutes: z.boolean().optional(),
        restrictIntermediateTokens: z.boolean().optional(),
        dexes: z.array(venue).max(50).optional(),
        excludeDexes: z.array(venue).max(50).optional(),
        maxAccounts: z.number().int().min(1).max(256).optional(),
        asLegacyTransaction: z.boolean().optional(),
        priorityFee: priorityFee.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** A payment request as pasted: main refuses past 2048 characters with its own sentence. */
const paymentText = z.string().min(1).max(4096);

const transactionBase64 = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 text');

const signatureText = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'must be a base58 transaction signature');

/** Loopback and https URLs only; main checks the rule again and says which part is wrong. */
const serviceUrl = z.string().trim().min(1).max(2048);

export const contract = {
  'app.info': method<AppInfo>()(z.object({}).strict()),
  /**
   * The newest `solana:` link the operating system opened Swapdesk with, once; null when there
   * is none. The Pay screen parses it like a pasted request.
   */
  'links.takePending': method<{ url: string | null }>()(z.object({}).strict()),

  'accounts.list': method<AccountsState>()(z.object({}).strict()),
  'accounts.create': method<AccountSummary>()(z.object({ label: label.optional() }).strict()),
  /**
   * Import a base58 64-byte secret key, a Solana CLI keypair JSON array, or a BIP39 recovery
   * phrase. For a phrase, `accountIndexes` picks m/44'/501'/N'/0' (default [0]).
   */
  'accounts.import': method<AccountSummary[]>()(
    z
      .object({
        secret: z.string().min(1).max(4096),
        label: label.optional(),
        accountIndexes: z.array(z.number().int().min(0).max(1000)).min(1).max(20).optional(),
      })
      .strict(),
  ),
  'accounts.rename': method<AccountSummary>()(z.object({ address: base58Address, label }).strict()),
  'accounts.remove': method<AccountsState>()(z.object({ address: base58Address }).strict()),
  'accounts.select': method<AccountsState>()(z.object({ address: base58Address }).strict()),

  'balances.get': method<Balances>()(z.object({ address: base58Address }).strict()),
  /** Sandbox only: SOL and some of each sandbox token for the address. */
  'sandbox.fund': method<FundResult>()(z.object({ address: base58Address }).strict()),

  /** Tokens for the pickers: the sandbox's list on the sandbox, the bundled list elsewhere. */
  'tokens.list': method<TokenInfo[]>()(z.object({}).strict()),
  /** A pasted mint: decimals and token program read from the chain. */
  'tokens.lookup': method<TokenInfo>()(z.object({ mint: base58Address }).strict()),

  /** GET /quote in main; the raw answer stays in main under the returned quoteId. */
  'swap.quote': method<QuoteView>()(swapQuoteRequest),
  /** POST /swap for the stored quote and the current account, then the review; a ticket. */
  'swap.review': method<ReviewTicketView>()(z.object({ quoteId: id }).strict()),
  /**
   * Signs and sends the reviewed transaction: the bytes must equal the ticket's, the ticket
   * must be unexpired and unused, and every guard verdict ok. A second call with the same
   * ticket answers the first submission and sends nothing.
   */
  'swap.approve': method<SubmissionView>()(
    z
      .object({
        ticketId: id,
        transactionBase64: z
          .string()
          .max(4096)
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 text'),
      })
      .strict(),
  ),
  'swap.status': method<TransactionStatusView>()(
    z
      .object({
        signature: z
          .string()
          .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'must be a base58 transaction signature'),
      })
      .strict(),
  ),

  /**
   * Pay (issue 5). `text` is a Solana Pay transfer-request URL (a hand-entered payment is
   * written as one: solana:<recipient>?amount=..&spl-token=..); main parses it again each time.
   */
  'pay.parse': method<PaymentRequestView>()(z.object({ text: paymentText }).strict()),
  /** A ticket for the transaction creating the payee's missing token account (rent shown). */
  'pay.createDestination': method<ReviewTicketView>()(z.object({ text: paymentText }).strict()),
  /**
   * Plans the payment with a token the payer holds: direct transfer or ExactOut quote. The
   * integrator fee is main's own setting (fees.set / fees.setFeeAccount), taken in the input mint.
   */
  'pay.quote': method<PaymentPlanView>()(
    z
      .object({
        text: paymentText,
        /** User units, only when the request has no amount ("12.5"). */
        amount: z
          .string()
          .max(40)
          .regex(/^\d+(\.\d+)?$/, 'must be a decimal number like 12.5')
          .optional(),
        payWithMint: base58Address,
        slippageBps: bps.optional(),
        // No fees here: main applies its own fee settings (fees.*), never the renderer's.
      })
      .strict(),
  ),
  /** Builds and reviews the planned payment; a ticket for pay.approve. */
  'pay.review': method<ReviewTicketView>()(z.object({ planId: id }).strict()),
  /** As swap.approve, for payment tickets (recorded in Activity as kind 'pay'). */
  'pay.approve': method<SubmissionView>()(
    z.object({ ticketId: id, transactionBase64: transactionBase64 }).strict(),
  ),
  /** Amount delivered and spent, read from the confirmed transaction; kept in Activity. */
  'pay.receipt': method<PaymentReceiptView>()(z.object({ signature: signatureText }).strict()),

  /** Every submitted transaction, newest first. */
  'activity.list': method<ActivityEntryView[]>()(z.object({}).strict()),

  'settings.get': method<SettingsView>()(z.object({}).strict()),
  /**
   * Switches the network. Mainnet takes optional rpcUrl / swapApiUrl overrides; custom needs
   * both. https is required except on loopback. The web preview allows the sandbox only.
   */
  'settings.setNetwork': method<SettingsView>()(
    z
      .object({
        id: z.enum(['sandbox', 'mainnet', 'custom']),
        rpcUrl: serviceUrl.optional(),
        swapApiUrl: serviceUrl.optional(),
      })
      .strict(),
  ),
  /**
   * Stores (or with null, deletes) the swap API key of a network in the keychain; default the
   * mainnet one. It is never answered back: settings.get says only whether one is set.
   */
  'settings.setApiKey': method<SettingsView>()(
    z
      .object({
        apiKey: z.string().trim().min(1).max(512).nullable(),
        network: z.enum(['mainnet', 'custom']).optional(),
      })
      .strict(),
  ),

  /* Integrator fees (issue 6). */
  /** The fee settings of the current network. */
  'fees.get': method<FeeSettingsView>()(z.object({}).strict()),
  /**
   * Turns fees on or off, sets the platform fee (0..10000 bps; a warning above 100) and the
   * referral account (null removes it). Omitted fields keep their value.
   */
  'fees.set': method<FeeSettingsView>()(
    z
      .object({
        enabled: z.boolean().optional(),
        platformFeeBps: z.number().int().min(0).max(10_000).optional(),
        referralAccount: base58Address.nullable().optional(),
      })
      .strict(),
  ),
  /** The referral fee token account of (referral account, mint) and what the chain says. */
  'fees.deriveAccount': method<FeeAccountCheckView>()(
    z.object({ referralAccount: base58Address, mint: base58Address }).strict(),
  ),
  /** Reads any token account as a fee account for `mint` (exists, program, mint, balance). */
  'fees.checkAccount': method<FeeAccountCheckView>()(
    z.object({ mint: base58Address, address: base58Address }).strict(),
  ),
  /**
   * The fee account of a mint: an explicit token account, `fromReferral` (derived from the
   * referral account), or `address: null` to remove it.
   */
  'fees.setFeeAccount': method<FeeSettingsView>()(
    z.union([
      z.object({ mint: base58Address, address: base58Address.nullable() }).strict(),
      z.object({ mint: base58Address, fromReferral: z.literal(true) }).strict(),
    ]),
  ),
  /**
   * A review ticket for creating the fee account of `mint`: the referral token account
   * (initializeReferralTokenAccount) where the referral program exists, else the account's
   * associated token account for the mint. Approve with fees.approve.
   */
  'fees.createAccount': method<ReviewTicketView>()(z.object({ mint: base58Address }).strict()),
  /** A review ticket for claiming the referral token account of `mint` (referral program only). */
  'fees.claim': method<ReviewTicketView>()(z.object({ mint: base58Address }).strict()),
  /** Signs and sends a fees.createAccount / fees.claim ticket, like swap.approve. */
  'fees.approve': method<SubmissionView>()(
    z
      .object({
        ticketId: z.uuid(),
        transactionBase64: z
          .string()
          .max(4096)
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 text'),
      })
      .strict(),
  ),
  /** Balances of every configured fee account, totals per mint, and the fee of each swap. */
  'fees.balances': method<FeeBalancesView>()(z.object({}).strict()),
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type RequestOf<M extends MethodName> = z.input<Contract[M]['request']>;
export type ParsedRequestOf<M extends MethodName> = z.output<Contract[M]['request']>;
export type ResponseOf<M extends MethodName> = NonNullable<Contract[M]['response']>;

export const METHOD_NAMES = Object.keys(contract) as MethodName[];

/** IPC channel of a method in the Electron app. */
export function channelOf(name: MethodName): string {
  return `wallet:${name}`;
}
