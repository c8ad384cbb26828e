/**
 * Solana Actions (issue 34 point 5): `solana-action:` links, interstitial (blink) URLs and
 * sites with an actions.json. Main resolves the link, makes the GET and the POST, checks the
 * form's values again, and reviews the transaction exactly as a merchant's transaction request
 * (merchant.ts); the page sends the link, the button and the values, and shows what main read.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import type { MerchantReviewView } from './merchant';
import { id, method, payTicketApproval, signatureText } from './schemas';
import type { SubmissionView } from './views';

/** A field of an action's form (spec "ActionParameter"), as main read it. */
export interface ActionParameterView {
  name: string;
  label: string | null;
  /** text, email, url, number, date, datetime-local, textarea, select, radio or checkbox. */
  type: string;
  required: boolean;
  /** The action's regular expression (a whole-value match), or null (none, or not valid). */
  pattern: string | null;
  patternDescription: string | null;
  /** Bounds as text: numbers for `number`, dates for dates, lengths for text. */
  min: string | null;
  max: string | null;
  options: { label: string; value: string; selected: boolean }[];
}

/** A button of the action (spec "LinkedAction"). */
export interface LinkedActionView {
  label: string;
  parameters: ActionParameterView[];
  /** Why Swapdesk cannot do this one, in words; null when it can. */
  unsupported: string | null;
}

/** An action as main read it (spec "ActionGetResponse", or a chained NextAction). */
export interface ActionView {
  /** Main's handle of this action, for action.review. */
  actionId: string;
  /** The host of the Action API main called. */
  domain: string;
  /** The site named by the link when main resolved it through its actions.json. */
  site: string | null;
  /** `completed` ends a chain: nothing more to do. */
  type: 'action' | 'completed';
  title: string;
  description: string;
  label: string;
  /** A data: URL of a PNG, JPEG, GIF or WebP icon checked by main, or null. */
  icon: string | null;
  iconNote: string | null;
  disabled: boolean;
  /** The action's own non-fatal error message, cleaned; null when none. */
  error: string | null;
  links: LinkedActionView[];
  /** That no registry vouches for the action, in words. */
  verification: string;
}

/** action.review's answer: a merchant review, the action's verification, and its chain. */
export interface ActionReviewView extends MerchantReviewView {
  verification: string;
  /** True when the action offers a next step once this transaction is confirmed. */
  chained: boolean;
}

const value = z.string().max(512);

export const actionsMethods = {
  /** Resolves the link (actions.json for a site) and makes the GET: an action to show. */
  'action.open': method<ActionView>()(z.object({ text: z.string().min(1).max(4096) }).strict()),
  /** The POST of button `link` with the account and `values` (checked again), then the review. */
  'action.review': method<ActionReviewView>()(
    z
      .object({
        actionId: id,
        link: z.number().int().min(0).max(9),
        values: z
          .record(z.string().max(64), z.union([value, z.array(value).max(50)]))
          .refine((record) => Object.keys(record).length <= 10, 'at most 10 values'),
      })
      .strict(),
  ),
  /** As merchant.approve, for an action's ticket; its next step waits for the confirmation. */
  'action.approve': method<SubmissionView>()(payTicketApproval),
  /** The next action of a confirmed transaction (spec "Action Chaining"); refused before. */
  'action.next': method<ActionView>()(z.object({ signature: signatureText }).strict()),
} as const;
