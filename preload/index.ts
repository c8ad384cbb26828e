/**
 * The preload script of the Electron window (bundled to out/preload/index.cjs: a sandboxed
 * preload may require only 'electron'). It exposes `window.wallet` and nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { exposeWallet } from './expose-wallet';

exposeWallet(contextBridge, ipcRenderer);
