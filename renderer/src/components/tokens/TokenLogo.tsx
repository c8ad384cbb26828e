/**
 * A token's logo, or a neutral placeholder (the symbol's first letter in a grey disc) when the
 * token has none, main refused it, or it has not arrived yet. Only data: URLs from main are
 * ever put in `src` (the CSP allows data: images and nothing remote).
 */
import { useEffect } from 'react';
import { useLogosStore } from '../../stores/logos-store';

export interface TokenLogoProps {
  mint: string;
  symbol: string | null;
  /** False when the directory has no logo for it: no need to ask main. */
  hasLogo?: boolean;
}

export function TokenLogo({ mint, symbol, hasLogo = true }: TokenLogoProps) {
  const dataUrl = useLogosStore((s) => s.logos[mint]);
  const load = useLogosStore((s) => s.load);
  useEffect(() => {
    if (hasLogo) load(mint);
  }, [hasLogo, load, mint]);
  if (dataUrl) return <img className="token-logo" src={dataUrl} alt="" width={20} height={20} />;
  return (
    <span
      className="token-logo token-logo-placeholder"
      aria-hidden="true"
      data-testid="logo-placeholder"
    >
      {(symbol ?? '?').slice(0, 1).toUpperCase()}
    </span>
  );
}
