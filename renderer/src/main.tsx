/** Renderer entry: mounts the app. No Node, no Solana SDK: everything goes through window.wallet. */
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startApp } from './lib/start-app';
import './styles/base.css';
import './styles/layout.css';
import './styles/content.css';
import './styles/controls.css';
import './styles/responsive.css';
import './styles/tokens.css';
import './styles/keys.css';

// The first screen's data before the first render (issue 26): the bridge asked for it while this
// script was on its way, so the answer is usually here already (its promise settles in this
// script's microtasks), and React's first render is then the right screen itself (the lock
// screen, the onboarding or the main view), drawn at once rather than in a later task. If it is
// not here after one task, the app draws its own "Opening your wallet…" and fills in the screen
// when main answers. (Not a top-level await: the build would then split this first script into
// many, so that the screens' chunks could share its modules without waiting on it.)
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const reactRoot = createRoot(root);
const started = startApp();
const oneTask = new Promise<void>((resolve) => setTimeout(resolve, 0));
void Promise.race([started, oneTask]).then(() =>
  flushSync(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
