/**
 * The first-run steps after the first choice (issue 26): creating, importing, connecting a
 * Ledger, choosing a password, restoring from a phrase. The page's first script holds only what
 * the welcome and lock screens draw first; these are chunks fetched when a step opens, and
 * ahead of time once the first screen is idle (`prefetchFirstRunSteps`, from App.tsx). A step
 * whose chunk is already here is drawn at once, with no Suspense fallback in between (unlike
 * React.lazy, which suspends once even then).
 */
import { createElement, use, type ComponentType } from 'react';

/** A component drawn from a chunk: suspends until the chunk is here, the first time only. */
function stepFromChunk<M, K extends keyof M>(
  load: () => Promise<M>,
  key: K,
): { Step: M[K]; prefetch: () => Promise<void> } {
  let loaded: ComponentType<object> | undefined;
  let pending: Promise<void> | undefined;
  const prefetch = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module[key] as ComponentType<object>;
      },
      (error: unknown) => {
        pending = undefined; // the next try fetches again
        throw error;
      },
    ));
  function Step(props: object) {
    if (!loaded) use(prefetch());
    return createElement(loaded!, props);
  }
  return { Step: Step as M[K], prefetch };
}

const newPhrase = stepFromChunk(() => import('./NewPhraseFlow'), 'NewPhraseFlow');
const importForm = stepFromChunk(() => import('../ImportForm'), 'ImportForm');
const connectLedger = stepFromChunk(() => import('../ConnectLedger'), 'ConnectLedger');
const firstPassword = stepFromChunk(() => import('./FirstPassword'), 'FirstPassword');
const restore = stepFromChunk(() => import('./RestoreFromPhrase'), 'RestoreFromPhrase');

export const NewPhraseFlow = newPhrase.Step;
export const ImportForm = importForm.Step;
export const ConnectLedger = connectLedger.Step;
export const FirstPassword = firstPassword.Step;
export const RestoreFromPhrase = restore.Step;

/** Fetches every step's chunk; a failure is left for the step itself to meet. */
export async function prefetchFirstRunSteps(): Promise<void> {
  await Promise.all(
    [newPhrase, importForm, connectLedger, firstPassword, restore].map((step) =>
      step.prefetch().catch(() => undefined),
    ),
  );
}
