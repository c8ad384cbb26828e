/**
 * Paying a transfer request (issue 5): parse it and resolve the payee, then plan how the payer
 * pays: a plain TransferChecked when they hold the token, else an ExactOut quote (the swap
 * either pays the payee's account directly, or, for an invoice with reference keys or a memo,
 * lands in the payer's own account and a last TransferChecked carries the references). On a
 * service without exact output (the swap API v2, issue 22), an exact-input swap sized to cover
 * the amount lands in the payer's account, then the transfer pays exactly the amount.
 */
import { unpackAccount } from '@solana/spl-token';
import { PublicKey, type Connection } from '@solana/web3.js';
import { isAddress, type Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { refusePausedMints } from '../tokens/paused-check';
import { unreachableBalance, walletLamports } from '../ledger/wallet-lamports';
import type { SwapApiClient } from '../swap-api';
import type { SwapV2Client } from '../swap-api/v2';
import type { PayeeConnection } from './payee';
import { resolvePayee, type Payee } from './payee';
import { resolveSolPayee } from './sol-payee';
import { exactInQuotes, planExactIn } from './exact-in-plan';
import { payerTokenAccount } from './payment-transactions';
import type { PaymentPlan, PayFees, PlanBook } from './plan-book';
import { amountInBaseUnits, parseTransferRequest, type TransferRequest } from './solana-pay-url';
import { payerTransfer, quoteExactOut } from './payment-quote';
import { namedNoRoute } from '../swap-api/v2/no-route';
import { paymentMaxAccounts } from './pay-build-v2';

export interface PayQuoteDeps {
  networkKey: string;
  api: () => Promise<SwapApiClient>;
  connection: PayeeConnection & Pick<Connection, 'getMultipleAccountsInfo' | 'getEpochInfo'>;
  plans: PlanBook;
  currentAccount: () => Promise<string | null>;
  now: () => number;
  /**
   * The integrator fee main's settings (issue 6) put on an exact-output swap from `inputMint`,
   * or null when fees are off. Throws the settings' refusal. The only source of a payment's
   * fee: the renderer cannot name one.
   */
  feesFor: (swap: {
    swapMode: 'ExactIn' | 'ExactOut';
    inputMint: Address;
    outputMint: Address;
  }) => Promise<PayFees | null>;
  /**
   * False on a swap service that quotes exact input only (the swap API v2): a payment by swap
   * is then an exact-input swap into the payer's account sized to cover the transfer
   * (exact-in-plan.ts). True (v6, swap/v1): exact output stays the first choice.
   */
  exactOut: () => Promise<boolean>;
  /** The Swap API v2 client on a v2 service (quotes through GET /build), else null. */
  apiV2?: (() => Promise<SwapV2Client>) | null;
  /**
   * Venues the service's POST /swap-instructions cannot build (they co-sign their own fills):
   * left out of the quote of a payment composed from instructions (issue 21), so that no route
   * is offered that the review could not build. Default none.
   */
  venuesWithoutInstructions?: readonly string[];
  /** Token symbols by mint, to name a pair no route joins; default the mints. */
  tokenSymbols?: (mints: readonly string[]) => Promise<Record<string, string>>;
}

export interface ParsedPayment {
  request: TransferRequest;
  payee: Payee;
  /** Base units; null when the request leaves the amount to the payer. */
  amount: bigint | null;
}

/**
 * Parses `text` (a `solana:` transfer request) and resolves the payee's token account.
 * A request without spl-token asks for native SOL (9 decimals) into the recipient wallet.
 * Throws the parser's refusals, INVALID_AMOUNT (more decimals than the mint), and the payee
 * resolution's errors.
 */
export async function parsePayment(
  connection: PayeeConnection,
  text: string,
): Promise<ParsedPayment> {
  const request = parseTransferRequest(text);
  // No spl-token: the request asks for SOL itself, into the recipient wallet.
  const payee =
    request.splToken === null
      ? await resolveSolPayee(connection, request.recipient)
      : await resolvePayee(connection, request.recipient, request.splToken);
  const amount =
    request.amount === null
      ? null
      : amountInBaseUnits(request.amount, payee.mint.decimals, payee.mint.multiplier);
  return { request, payee, amount };
}

export interface PayQuoteRequest {
  text: string;
  /** User units; required when the request has no amount, refused when it has one. */
  amount?: string | undefined;
  payWithMint: Address;
  slippageBps?: number | undefined;
}

function missingDestination(payee: Payee): WalletError {
  return new WalletError(
    'DESTINATION_MISSING',
    `The payee has no ${payee.mint.mint} token account yet (${payee.tokenAccount}), so the payment cannot arrive. Create it first in a transaction of its own (rent ${payee.rentLamports} lamports), then pay.`,
  );
}

/**
 * The fee rule of issue 5 point 6, checked before any request is sent. An exact-input payment
 * (issue 22) may take the fee in the token paid or the token the payee gets (the sizing then
 * covers the fee: the quote's output is net of it).
 */
export function checkPaymentFees(
  fees: PayFees | undefined,
  payWithMint: Address,
  exactInOutputMint?: Address,
): void {
  if (fees === undefined) return;
  if (fees.feeMint !== payWithMint && fees.feeMint !== exactInOutputMint) {
    throw new WalletError(
      'FEE_MINT_NOT_ALLOWED',
      `An exact-output payment takes the integrator fee in the token you pay with only; the fee account is for ${fees.feeMint}, not ${payWithMint}. Pay with ${fees.feeMint}, or set a fee account of the token you pay with.`,
    );
  }
  if (
    !Number.isInteger(fees.platformFeeBps) ||
    fees.platformFeeBps < 0 ||
    fees.platformFeeBps > 10_000
  ) {
    throw new WalletError('FEE_MINT_NOT_ALLOWED', 'The platform fee must be 0 to 10,000 bps.');
  }
}

async function payerBalance(
  connection: Pick<Connection, 'getMultipleAccountsInfo'>,
  account: PublicKey,
  tokenProgram: string,
): Promise<bigint> {
  const [info] = await connection
    .getMultipleAccountsInfo([account], 'confirmed')
    .catch(unreachableBalance);
  if (!info) return 0n;
  return unpackAccount(account, info, new PublicKey(tokenProgram)).amount;
}

/**
 * Plans the payment of `input.text` with `input.payWithMint` and keeps the plan. Throws
 * DESTINATION_MISSING, FEE_MINT_NOT_ALLOWED (before any request), INSUFFICIENT_FUNDS (direct),
 * NO_ROUTE with a suggestion, and the swap API's errors.
 *
 * @example const plan = await quotePayment(deps, { text, payWithMint: SOL });
 */
export async function quotePayment(
  deps: PayQuoteDeps,
  input: PayQuoteRequest,
): Promise<PaymentPlan> {
  const account = await deps.currentAccount();
  if (account === null) {
    throw new WalletError('NO_ACCOUNT', 'Create or import an account before paying.');
  }
  if (!isAddress(input.payWithMint)) {
    throw new WalletError('INVALID_ADDRESS', 'The token you pay with is not a valid mint address.');
  }
  const parsed = await parsePayment(deps.connection, input.text);
  const { request, payee } = parsed;
  if (parsed.amount !== null && input.amount !== undefined) {
    throw new WalletError(
      'INVALID_AMOUNT',
      'This payment request fixes the amount; it cannot be changed.',
    );
  }
  const amount =
    parsed.amount ??
    (input.amount === undefined
      ? (() => {
          throw new WalletError(
            'INVALID_AMOUNT',
            'This payment request leaves the amount to you: enter the amount to pay.',
          );
        })()
      : amountInBaseUnits(input.amount, payee.mint.decimals, payee.mint.multiplier));
  if (!payee.exists) throw missingDestination(payee);
  if (payee.minimumLamports !== undefined && amount < payee.minimumLamports) {
    throw new WalletError(
      'INVALID_AMOUNT',
      `The recipient's wallet is new (it holds no SOL yet), and the network refuses to leave a new account with less than ${payee.minimumLamports} lamports; this request asks for ${amount}. Ask the payee for a larger amount or another wallet.`,
    );
  }
  const mint = payee.mint.mint;
  // A paused token is said so before any plan (issue 35), both the paid and the paying one.
  await refusePausedMints(
    deps.connection,
    [mint, input.payWithMint],
    async (m) => (await deps.tokenSymbols?.([m]))?.[m] ?? null,
  );
  const base = {
    networkKey: deps.networkKey,
    request,
    payee,
    amount,
    payWithMint: input.payWithMint,
    quotedAt: deps.now(),
  };
  // SOL goes to the recipient wallet by the payer's own SystemProgram transfer (no token
  // account of the payee could receive it): the swap lands in the payer's temporary wrapped-SOL
  // account, which the swap's cleanup closes (unwraps) before the transfer.
  const throughPayer =
    payee.native === true || request.references.length > 0 || request.memo !== null;
  if (input.payWithMint === mint) {
    const transfer = await payerTransfer(deps.connection, payee, amount);
    const held = payee.native
      ? await walletLamports(deps.connection, new PublicKey(account))
      : await payerBalance(
          deps.connection,
          payerTokenAccount({
            payer: account as Address,
            mint,
            tokenProgram: payee.mint.tokenProgram,
          }),
          payee.mint.tokenProgram,
        );
    if (held < transfer.gross) {
      const fee =
        transfer.fee > 0n ? ` (${amount} plus the token's transfer fee of ${transfer.fee})` : '';
      throw new WalletError(
        'INSUFFICIENT_FUNDS',
        payee.native
          ? `Your wallet holds ${held} lamports, less than the ${amount} to pay (plus the network fee). Pay with another token.`
          : `Your account holds ${held} base units of this token, less than the ${transfer.gross} to send${fee}. Pay with another token.`,
      );
    }
    return deps.plans.add({
      ...base,
      transferAmount: transfer.gross,
      transferFee: transfer.fee,
      kind: 'direct',
      route: 'direct-transfer',
      quote: null,
      fees: null,
      payerAccountRent: 0n,
    });
  }
  const exactOut = await deps.exactOut();
  const fees =
    (await deps.feesFor({
      swapMode: exactOut ? 'ExactOut' : 'ExactIn',
      inputMint: input.payWithMint,
      outputMint: mint,
    })) ?? undefined;
  checkPaymentFees(fees, input.payWithMint, exactOut ? undefined : mint);
  if (!exactOut) {
    // Exact input only (swap API v2): always through the payer's own account, then the
    // transfer of exactly the amount, grossed up by a transfer fee (exact-in-plan.ts).
    const quotes = await exactInQuotes(
      deps,
      account as Address,
      fees,
      paymentMaxAccounts(request.references.length),
    );
    const planned = await planExactIn(quotes, {
      payWithMint: input.payWithMint,
      mint: payee.mint,
      amount,
      slippageBps: input.slippageBps ?? 50,
      platformFeeBps: fees?.platformFeeBps,
    }).catch(async (error: unknown) => {
      throw await namedNoRoute(error, [input.payWithMint, mint], deps.tokenSymbols);
    });
    return deps.plans.add({
      ...base,
      transferAmount: planned.transferAmount,
      transferFee: planned.transferFee,
      kind: 'swap',
      route: 'swap-exact-in',
      quote: planned.quote,
      fees: fees ?? null,
      payerAccountRent: await payerAccountRent(deps, account as Address, payee),
      exactIn: { leftoverAtLeast: planned.leftoverAtLeast },
    });
  }
  // Through the payer, the swap must land what the payer's last transfer sends: the amount
  // grossed up by a transfer fee, so that the payee receives exactly the amount. Straight into
  // the payee's account, the exact-output swap itself delivers the amount whole.
  const transfer = throughPayer
    ? await payerTransfer(deps.connection, payee, amount)
    : { gross: amount, fee: 0n };
  const quote = await quoteExactOut(deps, input, {
    outputMint: mint,
    amount: transfer.gross,
    fees,
    avoid: throughPayer ? (deps.venuesWithoutInstructions ?? []) : [],
    composed: payee.native === true ? 'sol' : 'references',
  });
  return deps.plans.add({
    ...base,
    transferAmount: transfer.gross,
    transferFee: transfer.fee,
    kind: 'swap',
    route: throughPayer ? 'swap-through-payer' : 'swap-to-payee',
    quote,
    fees: fees ?? null,
    payerAccountRent: throughPayer ? await payerAccountRent(deps, account as Address, payee) : 0n,
  });
}

/**
 * Through the payer, the swap opens the payer's own account of the mint when there is none:
 * its rent is part of what paying costs (the account stays the payer's). The temporary
 * wrapped-SOL account of a SOL payment is closed in the same transaction: no rent.
 */
async function payerAccountRent(
  deps: Pick<PayQuoteDeps, 'connection'>,
  account: Address,
  payee: Payee,
): Promise<bigint> {
  if (payee.native === true) return 0n;
  const payerAccount = payerTokenAccount({
    payer: account,
    mint: payee.mint.mint,
    tokenProgram: payee.mint.tokenProgram,
  });
  const exists = await deps.connection
    .getMultipleAccountsInfo([payerAccount], 'confirmed')
    .then(([info]) => info != null, unreachableBalance);
  return exists ? 0n : payee.ataRentLamports;
}
