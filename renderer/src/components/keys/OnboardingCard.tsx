/**
 * The card every first-run step is drawn in (Welcome, Create, Import, Connect a Ledger, the
 * password, the lock screen): one heading that takes focus when the step changes, so keyboard
 * and screen reader users land on what changed. Issue 26: the Onboarding and Ledger screens
 * each repeated this markup; it lives here once.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface OnboardingCardProps {
  title: string;
  children: ReactNode;
  /** Focus the heading when shown (every step after the first). */
  focusOnShow?: boolean;
}

export function OnboardingCard({ title, children, focusOnShow = true }: OnboardingCardProps) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow, title]);
  return (
    <section className="card onboarding-card" aria-labelledby={titleId}>
      <h1 id={titleId} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** The page around first-run cards: brand, network badge, main region. */
export function OnboardingFrame({ badge, children }: { badge: ReactNode; children: ReactNode }) {
  return (
    <div className="onboarding">
      <header className="onboarding-header">
        <p className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Swapdesk
        </p>
        {badge}
      </header>
      <main className="onboarding-main" id="main-content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** What a step shows while its chunk is on its way (first-run-steps.ts). */
export function StepLoading() {
  return (
    <p role="status" className="status-line">
      Loading…
    </p>
  );
}
