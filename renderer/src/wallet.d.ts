/**
 * `window.wallet` is the only way the renderer reaches main: the preload script (or the web
 * preview's injected script) builds it from preload/contract.ts. Type-only import: nothing of
 * the contract's runtime (zod) is bundled into the renderer by this declaration.
 */
import type { WalletApi } from '../../preload/wallet-api';

declare global {
  interface Window {
    /** Absent when the page is opened outside Swapdesk (no preload, no preview script). */
    wallet?: WalletApi;
  }
}

export {};
