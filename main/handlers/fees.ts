/**
 * The `fees.*` methods (issue 6): fee settings, fee accounts read from the chain, the create
 * and claim transactions (reviewed, ticketed and approved like a swap), and the balances of
 * every fee account with the fee each swap and payment paid.
 */
import type { Connection } from '@solana/web3.js';
import type {
  FeeAccountCheckView,
  FeeBalancesView,
  FeePaidView,
  OrderReferralView,
  ReviewTicketView,
  SubmissionView,
} from '../../preload/api-types';
import type { ActivityStore } from '../activity/activity-store';
import type { HandlerGroup } from '../bridge/handler-types';
import { NO_REFERRAL_PROGRAM_ADVICE, type FeeAccountCheck } from '../fees/fee-account';
import { feeReceived } from '../fees/fee-received';
import {
  claimFeesTransaction,
  createFeeAccountTransaction,
  type ReviewedFeeTransaction,
} from '../fees/fee-transactions';
import type { FeesService } from '../fees/fees-service';
import { REFERRAL_PROGRAM, referralTokenAccount } from '../fees/referral';
import {
  claimOrderReferralTransaction,
  createOrderReferralTokenAccountsTransaction,
  createOrderReferralTransaction,
  orderReferralStatus,
  type OrderReferralStatus,
} from '../fees/order-referral';
import type { ReviewReport, SwapIntent } from '../review';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { createTicketBook, type TicketBook } from '../tickets/ticket-book';
import { ticketView } from '../tickets/views';
import type { SwapNetworkServices } from './swap';

export type FeesMethod =
  | 'fees.get'
  | 'fees.set'
  | 'fees.deriveAccount'
  | 'fees.checkAccount'
  | 'fees.setFeeAccount'
  | 'fees.createAccount'
  | 'fees.claim'
  | 'fees.approve'
  | 'fees.balances'
  | 'fees.orderReferral'
  | 'fees.createOrderReferral'
  | 'fees.createOrderReferralTokenAccounts'
  | 'fees.claimOrderReferral';

/** The bridge view of a fee account check. */
export function checkView(check: FeeAccountCheck): FeeAccountCheckView {
  return {
    address: check.address,
    exists: check.exists,
    tokenProgram: check.tokenProgram,
    mint: check.mint,
    owner: check.owner,
    balance: check.balance?.toString() ?? null,
    decimals: check.decimals,
    referralProgramDeployed: check.referralProgramDeployed,
    problem: check.problem,
    advice: check.referralProgramDeployed ? null : NO_REFERRAL_PROGRAM_ADVICE,
  };
}

