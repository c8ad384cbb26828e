/**
 * The Electron transport: one `ipcMain.handle` per contract method on its own channel. The
 * Electron objects are passed in (only their types are imported), so the transport and its
 * sender policy are tested with fakes of exactly the shape Electron hands over.
 */
import type { IpcMainInvokeEvent } from 'electron';
import { channelOf } from '../../preload/contract';
import type { Sender } from './handler-types';
import type { Registry } from './registry';
import { pageOf } from '../shared/url-text';

/** What the transport reads from an invoke event: the frame that sent it. */
export type InvokeEventLike = Pick<IpcMainInvokeEvent, 'senderFrame'>;
/** The part of ipcMain the transport uses (Electron's ipcMain fits it). */
export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: InvokeEventLike, payload: unknown) => Promise<unknown>,
  ): void;
  removeHandler(channel: string): void;
}

/** The sender of an IPC call: the URL of the calling frame and whether it is the top frame. */
export function senderOfEvent(event: InvokeEventLike): Sender {
  const frame = event.senderFrame;
  if (!frame) return { kind: 'electron', frameUrl: '', isMainFrame: false };
  return { kind: 'electron', frameUrl: frame.url, isMainFrame: frame.parent === null };
}

/**
 * The app's sender policy: only the top frame of our own page may call, where the page is the
 * built index.html (a file: URL) or, in development, the dev server's index page. Query and
 * fragment are ignored (the renderer may route with the fragment).
 */
export function appPagePolicy(appUrl: string): (sender: Sender) => boolean {
  const expected = pageOf(appUrl);
  return (sender) => {
    if (sender.kind !== 'electron' || !sender.isMainFrame || expected === null) return false;
    const page = pageOf(sender.frameUrl);
    return page === expected;
  };
}

/**
 * Registers a handler per contract method on `ipcMain` and returns the function that removes
 * them again.
 */
export function registerIpcTransport(ipcMain: IpcMainLike, registry: Registry): () => void {
  for (const name of registry.methods) {
    ipcMain.handle(channelOf(name), (event: InvokeEventLike, payload: unknown) =>
      registry.dispatch(name, payload, senderOfEvent(event)),
    );
  }
  return () => {
    for (const name of registry.methods) ipcMain.removeHandler(channelOf(name));
  };
}
