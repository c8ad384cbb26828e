/**
 * The welcome screen drawn before React (issue 26). The page's first script is mostly React
 * DOM: parsed, run and rendering, it takes about 70 ms after it arrives, while app.start's
 * answer (asked by the preload or the preview's bridge script while the page is parsed) is
 * usually there before it. So the page carries the welcome as inert markup (a <template>) and a
 * small inline script that draws it as soon as app.start says this is a first run: no account,
 * and no lock in the way. Never otherwise: a person who has accounts never sees Create wallet.
 * React's first render then replaces it with the same screen (React clears the container it
 * renders into); a choice clicked in between is kept on the page and taken by the onboarding
 * (renderer/src/lib/first-choice.ts), so a click on the early screen is never lost.
 *
 * The words come from welcome-words.ts, which Onboarding.tsx draws too, so the two screens
 * cannot drift apart (the component test compares them). The script is a plain string: its
 * exact bytes are hashed into the Content-Security-Policy (main/window/first-screen-page.ts),
 * and a string is the one form every bundler copies byte for byte.
 */
import {
  FIRST_CHOICE_ATTRIBUTE,
  FIRST_FOCUS_ATTRIBUTE,
  FIRST_SCREEN_TEMPLATE_ID,
  WELCOME_CHOICES,
  WELCOME_LEAD,
  WELCOME_TITLE,
} from './welcome-words';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The welcome as React draws it (OnboardingFrame, OnboardingCard and the choice), without the
 * network badge, which needs main's answer worded as NetworkBadge words it: React adds it.
 */
export function welcomeMarkup(): string {
  const choices = WELCOME_CHOICES.map(
    (choice, i) =>
      `<div class="choice-item"><button type="button" class="button button-large${
        i === 0 ? ' button-primary' : ''
      }" data-choice="${choice.mode}">${escapeHtml(choice.label)}</button><p class="hint">${escapeHtml(
        choice.hint,
      )}</p></div>`,
  ).join('');
  return (
    '<div class="onboarding"><header class="onboarding-header"><p class="brand">' +
    '<span class="brand-mark" aria-hidden="true"></span>Swapdesk</p></header>' +
    '<main class="onboarding-main" id="main-content" tabindex="-1">' +
    '<section class="card onboarding-card" aria-labelledby="first-screen-title">' +
    `<h1 id="first-screen-title" tabindex="-1">${escapeHtml(WELCOME_TITLE)}</h1>` +
    `<p class="lead">${escapeHtml(WELCOME_LEAD)}</p><div class="choice">${choices}</div>` +
    '</section></main></div>'
  );
}

/**
 * The inline script. It asks window.wallet's app.start (the preload or the bridge script gives
 * it the answer asked early, and the app's own first call gets the same one) and draws the
 * template into #root only when React has drawn nothing there yet and the answer is a first
 * run. A click or keyboard focus on a choice is written on <html> for the onboarding.
 */
export const FIRST_SCREEN_SCRIPT = `(() => {
  'use strict';
  const root = document.getElementById('root');
  const template = document.getElementById(${JSON.stringify(FIRST_SCREEN_TEMPLATE_ID)});
  const wallet = window.wallet;
  if (!root || !template || !wallet || !wallet.app || typeof wallet.app.start !== 'function') return;
  wallet.app.start({}).then((answer) => {
    if (root.hasChildNodes() || !answer || answer.ok !== true) return;
    const info = answer.value && answer.value.info;
    const state = answer.value && answer.value.accounts;
    if (!info || info.lock === 'locked' || info.lock === 'upgrade') return;
    if (!state || !Array.isArray(state.accounts) || state.accounts.length !== 0) return;
    const screen = template.content.firstElementChild.cloneNode(true);
    const note = (attribute) => (event) => {
      const button = event.target.closest && event.target.closest('[data-choice]');
      if (button) document.documentElement.setAttribute(attribute, button.getAttribute('data-choice'));
    };
    screen.addEventListener('click', note(${JSON.stringify(FIRST_CHOICE_ATTRIBUTE)}));
    screen.addEventListener('focusin', note(${JSON.stringify(FIRST_FOCUS_ATTRIBUTE)}));
    screen.addEventListener('focusout', () => document.documentElement.removeAttribute(${JSON.stringify(FIRST_FOCUS_ATTRIBUTE)}));
    root.append(screen);
  }, () => undefined);
})();`;
