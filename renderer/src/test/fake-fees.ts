/**
 * The fees part of the fake bridge (issue 6) for the component tests: fee settings kept in
 * memory, token accounts the test declares, and a network without the referral program (the
 * sandbox's case) unless the test says otherwise.
 */
import type {
  FeeAccountCheckView,
  FeeBalancesView,
  FeeSettingsView,
  ReviewTicketView,
} from '../../../preload/api-types';
import type { MethodName, ParsedRequestOf } from '../../../preload/contract';
import type { Result } from '../../../main/shared/result';
import { reportFor } from './fake-review-report';
import { fakeSignature, fakeUuid } from './fake-swap';

export interface FakeFeesState {
  settings: FeeSettingsView;
  /** Token accounts by address (what fees.checkAccount answers). */
  accounts: Map<string, FeeAccountCheckView>;
  referralProgramDeployed: boolean;
  /** The address fees.createAccount creates, by mint (the owner's associated account). */
  ownAccountOf: (mint: string) => string;
  swaps: FeeBalancesView['swaps'];
  sent: number;
  /** The /order referral's token accounts by mint, with their balance (issue 22). */
  orderReferralTokenAccounts: Map<string, string>;
  /** Tickets of fees.createOrderReferralTokenAccounts: approving one opens SOL and USDC's. */
  orderReferralCreations: Set<string>;
}

export function initialFakeFeesState(): FakeFeesState {
  return {
    settings: {
      networkId: 'sandbox',
      enabled: false,
      platformFeeBps: 0,
      highFeeWarning: null,
      referralAccount: null,
      accounts: [],
      operatorShareBps: 250,
      orderReferral: null,
    },
    accounts: new Map(),
    referralProgramDeployed: false,
    ownAccountOf: (mint) => `Acc${mint.slice(3)}`,
    swaps: [],
    sent: 0,
    orderReferralTokenAccounts: new Map(),
    orderReferralCreations: new Set(),
  };
}

type Handler = (req: never) => Result<unknown>;
export type FakeFeesMethod = Extract<MethodName, `fees.${string}`>;

const ADVICE =
  'The referral program is not deployed on this network. Since January 2025 any token account of the fee mint can collect fees: create your own token account for the fee mint.';

