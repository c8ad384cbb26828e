/** Renderer entry: mounts the app. No Node, no Solana SDK: everything goes through window.wallet. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles/base.css';
import './styles/layout.css';
import './styles/content.css';
import './styles/controls.css';
import './styles/responsive.css';
import './styles/tokens.css';
import './styles/keys.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
