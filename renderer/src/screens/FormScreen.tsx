/**
 * The layout of a screen built around one form (Swap, Pay): the screen's heading, the form's
 * card named by a hidden heading, and beside it what the form opened (the review).
 */
import type { ReactNode } from 'react';
import { ScreenHeading } from './ScreenHeading';

export interface FormScreenProps {
  /** The screen's h1. */
  title: string;
  /** The hidden h2 that names the form's card, and its id. */
  formTitle: string;
  formId: string;
  /** Beside the form (nothing while no review is open). */
  side: ReactNode;
  children: ReactNode;
}

export function FormScreen({ title, formTitle, formId, side, children }: FormScreenProps) {
  return (
    <>
      <ScreenHeading>{title}</ScreenHeading>
      <div className="swap-layout">
        <section className="card swap-form" aria-labelledby={formId}>
          <h2 id={formId} className="visually-hidden">
            {formTitle}
          </h2>
          {children}
        </section>
        {side}
      </div>
    </>
  );
}
