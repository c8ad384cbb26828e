/**
 * What the person did on the welcome drawn before React (main/shared/first-screen.ts, issue
 * 26): a choice clicked, or a choice's button holding keyboard focus, when React took the
 * screen over. The inline script writes them on <html>; the onboarding reads them when it first
 * draws (a pure read, as React's render must be) and forgets them once drawn.
 */
import {
  FIRST_CHOICE_ATTRIBUTE,
  FIRST_FOCUS_ATTRIBUTE,
  WELCOME_CHOICES,
  type WelcomeChoice,
} from '../../../main/shared/welcome-words';

function read(attribute: string): WelcomeChoice | null {
  const value = document.documentElement.getAttribute(attribute);
  return WELCOME_CHOICES.find((choice) => choice.mode === value)?.mode ?? null;
}

/** The choice clicked on the early welcome, if any. */
export function earlyChoice(): WelcomeChoice | null {
  return read(FIRST_CHOICE_ATTRIBUTE);
}

/** The choice whose button had keyboard focus on the early welcome, if any. */
export function earlyFocus(): WelcomeChoice | null {
  return read(FIRST_FOCUS_ATTRIBUTE);
}

/** Forgets both, once the onboarding has taken them. */
export function forgetEarlyWelcome(): void {
  document.documentElement.removeAttribute(FIRST_CHOICE_ATTRIBUTE);
  document.documentElement.removeAttribute(FIRST_FOCUS_ATTRIBUTE);
}
