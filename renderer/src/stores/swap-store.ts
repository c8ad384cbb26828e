/**
 * The swap form and its quote: tokens, the amount as typed, slippage, advanced options, and the
 * latest quote. Quotes follow the typing: each change schedules one `swap.quote` after a pause
 * (debounce), and every request carries a sequence number so that an answer arriving after a
 * newer request was sent is dropped (a slow quote for "1" never overwrites the one for "15").
 */
import { multipliersOf } from '../lib/token-scale';
import { create, type StateCreator } from 'zustand';
import type { QuoteView, TokenInfo } from '../../../preload/api-types';
import type { RequestOf } from '../../../preload/contract';
import type { BridgeError } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';
import { readAmountInput, NATIVE_MINT } from '../lib/token-amount';
import { findToken, useTokensStore } from './tokens-store';

type QuoteRequest = RequestOf<'swap.quote'>;
export type PriorityFeeChoice = NonNullable<NonNullable<QuoteRequest['options']>['priorityFee']>;

export type Slippage = { mode: 'bps'; bps: number } | { mode: 'auto'; maxBps: number };

export interface AdvancedOptions {
  onlyDirectRoutes: boolean;
  /** Venue labels to route through only (empty: any). */
  dexes: string[];
  /** Venue labels never to route through. */
  excludeDexes: string[];
  /** null: the service's default. */
  maxAccounts: number | null;
  asLegacyTransaction: boolean;
  priorityFee: PriorityFeeChoice;
}

export interface SwapStore {
  inputMint: string | null;
  outputMint: string | null;
  /** The **You pay** text exactly as typed (user units). */
  amountText: string;
  slippage: Slippage;
  options: AdvancedOptions;
  quote: QuoteView | null;
  /** Local clock time (ms) the shown quote arrived, for its visible age and auto refresh. */
  quoteReceivedAt: number | null;
  /** Scaled mints' multipliers when the quote arrived (issue 35): a change makes it stale. */
  quoteMultipliers: Record<string, number>;
  /** A quote request is on its way (the newest one). */
  quoting: boolean;
  quoteError: BridgeError | null;

  setInputMint: (mint: string) => void;
  setOutputMint: (mint: string) => void;
  /** Swaps what you pay and what you receive. */
  flip: () => void;
  setAmountText: (text: string) => void;
  setSlippage: (slippage: Slippage) => void;
  setOptions: (change: Partial<AdvancedOptions>) => void;
  /** Asks for a quote now (no debounce): the refresh button and the auto refresh use this. */
  requestQuote: () => Promise<void>;
  /** Cancels a scheduled quote (the screen unmounts). */
  cancelScheduled: () => void;
}

export const DEFAULT_SLIPPAGE: Slippage = { mode: 'bps', bps: 50 };
export const DEFAULT_OPTIONS: AdvancedOptions = {
  onlyDirectRoutes: false,
  dexes: [],
  excludeDexes: [],
  maxAccounts: null,
  asLegacyTransaction: false,
  priorityFee: { kind: 'auto' },
};

export const initialSwapState = {
  inputMint: NATIVE_MINT as string | null,
  outputMint: null as string | null,
  amountText: '',
  slippage: DEFAULT_SLIPPAGE,
  options: DEFAULT_OPTIONS,
  quote: null as QuoteView | null,
  quoteReceivedAt: null as number | null,
  quoteMultipliers: {} as Record<string, number>,
  quoting: false,
  quoteError: null as BridgeError | null,
};

export interface SwapStoreDeps {
  /** Pause after the last change before a quote is asked for. */
  debounceMs?: number;
  now?: () => number;
  /** The token of a mint (decimals for the amount), from the tokens store by default. */
  tokenOf?: (mint: string) => TokenInfo | null;
}

