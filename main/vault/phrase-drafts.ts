/**
 * A new recovery phrase between the moment it is shown and the moment the person proves they
 * wrote it down (issue 24): main keeps its entropy under a random id; the renderer shows the
 * words once and later sends back three of them (Word N). Drafts live only in memory, expire
 * after 30 minutes, and are wiped on lock.
 */
import { randomUUID } from 'node:crypto';
import { WalletError } from '../shared/errors';
import { newPhraseEntropy, phraseWords } from './wallet-phrase';

const DRAFT_TTL_MS = 30 * 60_000;

export interface PhraseDrafts {
  begin(words: 12 | 24): { draft: string; words: string[] };
  /**
   * The entropy of `draft` when every answer is right (the draft is then used up); throws
   * PHRASE_CHECK_FAILED naming the wrong Word N.
   */
  take(draft: string, answers: { position: number; word: string }[]): Uint8Array;
  wipe(): void;
}

export function createPhraseDrafts(now: () => number = Date.now): PhraseDrafts {
  const drafts = new Map<string, { entropy: Uint8Array; at: number }>();

  function expire(): void {
    for (const [id, draft] of drafts) {
      if (now() - draft.at > DRAFT_TTL_MS) {
        draft.entropy.fill(0);
        drafts.delete(id);
      }
    }
  }

  return {
    begin(words) {
      expire();
      const entropy = newPhraseEntropy(words);
      const draft = randomUUID();
      drafts.set(draft, { entropy, at: now() });
      return { draft, words: phraseWords(entropy) };
    },

    take(draft, answers) {
      expire();
      const found = drafts.get(draft);
      if (!found) {
        throw new WalletError(
          'PHRASE_CHECK_FAILED',
          'This recovery phrase is no longer waiting to be checked (it was shown more than 30 minutes ago, or Swapdesk was locked). Start again with Create wallet: you will get a new phrase.',
        );
      }
      const words = phraseWords(found.entropy);
      const positions = new Set(answers.map((a) => a.position));
      if (positions.size < 3 || answers.length !== positions.size) {
        throw new WalletError(
          'PHRASE_CHECK_FAILED',
          'Type three different words of your recovery phrase to show it is written down.',
        );
      }
      const wrong = answers.find(
        (a) => words[a.position - 1] !== a.word.trim().toLowerCase().normalize('NFKD'),
      );
      if (wrong) {
        throw new WalletError(
          'PHRASE_CHECK_FAILED',
          `Word ${wrong.position} is not word ${wrong.position} of your recovery phrase. Look at what you wrote down; if it is wrong there, start again to see the phrase.`,
        );
      }
      drafts.delete(draft);
      return found.entropy;
    },

    wipe() {
      for (const draft of drafts.values()) draft.entropy.fill(0);
      drafts.clear();
    },
  };
}
