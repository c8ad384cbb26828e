/**
 * `solana:` links opened from the operating system. The app registers itself for the scheme;
 * the OS hands a link to the running app as a command-line argument (Windows, Linux: the
 * second-instance event or the first launch) or through the `open-url` event (macOS). Main
 * keeps the newest link in an inbox until the renderer takes it (`links.takePending`), so a
 * link that arrives before the window is ready is not lost.
 *
 * Only the shape is checked here (scheme, length); the Pay screen parses the request and says
 * what is wrong with it, exactly as it does for a pasted link.
 */

/** Solana Pay rejects URLs longer than this; so do we, before they reach the renderer. */
export const MAX_LINK_LENGTH = 2048;

/** The link if `text` is a `solana:` URL of an acceptable length, else null. */
export function asSolanaLink(text: string): string | null {
  const trimmed = text.trim();
  if (!/^solana:/i.test(trimmed) || trimmed.length > MAX_LINK_LENGTH) return null;
  return trimmed;
}

/**
 * The `solana:` link among command-line arguments, if any (the last one wins, as the OS puts
 * the opened URL after the program's own arguments).
 *
 * @example
 * findSolanaLink(['/opt/Swapdesk/swapdesk', '--flag', 'solana:9xQe...?amount=1']) // 'solana:9xQe...?amount=1'
 */
export function findSolanaLink(argv: readonly string[]): string | null {
  for (let i = argv.length - 1; i >= 0; i -= 1) {
    const link = asSolanaLink(argv[i]);
    if (link) return link;
  }
  return null;
}

export interface LinkInbox {
  /** Keeps `text` when it is a `solana:` link; answers whether it was kept. */
  offer(text: string): boolean;
  /** The newest link not yet taken, once. */
  take(): string | null;
}

/** One pending link at a time: a newer link replaces an older one the person never opened. */
export function createLinkInbox(): LinkInbox {
  let pending: string | null = null;
  return {
    offer(text) {
      const link = asSolanaLink(text);
      if (link) pending = link;
      return link !== null;
    },
    take() {
      const link = pending;
      pending = null;
      return link;
    },
  };
}
