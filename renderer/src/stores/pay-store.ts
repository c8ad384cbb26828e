/**
 * The pay form: the **Payment request** text (a Solana Pay transfer-request URL, pasted, read
 * from a QR code or written from the hand-entered form), main's reading of it (`pay.parse`),
 * the amount when the request leaves it to the payer, the token to pay with, and the plan
 * (`pay.quote`: a direct transfer or an ExactOut swap with its maximum).
 *
 * Main parses the text again on every call: the renderer only shows what main read. Requests
 * carry sequence numbers so that a late answer for an older text is dropped.
 */
import { create, type StateCreator } from 'zustand';
import type { PaymentPlanView, PaymentRequestView } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';
import { readEnd, type ReadEnd } from './read-end';
import { readAmountInput } from '../lib/token-amount';
import { isTransactionRequest } from './merchant-store';
import { isActionLink } from './action-store';

export type ParseState =
  { state: 'empty' } | { state: 'reading' } | ReadEnd<'request', PaymentRequestView>;

export interface PayStore {
  /** The **Payment request** box as typed or filled. */
  text: string;
  parse: ParseState;
  /** The amount typed when the request has none (user units). */
  amountText: string;
  payWithMint: string | null;
  plan: PaymentPlanView | null;
  /** Local clock time (ms) the shown plan arrived. */
  planReceivedAt: number | null;
  quoting: boolean;
  quoteError: BridgeError | null;

  /** New text: read it after a pause (debounce). */
  setText: (text: string) => void;
  /** New text read at once (a QR code, the hand-entered form, a solana: link). */
  useText: (text: string) => Promise<void>;
  /** Reads the current text again (after its payee account was created). */
  reparse: () => Promise<void>;
  setAmountText: (text: string) => void;
  setPayWithMint: (mint: string) => void;
  /** Asks for a plan now. */
  requestPlan: () => Promise<void>;
  cancelScheduled: () => void;
  /** Clears the form. */
  clear: () => void;
}

export const initialPayState = {
  text: '',
  parse: { state: 'empty' } as ParseState,
  amountText: '',
  payWithMint: null as string | null,
  plan: null as PaymentPlanView | null,
  planReceivedAt: null as number | null,
  quoting: false,
  quoteError: null as BridgeError | null,
};

export interface PayStoreDeps {
  debounceMs?: number;
  now?: () => number;
}

/** The amount pay.quote gets: undefined when the request fixes it; null when not valid yet. */
export function planAmountOf(
  request: PaymentRequestView,
  amountText: string,
): { amount?: string } | null {
  if (request.amount !== null) return {};
  const read = readAmountInput(amountText, request.mint.decimals);
  if (read.state !== 'valid') return null;
  // pay.quote takes user units as the person wrote them (main re-reads them with the decimals).
  return {
    amount: amountText.trim().startsWith('.') ? `0${amountText.trim()}` : amountText.trim(),
  };
}

/**
 * Writes a hand-entered payment as a transfer-request URL, the one form main reads.
 * @example manualRequestText('9xQ…', 'EPjF…', '12.5') // 'solana:9xQ…?amount=12.5&spl-token=EPjF…'
 */
export function manualRequestText(recipient: string, mint: string, amountText: string): string {
  const params = new URLSearchParams();
  const amount = amountText.trim();
  if (amount !== '') params.set('amount', amount.startsWith('.') ? `0${amount}` : amount);
  params.set('spl-token', mint);
  return `solana:${recipient.trim()}?${params.toString()}`;
}

export function createPayStoreCreator(deps: PayStoreDeps = {}): StateCreator<PayStore> {
  const debounceMs = deps.debounceMs ?? 300;
  const now = deps.now ?? Date.now;

  return (set, get) => {
    let parseSequence = 0;
    let planSequence = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const cancelScheduled = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };

    const dropPlan = () => {
      planSequence += 1; // an answer in flight is of the old form
      set({ plan: null, planReceivedAt: null, quoting: false, quoteError: null });
    };

    const requestPlan = async (): Promise<void> => {
      planSequence += 1;
      const mine = planSequence;
      const { parse, payWithMint, text, amountText } = get();
      if (parse.state !== 'ready' || !payWithMint || !parse.request.payee.exists) {
        set({ plan: null, planReceivedAt: null, quoting: false, quoteError: null });
        return;
      }
      const amount = planAmountOf(parse.request, amountText);
      if (amount === null) {
        set({ plan: null, planReceivedAt: null, quoting: false, quoteError: null });
        return;
      }
      set({ quoting: true, quoteError: null });
      // The integrator fee is main's own setting: the plan states it, the screen never sets it.
      const result = await callWallet((w) =>
        w.pay.quote({ text: text.trim(), payWithMint, ...amount }),
      );
      if (mine !== planSequence) return;
      set(
        result.ok
          ? { plan: result.value, planReceivedAt: now(), quoting: false, quoteError: null }
          : { plan: null, planReceivedAt: null, quoting: false, quoteError: result.error },
      );
    };

    const readText = async (): Promise<void> => {
      cancelScheduled();
      parseSequence += 1;
      const mine = parseSequence;
      const text = get().text.trim();
      dropPlan();
      // A transaction request or an action is the merchant's to build: their stores read it (issue 34).
      if (text === '' || isTransactionRequest(text) || isActionLink(text)) {
        set({ parse: { state: 'empty' } });
        return;
      }
      set({ parse: { state: 'reading' } });
      const result = await callWallet((w) => w.pay.parse({ text }));
      if (mine !== parseSequence) return;
      set({ parse: readEnd(result, 'request') });
      if (result.ok) await requestPlan();
    };

    return {
      ...initialPayState,

      setText: (text) => {
        cancelScheduled();
        parseSequence += 1;
        dropPlan();
        const none = text.trim() === '' || isTransactionRequest(text) || isActionLink(text);
        set({ text, parse: none ? { state: 'empty' } : { state: 'reading' } });
        if (!none) timer = setTimeout(() => void readText(), debounceMs);
      },
      useText: async (text) => {
        set({ text });
        await readText();
      },
      reparse: readText,
      setAmountText: (amountText) => {
        set({ amountText });
        cancelScheduled();
        dropPlan();
        timer = setTimeout(() => void requestPlan(), debounceMs);
      },
      setPayWithMint: (payWithMint) => {
        set({ payWithMint });
        dropPlan();
        void requestPlan();
      },
      requestPlan,
      cancelScheduled,
      clear: () => {
        cancelScheduled();
        parseSequence += 1;
        planSequence += 1;
        set({ ...initialPayState, payWithMint: get().payWithMint });
      },
    };
  };
}

export const usePayStore = create<PayStore>()(createPayStoreCreator());
