/**
 * action.open, action.review, action.approve and action.next (issue 34 point 5): Solana
 * Actions. Main reads the action (main/pay/actions/), keeps it under a handle the page names,
 * posts the chosen button with values it checks itself, and reviews the transaction with the
 * merchants' own code (reviewMerchantAnswer, merchantReviewView): same guard, same refusals,
 * same signing (approvePayTicket). A chained next step is kept in main by signature and read
 * only once Activity says the transaction is confirmed.
 */
import { randomUUID } from 'node:crypto';
import type { ActionView } from '../../preload/contract/actions';
import type { HandlerGroup } from '../bridge/handler-types';
import {
  followNext,
  openAction,
  reviewAction,
  UNVERIFIED_NOTE,
  type ActionRead,
  type NextLink,
} from '../pay/actions/action-review';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { merchantDepsOf, merchantReviewView, type PayLinkHandlerDeps } from './merchant';
import { afterConfirmation, remember, type AfterConfirmationWords } from './after-confirmation';

export type ActionMethod = 'action.open' | 'action.review' | 'action.approve' | 'action.next';

/** The refusals of an action's next step not there (yet). */
const NEXT_STEP_WORDS: AfterConfirmationWords = {
  nothing: 'This action offers nothing after this transaction; it is complete.',
  unconfirmed:
    "The transaction is not confirmed yet; the action's next step opens only once it is. Wait for the confirmation.",
};

interface PendingNext {
  next: NextLink;
  account: Address;
}

/** What the page is shown of an action main read. */
function viewOf(actionId: string, action: ActionRead): ActionView {
  const { body } = action;
  return {
    actionId,
    domain: action.domain,
    site: action.site,
    type: body.type,
    title: body.title,
    description: body.description,
    label: body.label,
    icon: action.icon,
    iconNote: action.iconNote,
    disabled: body.disabled,
    error: body.error,
    links: body.links.map((link) => ({
      label: link.label,
      parameters: link.parameters,
      unsupported: link.unsupported,
    })),
    verification: UNVERIFIED_NOTE,
  };
}

/** Handlers of the `action.*` methods. */
export function createActionHandlers(deps: PayLinkHandlerDeps): HandlerGroup<ActionMethod> {
  const { current, activity } = deps;
  const actions = new Map<string, ActionRead>();
  // The newest 32 actions, reviews and chains are kept.
  const chains = afterConfirmation<PendingNext>(activity, NEXT_STEP_WORDS);

  function shown(action: ActionRead): ActionView {
    const actionId = randomUUID();
    remember(actions, actionId, action);
    return viewOf(actionId, action);
  }

  return {
    'action.open': async ({ text }) =>
      shown(await openAction(merchantDepsOf(current(), deps), text)),

    'action.review': async ({ actionId, link, values }) => {
      const action = actions.get(actionId);
      if (action === undefined) {
        throw new WalletError(
          'NOT_AVAILABLE',
          'This action is no longer open in Swapdesk. Open its link again.',
        );
      }
      const services = current();
      const reviewed = await reviewAction(merchantDepsOf(services, deps), action, link, values);
      const account = (await services.review.currentAccount()) as Address;
      if (reviewed.next !== null)
        chains.promise(reviewed.ticket.id, { next: reviewed.next, account });
      return {
        ...merchantReviewView(services, reviewed),
        verification: UNVERIFIED_NOTE,
        chained: reviewed.next !== null,
      };
    },

    'action.approve': async (request) => chains.approve(current(), request),

    'action.next': async ({ signature }) => {
      const pending = await chains.confirmed(signature);
      const next = await followNext(
        merchantDepsOf(current(), deps),
        pending.next,
        pending.account,
        signature,
      );
      return shown(next);
    },
  };
}
