/**
 * links.takePending: hands the renderer the `solana:` link the OS opened the app with.
 */
import type { HandlerGroup } from '../bridge/handler-types';
import type { LinkInbox } from '../links/solana-links';

/** Handlers of the `links.*` methods over the app's link inbox. */
export function createLinkHandlers(inbox: LinkInbox): HandlerGroup<'links.takePending'> {
  return {
    'links.takePending': async () => ({ url: inbox.take() }),
  };
}
