import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { addFirstScreen } from './main/window/first-screen-page';

// Three builds from one config. main: the Electron entry plus two plain-Node programs that
// share its handlers (the web preview server and the sandbox network). preload: one CommonJS
// file with its dependencies bundled, because a sandboxed preload cannot require packages.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve('main/index.ts'),
          preview: resolve('main/preview/cli.ts'),
          sandbox: resolve('main/sandbox/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  // The page ships minified; parts a person may never use (the QR decoder) are separate chunks
  // loaded on demand from the same origin, which the strict CSP (script-src 'self') allows.
  renderer: {
    root: 'renderer',
    plugins: [
      react(),
      // The welcome drawn before React (issue 26): markup, inline script and its CSP hash,
      // written into the page after the bundler wrote its own tags.
      {
        name: 'swapdesk-first-screen',
        transformIndexHtml: { order: 'post', handler: (html: string) => addFirstScreen(html) },
      },
    ],
    build: {
      outDir: resolve('out/renderer'),
      minify: true,
      rollupOptions: {
        input: { index: resolve('renderer/index.html') },
        // The first script is one file (issue 26): everything the first screen imports,
        // React's JSX runtime included, which the bundler would otherwise put in a chunk of its
        // own because the screens' chunks share it. One request and one module fewer before the
        // first screen; the screens' chunks import it from there. (Its own tiny runtime stays
        // apart, preloaded.)
        output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
      },
    },
  },
});
