/**
 * The references of a Solana Pay transfer (the keys a merchant finds the payment by), as the
 * request and its receipt both show them: one per line, or "none".
 */

/** A `dd` listing `references` in a list named `label`, or "none" when there are none. */
export function ReferenceList({
  references,
  label,
}: {
  references: readonly string[];
  label: string;
}) {
  return (
    <dd className="mono break">
      {references.length > 0 ? (
        <ul className="plain-list" aria-label={label}>
          {references.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : (
        <span className="muted">none</span>
      )}
    </dd>
  );
}
