/**
 * The tokens the pickers offer (`tokens.list`: the sandbox's list on the sandbox, the bundled
 * list elsewhere) plus mints the person pasted and `tokens.lookup` read from the chain. Shared
 * by the swap and activity screens, which need each mint's symbol and decimals.
 */
import { create, type StateCreator } from 'zustand';
import type { TokenInfo } from '../../../preload/api-types';
import type { BridgeError, Result } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';

export interface TokensStore {
  status: 'idle' | 'loading' | 'ready' | 'error';
  tokens: TokenInfo[];
  error: BridgeError | null;
  /** Loads the list once; later calls do nothing unless the last load failed. */
  load: (force?: boolean) => Promise<void>;
  /** Reads a pasted mint from the chain and adds it to the list. */
  lookup: (mint: string) => Promise<Result<TokenInfo>>;
  /** Adds a token a directory search found, once the person picks it. */
  remember: (token: TokenInfo) => void;
}

export const initialTokensState = {
  status: 'idle' as TokensStore['status'],
  tokens: [] as TokenInfo[],
  error: null as BridgeError | null,
};

export const tokensStoreCreator: StateCreator<TokensStore> = (set, get) => ({
  ...initialTokensState,

  load: async (force = false) => {
    const { status } = get();
    if (!force && (status === 'loading' || status === 'ready')) return;
    set({ status: 'loading' });
    const result = await callWallet((w) => w.tokens.list({}));
    if (result.ok) {
      // Keep tokens looked up earlier that the list does not name.
      const listed = new Set(result.value.map((t) => t.mint));
      const extra = get().tokens.filter((t) => !listed.has(t.mint));
      set({ status: 'ready', tokens: [...result.value, ...extra], error: null });
    } else {
      set({ status: 'error', error: result.error });
    }
  },

  remember: (token) => {
    if (!get().tokens.some((t) => t.mint === token.mint)) set({ tokens: [...get().tokens, token] });
  },

  lookup: async (mint) => {
    const known = get().tokens.find((t) => t.mint === mint);
    if (known) return { ok: true, value: known };
    const result = await callWallet((w) => w.tokens.lookup({ mint }));
    if (result.ok && !get().tokens.some((t) => t.mint === mint)) {
      set({ tokens: [...get().tokens, result.value] });
    }
    return result;
  },
});

export const useTokensStore = create<TokensStore>()(tokensStoreCreator);

/** The token of `mint` in `tokens`, or null. */
export function findToken(tokens: readonly TokenInfo[], mint: string | null): TokenInfo | null {
  if (!mint) return null;
  return tokens.find((t) => t.mint === mint) ?? null;
}

/** What to call a token: its symbol, else a short form of its mint. */
export function tokenName(token: TokenInfo | null, mint: string | null): string {
  if (token?.symbol) return token.symbol;
  const m = token?.mint ?? mint ?? '';
  return m.length > 9 ? `${m.slice(0, 4)}…${m.slice(-4)}` : m;
}
