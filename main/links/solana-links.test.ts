import { describe, expect, it } from 'vitest';
import { asSolanaLink, createLinkInbox, findSolanaLink, MAX_LINK_LENGTH } from './solana-links';

const LINK = 'solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=1&label=Coffee';

describe('solana: links from the operating system', () => {
  it('finds the link after the program arguments, whatever the case of the scheme', () => {
    expect(findSolanaLink(['/usr/bin/swapdesk', '--no-sandbox', LINK])).toBe(LINK);
    expect(findSolanaLink(['swapdesk', 'SOLANA:abc'])).toBe('SOLANA:abc');
    expect(findSolanaLink(['swapdesk', 'solana:first', 'solana:second'])).toBe('solana:second');
  });

  it('ignores arguments that are not solana: links', () => {
    expect(findSolanaLink(['swapdesk', 'https://example.com', 'bitcoin:abc', ''])).toBeNull();
    expect(findSolanaLink([])).toBeNull();
  });

  it('refuses links longer than Solana Pay allows', () => {
    const long = `solana:${'a'.repeat(MAX_LINK_LENGTH)}`;
    expect(asSolanaLink(long)).toBeNull();
    expect(asSolanaLink(long.slice(0, MAX_LINK_LENGTH))).not.toBeNull();
  });

  it('hands the newest link to the renderer once', () => {
    const inbox = createLinkInbox();
    expect(inbox.take()).toBeNull();
    expect(inbox.offer('solana:older')).toBe(true);
    expect(inbox.offer(LINK)).toBe(true);
    expect(inbox.offer('not a link')).toBe(false);
    expect(inbox.take()).toBe(LINK);
    expect(inbox.take()).toBeNull();
  });
});
