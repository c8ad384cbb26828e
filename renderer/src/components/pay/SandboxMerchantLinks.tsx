/**
 * On the sandbox only: links to its honest merchant (main/sandbox/merchant/, issue 34), so a
 * person can try paying a Solana Pay transaction request offline. Each click starts a new order
 * (its reference key is the merchant's way of finding the payment); its action, "Tip the barista",
 * is opened from the shop's page, which the shop's actions.json maps to the action.
 */
export interface SandboxMerchantLinksProps {
  /** The sandbox's http://127.0.0.1:P, where its merchant is served. */
  rpcUrl: string;
  disabled: boolean;
  onUse: (text: string) => void;
}

/**
 * The transaction request of the sandbox merchant's `item` for a new order; `merchantPaysFee`:
 * the merchant pays the network fee and signs first (`fee=merchant`).
 */
export function sandboxMerchantLink(
  rpcUrl: string,
  item: 'usdc' | 'pyusd',
  order: string,
  merchantPaysFee = false,
): string {
  const fee = merchantPaysFee ? '&fee=merchant' : '';
  const url = new URL(`/sandbox/merchant/${item}?order=${order}${fee}`, rpcUrl);
  // SPEC.md "Link": a merchant URL with a query of its own is URL-encoded.
  return `solana:${encodeURIComponent(url.href)}`;
}

/** The shop's page that its actions.json maps to the tip action (issue 34 point 5). */
export function sandboxActionPage(rpcUrl: string): string {
  return new URL('/tip', rpcUrl).href;
}

export function SandboxMerchantLinks({ rpcUrl, disabled, onUse }: SandboxMerchantLinksProps) {
  const use = (item: 'usdc' | 'pyusd', merchantPaysFee = false) =>
    onUse(sandboxMerchantLink(rpcUrl, item, Date.now().toString(36), merchantPaysFee));
  return (
    <p className="muted small">
      Try a merchant on the sandbox:{' '}
      <button type="button" className="link" disabled={disabled} onClick={() => use('usdc')}>
        Sandbox Coffee in USDC
      </button>{' '}
      or{' '}
      <button type="button" className="link" disabled={disabled} onClick={() => use('pyusd')}>
        in PYUSD (Token-2022)
      </button>
      , or in USDC{' '}
      <button type="button" className="link" disabled={disabled} onClick={() => use('usdc', true)}>
        with the merchant paying the fee
      </button>
      ; or its action:{' '}
      <button
        type="button"
        className="link"
        disabled={disabled}
        onClick={() => onUse(sandboxActionPage(rpcUrl))}
      >
        Tip the barista (a Solana Action)
      </button>
    </p>
  );
}
