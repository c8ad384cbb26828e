/**
 * What the preload script does, with Electron's two objects passed in so it can be tested with
 * fakes: exposes `window.wallet` with one function per contract method, each invoking that
 * method's own IPC channel. Nothing else is exposed: no ipcRenderer, no generic invoke, no
 * channel names, so a compromised page can call only what the contract lists.
 */
import type { ContextBridge, IpcRenderer } from 'electron';
import type { Result } from '../main/shared/result';
import { channelOf, METHOD_NAMES } from './contract';
import { buildWalletApi } from './wallet-api';

export type ContextBridgeLike = Pick<ContextBridge, 'exposeInMainWorld'>;
export type IpcRendererLike = Pick<IpcRenderer, 'invoke'>;

/** Exposes `window.wallet` in the page's world. */
export function exposeWallet(contextBridge: ContextBridgeLike, ipcRenderer: IpcRendererLike): void {
  // The first screen's calls go out now, before the page's scripts run (issue 26).
  const api = buildWalletApi(
    METHOD_NAMES,
    (name, request) => ipcRenderer.invoke(channelOf(name), request) as Promise<Result<unknown>>,
    { early: true },
  );
  contextBridge.exposeInMainWorld('wallet', api);
}
