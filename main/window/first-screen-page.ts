/**
 * Writes the welcome drawn before React (main/shared/first-screen.ts, issue 26) into the built
 * index.html: its markup as an inert <template> and its script inline, right after #root, and
 * the script's hash into the page's CSP meta tag (the Electron session's and the preview's
 * header carry it through CONTENT_SECURITY_POLICY). The renderer's build calls it
 * (electron.vite.config.ts), so the page that ships is the page tested.
 */
import { FIRST_SCREEN_SCRIPT, welcomeMarkup } from '../shared/first-screen';
import { FIRST_SCREEN_TEMPLATE_ID } from '../shared/welcome-words';
import { allowScriptHash, FIRST_SCREEN_HASH_SOURCE } from './content-security-policy';

const ROOT = /<div id="root"><\/div>/;
const CSP_META = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/i;

/** index.html with the first screen in it; throws when the page has no #root or no CSP meta. */
export function addFirstScreen(html: string): string {
  if (!ROOT.test(html)) throw new Error('index.html has no empty <div id="root"></div>');
  if (!CSP_META.test(html)) throw new Error('index.html has no Content-Security-Policy meta tag');
  // Any of these would change how the HTML parser reads the script's text.
  if (/<\/script|<!--|<script/i.test(FIRST_SCREEN_SCRIPT)) {
    throw new Error('The first screen script cannot be inlined as it is');
  }
  const parts =
    `<div id="root"></div>\n    <template id="${FIRST_SCREEN_TEMPLATE_ID}">${welcomeMarkup()}</template>` +
    `\n    <script>${FIRST_SCREEN_SCRIPT}</script>`;
  return html
    .replace(ROOT, () => parts)
    .replace(
      CSP_META,
      (_all, open: string, policy: string, close: string) =>
        `${open}${allowScriptHash(policy, FIRST_SCREEN_HASH_SOURCE)}${close}`,
    );
}
