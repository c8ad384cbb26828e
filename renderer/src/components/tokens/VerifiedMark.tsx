/**
 * Whether a token is on the verified list, shown wherever a token is named (issue 11): a small
 * check for a verified token, and a visible **Unverified** badge otherwise, because an
 * unverified token's name and logo prove nothing.
 */
export function VerifiedMark({ verified }: { verified: boolean }) {
  return verified ? (
    <span
      className="verified-mark"
      role="img"
      title="On the verified token list"
      aria-label="verified"
    >
      ✓
    </span>
  ) : (
    <span className="unverified-mark">Unverified</span>
  );
}
