/**
 * Token logos as main hands them out (`tokens.logo`: a data: URL it fetched and checked, or
 * null). Asked once per mint per session; the page itself never loads a logo URL.
 */
import { create } from 'zustand';
import { callWallet } from '../lib/wallet';

export interface LogosStore {
  /** data: URL, null (no safe logo: draw the placeholder), or absent (not asked yet). */
  logos: Record<string, string | null>;
  load: (mint: string) => void;
}

const asked = new Set<string>();

export const useLogosStore = create<LogosStore>()((set, get) => ({
  logos: {},
  load: (mint) => {
    if (asked.has(mint)) return;
    asked.add(mint);
    void callWallet((w) => w.tokens.logo({ mint })).then((result) => {
      const dataUrl =
        result.ok && result.value.dataUrl?.startsWith('data:image/') ? result.value.dataUrl : null;
      set({ logos: { ...get().logos, [mint]: dataUrl } });
    });
  },
}));
