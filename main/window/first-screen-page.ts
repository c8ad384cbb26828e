/**
 * Writes the welcome drawn before React (main/shared/first-screen.ts, issue 26) into the built
 * index.html: its markup as an inert <template> and its script inline, right after #root, and
 * the script's hash into the page's CSP meta tag (the Electron session's and the preview's
 * header carry it through CONTENT_SECURITY_POLICY). The renderer's build calls it
 * (electron.vite.config.ts), so the page that ships is the page tested.
 */
import { FIRST_SCREEN_SCRIPT, welcomeMarkup } from '../shared/first-screen';
import { FIRST_SCREEN_TEMPLATE_ID } from '../shared/welcome-words';
import { allowInlineScript, hasCspMeta } from './content-security-policy';

const ROOT = /<div id="root"><\/div>/;

/** index.html with the first screen in it; throws when the page has no #root or no CSP meta. */
export function addFirstScreen(html: string): string {
  if (!ROOT.test(html)) throw new Error('index.html has no empty <div id="root"></div>');
  if (!hasCspMeta(html)) throw new Error('index.html has no Content-Security-Policy meta tag');
  const { html: page, tag } = allowInlineScript(
    html,
    FIRST_SCREEN_SCRIPT,
    'The first screen script',
  );
  const parts =
    `<div id="root"></div>\n    <template id="${FIRST_SCREEN_TEMPLATE_ID}">${welcomeMarkup()}</template>` +
    `\n    ${tag}`;
  return page.replace(ROOT, () => parts);
}
