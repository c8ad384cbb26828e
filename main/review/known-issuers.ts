/**
 * Warnings by issuer (issue 35): a permanent delegate, a freeze authority or a pause authority
 * is how a scam takes tokens back, and also how a regulated issuer meets its legal duties
 * (xStocks' issuer and PYUSD's keep all three). On a token the directory verifies AND whose
 * mint is one of a known issuer's, the wallet shows them as that issuer's power, in words,
 * without the acknowledgement a scam warning needs; on any other token they stay as they were.
 *
 * The issuer list, by mint (mainnet addresses):
 * - PYUSD `2b1kV6Dk…GXo`: PayPal USD, issued by Paxos Trust Company (the mint of
 *   main/shared/sandbox-tokens.ts, checked there against public token lists).
 * - xStocks TSLAx, NVDAx, SPYx: tokenized shares issued by Backed Assets (xStocks), the mints
 *   as issue 35 lists them from xStocks' own pages; others are added the same way.
 * - PAUS, the sandbox's pausable token: its test issuer is the sandbox faucet. Its address is a
 *   hash with no private key, so no such mint can exist on another network.
 */
import type { TokenWarning } from './types';

interface KnownIssuer {
  /** Who issues it, as the sentences name them. */
  issuer: string;
}

const KNOWN_ISSUERS: Readonly<Record<string, KnownIssuer>> = {
  '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo': {
    issuer: 'Paxos, PYUSD\u2019s issuer for PayPal',
  },
  XsDoVfqeBukxuZHWhdvWHBhgEHjGNst4MLodqsJHzoB: { issuer: 'Backed, the xStocks issuer' },
  Xsc9qvGR1efVDFGLrVsmkzv3qi45LTBjeUKSPmx9qEh: { issuer: 'Backed, the xStocks issuer' },
  XsoCS1TfEyfFhfvj8EtZ528L3CaKBDBRqRapnBbDF2W: { issuer: 'Backed, the xStocks issuer' },
  Gvmuxff3JGME8kNLuEy99w1mAkpn4u8GkKkbSDNz4xSK: {
    issuer: 'the sandbox faucet, PAUS\u2019s test issuer',
  },
};

const POWERS: Partial<Record<TokenWarning['kind'], string>> = {
  'permanent-delegate':
    'keeps a permanent delegate: it can move or burn this token in any account, yours included, as a regulated issuer must be able to (a court order, a sanctions list)',
  'freeze-authority': 'can freeze any account of this token, yours included',
  'pause-authority': 'can pause this token: while it is paused nobody can move it, you included',
};

/** The known issuer of a mint, or null. */
export function knownIssuer(mint: string): string | null {
  return KNOWN_ISSUERS[mint]?.issuer ?? null;
}

/**
 * `warnings` with the issuer powers of verified tokens from known issuers said as such (no
 * acknowledgement); everything else unchanged.
 * @example issuerPowers(report.tokenWarnings, (mint) => directory.get(mint)?.verified === true)
 */
export function issuerPowers(
  warnings: readonly TokenWarning[],
  verified: (mint: string) => boolean,
): TokenWarning[] {
  return warnings.map((warning) => {
    const power = POWERS[warning.kind];
    const issuer = knownIssuer(warning.mint);
    if (power === undefined || issuer === null || !verified(warning.mint)) return warning;
    // The chain's own sentence stays after the issuer's name: it names the address that holds the power.
    return {
      ...warning,
      mustAcknowledge: false,
      sentence: `The issuer's power, not a scam sign: ${issuer} ${power}. (${warning.sentence})`,
    };
  });
}