/** Handlers of the `fees.*` methods. */
export function createFeesHandlers(deps: {
  fees: FeesService;
  current: () => SwapNetworkServices;
  connection: () => Connection;
  activity: ActivityStore;
  now: () => number;
  ticketTtlMs?: number;
}): HandlerGroup<FeesMethod> {
  const { fees, current, connection, activity } = deps;
  // Fee tickets have a book of their own, so swap.approve can never send one as a swap.
  const tickets: TicketBook<ReviewReport, SwapIntent, SubmissionView> = createTicketBook({
    now: deps.now,
    ...(deps.ticketTtlMs !== undefined ? { ttlMs: deps.ticketTtlMs } : {}),
  });
  const whatOf = new Map<string, ReviewedFeeTransaction['what']>();

  function issue(built: ReviewedFeeTransaction): ReviewTicketView {
    const ticket = tickets.create({
      account: built.account,
      networkKey: current().review.networkKey,
      transaction: built.transaction,
      lastValidBlockHeight: built.lastValidBlockHeight,
      report: built.report,
      accepted: built.report.accepted,
      refusals: built.report.refusals,
      intent: built.intent,
    });
    whatOf.set(ticket.id, built.what);
    return ticketView(ticket);
  }

  const txDeps = () => ({ ...current().review, connection: connection() });

  /** The /order referral account's status; FEE_ACCOUNT_MISSING when none is set. */
  async function orderStatus(): Promise<OrderReferralStatus> {
    const { orderReferral } = await fees.current();
    if (orderReferral == null) {
      throw new WalletError(
        'FEE_ACCOUNT_MISSING',
        'No referral account for Best price (Meta-Aggregator) is set: give it a name in Fees first.',
      );
    }
    return orderReferralStatus(connection(), orderReferral.name, REFERRAL_PROGRAM);
  }

  return {
    'fees.get': async () => fees.view(),
    'fees.set': async (request) => fees.set(request),
    'fees.setFeeAccount': async (request) => fees.setFeeAccount(request),

    'fees.deriveAccount': async ({ referralAccount, mint }) => {
      const address = referralTokenAccount(referralAccount as Address, mint as Address);
      return checkView(await fees.check(address, mint as Address));
    },
    'fees.checkAccount': async ({ address, mint }) =>
      checkView(await fees.check(address as Address, mint as Address)),

    'fees.createAccount': async ({ mint }) => {
      const { referralAccount } = await fees.current();
      return issue(
        await createFeeAccountTransaction(
          txDeps(),
          mint as Address,
          referralAccount as Address | null,
        ),
      );
    },

    'fees.claim': async ({ mint }) => {
      const { referralAccount } = await fees.current();
      if (referralAccount === null) {
        throw new WalletError(
          'FEE_ACCOUNT_MISSING',
          'There is no referral account to claim from: set one in Fees first.',
        );
      }
      return issue(
        await claimFeesTransaction(txDeps(), mint as Address, referralAccount as Address),
      );
    },

    'fees.orderReferral': async (): Promise<OrderReferralView> => {
      const status = await orderStatus();
      return {
        name: status.name,
        account: status.account,
        project: status.project,
        onChain:
          status.onChain === null
            ? null
            : { partner: status.onChain.partner, shareBps: status.onChain.shareBps },
        programDeployed: status.programDeployed,
        tokenAccounts: status.tokenAccounts.map((t) => ({
          mint: t.mint,
          symbol: t.symbol,
          address: t.address,
          exists: t.exists,
          balance: t.balance?.toString() ?? null,
        })),
        payingNothing: status.payingNothing,
      };
    },
    'fees.createOrderReferral': async () =>
      issue(await createOrderReferralTransaction(txDeps(), await orderStatus())),
    'fees.createOrderReferralTokenAccounts': async ({ mints }) =>
      issue(
        await createOrderReferralTokenAccountsTransaction(
          txDeps(),
          await orderStatus(),
          mints as Address[] | undefined,
        ),
      ),
    'fees.claimOrderReferral': async ({ mint }) =>
      issue(await claimOrderReferralTransaction(txDeps(), await orderStatus(), mint as Address)),

    'fees.approve': async ({ ticketId, transactionBase64 }) => {
      const services = current();
      const bytes = Uint8Array.from(Buffer.from(transactionBase64, 'base64'));
      return tickets.approve(ticketId, bytes, services.review.networkKey, (ticket) =>
        services.submitter.submit(ticket, { kind: 'other', swap: null }),
      );
    },

    'fees.balances': async (): Promise<FeeBalancesView> => {
      const configured = await fees.accounts();
      const accounts = await Promise.all(
        configured.map(async (setting) => ({
          ...checkView(await fees.check(setting.address as Address, setting.mint as Address)),
          source: setting.source,
          configuredMint: setting.mint,
        })),
      );
      const totals = new Map<string, { balance: bigint; decimals: number | null }>();
      for (const account of accounts) {
        if (account.mint === null || account.balance === null) continue;
        const total = totals.get(account.mint) ?? { balance: 0n, decimals: account.decimals };
        total.balance += BigInt(account.balance);
        totals.set(account.mint, total);
      }
      const swaps: FeePaidView[] = [];
      const networkId = current().review.network.id;
      for (const entry of await activity.list()) {
        const fee = entry.platformFee;
        if (!fee || entry.networkId !== networkId) continue;
        let received = fee.received;
        if (received === null && entry.status === 'confirmed') {
          const amount = await feeReceived(connection(), entry.signature, fee.feeAccount);
          if (amount !== null) {
            received = amount.toString();
            // A confirmed transaction does not change: read once, kept in Activity.
            await activity
              .update(entry.id, { platformFee: { ...fee, received } })
              .catch(() => undefined);
          }
        }
        swaps.push({
          signature: entry.signature,
          activityId: entry.id,
          kind: entry.kind,
          feeAccount: fee.feeAccount,
          mint: fee.mint,
          platformFeeBps: fee.feeBps,
          received,
          status: entry.status,
          createdAt: entry.createdAt,
        });
      }
      return {
        accounts,
        totals: [...totals].map(([mint, t]) => ({
          mint,
          balance: t.balance.toString(),
          decimals: t.decimals,
        })),
        swaps,
      };
    },
  };
}
