/**
 * The h1 of a screen. It can take focus (tabIndex -1) so that a route change moves focus to it
 * and a screen reader announces the new screen.
 */
import type { ReactNode } from 'react';

export function ScreenHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="screen-title" tabIndex={-1} data-screen-heading="">
      {children}
    </h1>
  );
}
