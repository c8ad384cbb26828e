/** Reading what a test sees, as a person reads it: the words of each element of a role. */
import { within, type ByRoleMatcher } from '@testing-library/react';

/** The text of every element with `role` inside `container`, in document order. */
export function textsOf(container: HTMLElement, role: ByRoleMatcher): (string | null)[] {
  return within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);
}
