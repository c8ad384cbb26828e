/**
 * A section named by its title: `<section aria-labelledby>` with an `h2.card-title` of that id,
 * so each card is a region that tests and screen readers find by its heading.
 */
import type { ReactNode } from 'react';

export interface CardSectionProps {
  /** The section's class (`card`, `quote`, …). */
  className: string;
  /** The id of the title, which names the section. */
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}

/** A section with its card title first. */
export function CardSection({ className, titleId, title, children }: CardSectionProps) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