/** The request `swap.quote` gets for the form, or null when the form cannot be quoted yet. */
export function quoteRequestOf(
  state: Pick<SwapStore, 'inputMint' | 'outputMint' | 'amountText' | 'slippage' | 'options'>,
  tokenOf: (mint: string) => TokenInfo | null,
): QuoteRequest | null {
  const { inputMint, outputMint, options } = state;
  if (!inputMint || !outputMint || inputMint === outputMint) return null;
  const input = tokenOf(inputMint);
  if (!input) return null;
  const amount = readAmountInput(state.amountText, input.decimals, inputMint);
  if (amount.state !== 'valid') return null;
  const opts: NonNullable<QuoteRequest['options']> = { priorityFee: options.priorityFee };
  if (options.onlyDirectRoutes) opts.onlyDirectRoutes = true;
  if (options.dexes.length > 0) opts.dexes = options.dexes;
  if (options.excludeDexes.length > 0) opts.excludeDexes = options.excludeDexes;
  if (options.maxAccounts !== null) opts.maxAccounts = options.maxAccounts;
  if (options.asLegacyTransaction) opts.asLegacyTransaction = true;
  return {
    inputMint,
    outputMint,
    amount: amount.baseUnits.toString(),
    swapMode: 'ExactIn',
    slippage:
      state.slippage.mode === 'bps'
        ? { bps: state.slippage.bps }
        : { auto: true, maxBps: state.slippage.maxBps },
    options: opts,
  };
}

/** A creator with its timing and token source as parameters, so tests can set them. */
export function createSwapStoreCreator(deps: SwapStoreDeps = {}): StateCreator<SwapStore> {
  const debounceMs = deps.debounceMs ?? 300;
  const now = deps.now ?? Date.now;
  const tokenOf =
    deps.tokenOf ?? ((mint: string) => findToken(useTokensStore.getState().tokens, mint));

  return (set, get) => {
    /** Number of the newest quote request; an answer with an older number is dropped. */
    let sequence = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const cancelScheduled = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };

    const requestQuote = async (): Promise<void> => {
      cancelScheduled();
      sequence += 1;
      const mine = sequence;
      const request = quoteRequestOf(get(), tokenOf);
      if (!request) {
        set({ quote: null, quoteReceivedAt: null, quoting: false, quoteError: null });
        return;
      }
      set({ quoting: true });
      const result = await callWallet((w) => w.swap.quote(request));
      if (mine !== sequence) return; // a newer request was sent meanwhile: this answer is stale
      if (result.ok) {
        set({
          quote: result.value,
          quoteReceivedAt: now(),
          quoteMultipliers: multipliersOf([request.inputMint, request.outputMint]),
          quoting: false,
          quoteError: null,
        });
      } else {
        set({ quote: null, quoteReceivedAt: null, quoting: false, quoteError: result.error });
      }
    };

    /** After a change: the shown quote no longer matches the form; ask again after a pause. */
    const schedule = () => {
      cancelScheduled();
      sequence += 1; // whatever is in flight answers a form that no longer exists
      const canQuote = quoteRequestOf(get(), tokenOf) !== null;
      set({ quote: null, quoteReceivedAt: null, quoteError: null, quoting: canQuote });
      if (canQuote) timer = setTimeout(() => void requestQuote(), debounceMs);
    };

    return {
      ...initialSwapState,

      setInputMint: (mint) => {
        const { outputMint, inputMint } = get();
        // Picking the token of the other side swaps the two rather than quoting X for X.
        set(mint === outputMint ? { inputMint: mint, outputMint: inputMint } : { inputMint: mint });
        schedule();
      },
      setOutputMint: (mint) => {
        const { outputMint, inputMint } = get();
        set(
          mint === inputMint ? { outputMint: mint, inputMint: outputMint } : { outputMint: mint },
        );
        schedule();
      },
      flip: () => {
        const { inputMint, outputMint } = get();
        set({ inputMint: outputMint, outputMint: inputMint });
        schedule();
      },
      setAmountText: (text) => {
        set({ amountText: text });
        schedule();
      },
      setSlippage: (slippage) => {
        set({ slippage });
        schedule();
      },
      setOptions: (change) => {
        set({ options: { ...get().options, ...change } });
        schedule();
      },
      requestQuote,
      cancelScheduled,
    };
  };
}

export const useSwapStore = create<SwapStore>()(createSwapStoreCreator());