/** The handlers of fees.* over `state`. */
export function createFakeFeesHandlers(
  state: FakeFeesState,
  currentAccount: () => string | null,
): Record<FakeFeesMethod, Handler> {
  const tickets = new Map<
    string,
    { ticket: ReviewTicketView; mint: string; signature: string | null }
  >();
  const check = (mint: string, address: string): FeeAccountCheckView =>
    state.accounts.get(address) ?? {
      address,
      exists: false,
      tokenProgram: null,
      mint: null,
      owner: null,
      balance: null,
      decimals: null,
      referralProgramDeployed: state.referralProgramDeployed,
      problem: {
        code: 'FEE_ACCOUNT_MISSING',
        message: `No token account exists at ${address} for ${mint}.`,
      },
      advice: state.referralProgramDeployed ? null : ADVICE,
    };
  const ticketFor = (mint: string): ReviewTicketView => {
    const now = new Date().toISOString();
    const ticket: ReviewTicketView = {
      ticketId: fakeUuid(),
      transactionBase64: 'AQID',
      messageHash: 'ef'.repeat(32),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      lastValidBlockHeight: 1000,
      report: reportFor(
        {
          quoteId: fakeUuid(),
          inputMint: 'So11111111111111111111111111111111111111112',
          outputMint: mint,
          swapMode: 'ExactIn',
          inAmount: '0',
          outAmount: '0',
          otherAmountThreshold: '0',
          minimumReceived: '0',
          maximumSpent: null,
          slippageBps: 0,
          computedAutoSlippageBps: null,
          priceImpactPct: '0',
          platformFee: null,
          route: [],
          contextSlot: 1,
          quotedAt: now,
          expiresAt: now,
        },
        currentAccount() ?? '',
        null,
      ),
    };
    // The creation pays rent in SOL and opens the owner's token account for the mint, as
    // main's review reports it (no swap changes).
    const sol = ticket.report.balanceChanges.find((c) => c.mint === null);
    ticket.report.balanceChanges = sol ? [sol] : [];
    ticket.report.balanceChanges.push({
      account: state.ownAccountOf(mint),
      role: 'user',
      mint,
      decimals: 6,
      owner: currentAccount(),
      before: '0',
      after: '0',
      change: '0',
      created: true,
      closed: false,
    });
    tickets.set(ticket.ticketId, { ticket, mint, signature: null });
    return ticket;
  };
  const set = (change: Partial<FeeSettingsView>): Result<FeeSettingsView> => {
    state.settings = { ...state.settings, ...change };
    state.settings.highFeeWarning =
      state.settings.platformFeeBps > 100
        ? `A platform fee of ${state.settings.platformFeeBps} bps is above the usual 10 to 100 bps.`
        : null;
    return { ok: true, value: state.settings };
  };

  return {
    'fees.get': () => ({ ok: true, value: state.settings }),
    'fees.set': (req: ParsedRequestOf<'fees.set'>) =>
      set({
        ...(req.enabled !== undefined ? { enabled: req.enabled } : {}),
        ...(req.platformFeeBps !== undefined ? { platformFeeBps: req.platformFeeBps } : {}),
        ...(req.referralAccount !== undefined ? { referralAccount: req.referralAccount } : {}),
        ...(req.orderReferral !== undefined
          ? {
              orderReferral:
                req.orderReferral === null
                  ? null
                  : { ...req.orderReferral, account: `Named${req.orderReferral.name}Referral` },
            }
          : {}),
      }),
    // The /order referral (issue 22): no referral program (the sandbox's case), SOL's token
    // account created once fees.createOrderReferralTokenAccounts was approved.
    'fees.orderReferral': () => {
      const referral = state.settings.orderReferral;
      if (referral === null) {
        return { ok: false, error: { code: 'FEE_ACCOUNT_MISSING', message: 'No name set.' } };
      }
      const tokenAccounts = [
        { mint: 'So11111111111111111111111111111111111111112', symbol: 'SOL' },
        { mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'USDC' },
      ].map((t) => {
        const exists = state.orderReferralTokenAccounts.has(t.mint);
        return {
          ...t,
          address: `Ata${t.mint.slice(3)}`,
          exists,
          balance: exists ? (state.orderReferralTokenAccounts.get(t.mint) ?? '0') : null,
        };
      });
      return {
        ok: true,
        value: {
          name: referral.name,
          account: referral.account,
          project: 'DkiqsTrw1u1bYFumumC7sCG2S8K25qc2vemJFHyW2wJc',
          onChain: null,
          programDeployed: state.referralProgramDeployed,
          tokenAccounts,
          payingNothing: tokenAccounts.filter((t) => !t.exists).map((t) => t.mint),
        },
      };
    },
    'fees.createOrderReferral': () => ({
      ok: false,
      error: { code: 'REFERRAL_PROGRAM_MISSING', message: 'No referral program here.' },
    }),
    'fees.createOrderReferralTokenAccounts': () => {
      const ticket = ticketFor('So11111111111111111111111111111111111111112');
      state.orderReferralCreations.add(ticket.ticketId);
      return { ok: true, value: ticket };
    },
    'fees.claimOrderReferral': (req: ParsedRequestOf<'fees.claimOrderReferral'>) => ({
      ok: true,
      value: ticketFor(req.mint),
    }),
    'fees.deriveAccount': (req: ParsedRequestOf<'fees.deriveAccount'>) => ({
      ok: true,
      value: check(req.mint, `Ref${req.mint.slice(3)}`),
    }),
    'fees.checkAccount': (req: ParsedRequestOf<'fees.checkAccount'>) => ({
      ok: true,
      value: check(req.mint, req.address),
    }),
    'fees.setFeeAccount': (req: ParsedRequestOf<'fees.setFeeAccount'>) => {
      const others = state.settings.accounts.filter((a) => a.mint !== req.mint);
      if ('fromReferral' in req) {
        return set({
          accounts: [
            ...others,
            { mint: req.mint, source: 'referral', address: `Ref${req.mint.slice(3)}` },
          ],
        });
      }
      return set({
        accounts:
          req.address === null
            ? others
            : [...others, { mint: req.mint, source: 'address', address: req.address }],
      });
    },
    'fees.createAccount': (req: ParsedRequestOf<'fees.createAccount'>) => ({
      ok: true,
      value: ticketFor(req.mint),
    }),
    'fees.claim': (req: ParsedRequestOf<'fees.claim'>) =>
      state.referralProgramDeployed
        ? { ok: true, value: ticketFor(req.mint) }
        : { ok: false, error: { code: 'REFERRAL_PROGRAM_MISSING', message: ADVICE } },
    'fees.approve': (req: ParsedRequestOf<'fees.approve'>) => {
      const entry = tickets.get(req.ticketId);
      if (!entry)
        return {
          ok: false,
          error: { code: 'TICKET_NOT_FOUND', message: 'This review is no longer known.' },
        };
      if (entry.signature === null && state.orderReferralCreations.has(req.ticketId)) {
        state.orderReferralTokenAccounts.set('So11111111111111111111111111111111111111112', '0');
        state.orderReferralTokenAccounts.set('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', '0');
      }
      if (entry.signature === null) {
        state.sent += 1;
        entry.signature = fakeSignature(900 + state.sent);
        // With the referral program and a referral account, creation opens the derived account.
        const address =
          state.referralProgramDeployed && state.settings.referralAccount !== null
            ? `Ref${entry.mint.slice(3)}`
            : state.ownAccountOf(entry.mint);
        state.accounts.set(address, {
          address,
          exists: true,
          tokenProgram: 'spl-token',
          mint: entry.mint,
          owner: currentAccount(),
          balance: '0',
          decimals: 6,
          referralProgramDeployed: state.referralProgramDeployed,
          problem: null,
          advice: null,
        });
      }
      return {
        ok: true,
        value: { signature: entry.signature, activityId: fakeUuid(), status: 'pending' },
      };
    },
    'fees.balances': () => {
      const accounts = state.settings.accounts.map((a) => ({
        ...check(a.mint, a.address),
        source: a.source,
        configuredMint: a.mint,
      }));
      const totals = new Map<string, { balance: bigint; decimals: number | null }>();
      for (const a of accounts) {
        if (!a.exists || a.balance === null) continue;
        const t = totals.get(a.configuredMint) ?? { balance: 0n, decimals: a.decimals };
        totals.set(a.configuredMint, {
          balance: t.balance + BigInt(a.balance),
          decimals: t.decimals,
        });
      }
      return {
        ok: true,
        value: {
          accounts,
          totals: [...totals].map(([mint, t]) => ({
            mint,
            balance: t.balance.toString(),
            decimals: t.decimals,
          })),
          swaps: state.swaps,
        },
      };
    },
  };
}
