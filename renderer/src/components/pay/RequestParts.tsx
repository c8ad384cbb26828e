/**
 * What a merchant's transaction request and a Solana Action show alike (issue 34): the title
 * with the icon main checked, and after a review, what the transaction does in one sentence and
 * the message that came with it.
 */
import type { ReactNode } from 'react';

/** The request's heading (`id` names the section), with its icon when main let one through. */
export function RequestTitle({
  id,
  icon,
  children,
}: {
  id: string;
  icon: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className="card-title">
      {icon ? <img src={icon} alt="" width={24} height={24} className="merchant-icon" /> : null}{' '}
      {children}
    </h2>
  );
}

/**
 * What the reviewed transaction does, and the message of whoever built it. `owner` is the
 * builder in words ("merchant", "action"): it names both for screen readers.
 */
export function ReviewedWords({
  reviewed,
  owner,
}: {
  reviewed: { summary: string; message?: string | null } | null;
  owner: 'merchant' | 'action';
}) {
  if (!reviewed) return null;
  const Owner = `${owner[0]?.toUpperCase() ?? ''}${owner.slice(1)}`;
  return (
    <>
      <p className="lead" aria-label={`What the ${owner}’s transaction does`}>
        {reviewed.summary}
      </p>
      {reviewed.message ? (
        <p className="payment-message" aria-label={`${Owner}’s message`}>
          {reviewed.message}
        </p>
      ) : null}
    </>
  );
}
