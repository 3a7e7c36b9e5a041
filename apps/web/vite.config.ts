import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Rolldown, type ViteBuilder } from 'vite';
import { compileHints } from './build/compile-hints-plugin.ts';
import { entrySizeReport, startChunksOf } from './build/entry-size-plugin.ts';
import { precompress } from './build/precompress-plugin.ts';
import { prerender } from './build/prerender.ts';
import { buildServiceWorker } from './build/service-worker.ts';
import { staticClosures } from './build/static-closure-plugin.ts';

const API_TARGET = 'http://127.0.0.1:3000';

// The server's Content-Security-Policy (apps/server/src/plugins/security.ts), repeated for
// `vite preview` so a violation (an inline script, say) shows up before the server serves the build.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
const ENTRY_BUDGET_KIB = 150;

/**
 * `vite build` builds the browser bundle, then src/app/prerender.tsx for Node, and renders the
 * pages a visitor sees before any JavaScript has run into HTML files (build/prerender.ts). Last,
 * the service worker, which lists every file of the finished build (build/service-worker.ts).
 */
async function buildApp(builder: ViteBuilder) {
  const { client, ssr } = builder.environments;
  if (!client || !ssr) throw new Error('the client and ssr environments are both needed');
  const clientOutput = single(await builder.build(client));
  const ssrOutput = single(await builder.build(ssr));
  const root = builder.config.root;
  const outDir = path.resolve(root, client.config.build.outDir);
  const pages = await prerender({
    root,
    client: clientOutput,
    outDir,
    ssr: ssrOutput,
    ssrOutDir: path.resolve(root, ssr.config.build.outDir),
  });
  builder.config.logger.info(`prerendered ${pages.length} pages and the shell`);
  const shell = await buildServiceWorker({ root, outDir });
  builder.config.logger.info(`service worker: ${shell.entries.length} files precached`);
}

function single(output: Awaited<ReturnType<ViteBuilder['build']>>): Rolldown.RolldownOutput {
  if (Array.isArray(output) || !('output' in output)) throw new Error('expected one build output');
  return output;
}

/**
 * The UI libraries and the components built on them (the 'ui' chunk, below): what the signed-in
 * pages share beyond the app's own chunks.
 */
const UI_MODULES =
  /[\\/]src[\\/]components[\\/]ui[\\/](dialog|switch|tooltip)\.tsx$|[\\/]node_modules[\\/](@radix-ui|@floating-ui|radix-ui|embla-carousel[\w-]*|aria-hidden|react-remove-scroll[\w-]*|use-callback-ref|use-sidecar|get-nonce|tslib|detect-node-es)[\\/]/;

/** The libraries every page runs beside React (the 'vendor' chunk, below). */
const VENDOR_MODULES =
  /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser|@tanstack|sonner|clsx|tailwind-merge|class-variance-authority)[\\/]/;

/** The persisted queries and the outbox (the 'offline' chunk, below). */
const OFFLINE_MODULES =
  /[\\/]src[\\/]lib[\\/]offline[\\/](db|outbox|submit|apply-reply|persist-queries)\.ts$/;

/**
 * React Query's dehydrate and hydrate, which only the persisted queries use
 * (src/lib/offline/persist-queries.ts): in the 'offline' chunk with them, not in 'vendor' with every
 * page's first script (0.6 KiB gzip of the entry; a signed-out page never needs them).
 */
const QUERY_HYDRATION =
  /[\\/]node_modules[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]hydration\.js$/;

const startChunks = new Set<string>();
/** The modules the entry (src/main.tsx) and the app (src/app/start.tsx) import statically. */
const entryModules = new Set<string>();
const appModules = new Set<string>();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    startChunksOf(startChunks),
    staticClosures({ 'src/main.tsx': entryModules, 'src/app/start.tsx': appModules }),
    entrySizeReport(ENTRY_BUDGET_KIB),
    compileHints(),
    precompress(),
  ],
  builder: { buildApp },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': { target: API_TARGET, changeOrigin: false } } },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
    headers: { 'Content-Security-Policy': CSP },
  },
  environments: {
    // The prerender entry, built for Node beside (not into) dist; it is run once by buildApp.
    ssr: {
      build: {
        outDir: 'node_modules/.prerender',
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: 'src/app/prerender.tsx' },
      },
    },
  },
  build: {
    outDir: 'dist',
    // A lazy page's list of chunks to preload leaves out what every page has loaded before any
    // lazy import runs (the entry, the app it starts and their imports, and the main CSS): the
    // lists are part of the entry's size. The page itself links the entry's own imports (the
    // modules it shares with the app, ADR 021), so they load beside the entry, not after it.
    modulePreload: {
      // Every browser the app supports preloads modules itself (Safari since 17); an older one only
      // loses the head start, not the page.
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html'
          ? deps
          : deps.filter((dep) => !startChunks.has(dep) && !/^assets\/index-[\w-]+\.css$/.test(dep)),
    },
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Seven characters of hash (the fewest rolldown takes for this many chunks): the names are
        // listed in the entry's preload lists and imports, where every character counts.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        // Libraries that change rarely get their own long-cached chunks with readable names; what
        // every page runs is two chunks rather than a dozen small ones (a request each): React,
        // which the app evaluates in a task of its own (src/main.tsx), and the rest.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor', test: (id) => VENDOR_MODULES.test(id) && !QUERY_HYDRATION.test(id) },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            { name: 'date-fns', test: /[\\/]node_modules[\\/]date-fns[\\/]/ },
            // What the entry shares with the app (page-requests.ts and what it imports): one
            // chunk, which the pages link beside the entry (ADR 021).
            {
              name: 'boot',
              test: (id) => entryModules.has(id) && !/\.css$|[\\/]src[\\/]main\.tsx$/.test(id),
              priority: 1,
            },
            // Everything the app imports before its first render, with the libraries' modules it
            // needs beyond the chunks above: one chunk where rolldown cut fifteen (each module
            // the app shares with a page became a chunk of its own, a request each: on a slow
            // phone's connection 150 ms at least, six at a time; ADR 021).
            {
              name: 'start',
              test: (id) => appModules.has(id) && !/\.css$|[\\/]node_modules[\\/]/.test(id),
            },
            // The icons in one chunk, and the UI libraries with the components built on them (and
            // what they import) in another, where rolldown cut one per module: a protocol page
            // loads 29 chunks instead of 44 (ADR 024). Over HTTP/1.1 on a slow phone a request
            // costs at least a 150 ms round trip, six at a time: more than the bytes of the icons
            // a page does not use. The other shared components stay small chunks of their own:
            // grouped with the libraries, /auth (none of the libraries) loaded 50 KiB more.
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
            { name: 'ui', test: UI_MODULES },
            // What the app reads before its first render on every signed-in page (the persisted
            // queries and the outbox, src/app/start.tsx): five chunks of 0.2–2.4 KiB, each a
            // round trip on a slow phone, in one. They are imported with import(), so the
            // prerender finds them in this chunk (build/prerender.ts).
            { name: 'offline', test: (id) => OFFLINE_MODULES.test(id) || QUERY_HYDRATION.test(id) },
          ],
        },
      },
    },
  },
});
