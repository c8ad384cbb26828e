/**
 * The status line under a password form while main seals the keys with the new password (a
 * first password, an upgraded vault, a new phrase's wallet): sealing takes a moment, so the
 * person is told what the wait is.
 */

/** "Sealing your keys…" while `pending`; nothing otherwise. */
export function SealingStatus({ pending }: { pending: boolean }) {
  return pending ? (
    <p role="status" className="status-line">
      Sealing your keys…
    </p>
  ) : null;
}
