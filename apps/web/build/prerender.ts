import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rolldown } from 'vite';
import {
  APP_MODULES_META,
  FIRST_MODULES_META,
  PAGE_MODULES_META,
} from '../src/app/page-modules.ts';
import type * as PrerenderEntry from '../src/app/prerender';
import type { PrerenderedPage } from '../src/app/prerender';
import { compressFile } from './compress.ts';

/** Where the pages go inside the client's outDir, with the table the server reads (spa.ts). */
export const PRERENDER_DIR = 'prerendered';
export const PRERENDER_TABLE = 'routes.json';

/** One row of prerendered/routes.json: a route's path pattern and the page served for it. */
export type PrerenderedRoute = { path: string; file: string };

type Options = {
  /** The web app's root (where src/ is); module ids are relative to it. */
  root: string;
  /** The client build's output and the folder it was written to. */
  client: Rolldown.RolldownOutput;
  outDir: string;
  /** The prerender entry built for Node (src/app/prerender.tsx) and its folder. */
  ssr: Rolldown.RolldownOutput;
  ssrOutDir: string;
};

/**
 * Renders the pages of src/app/prerender.tsx into the built index.html: one HTML file per route
 * pattern under dist/prerendered/, listing the chunks of the route modules the page needs (so they
 * load beside the app instead of after it), the generic shell as dist/index.html for every other
 * path, and routes.json for the server. Each file is compressed as it is written.
 */
export async function prerender({ root, client, outDir, ssr, ssrOutDir }: Options) {
  const chunks = chunkGraph(client, root);
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  for (const part of [ROOT_ELEMENT, FIRST_SCRIPT])
    if (!template.includes(part)) throw new Error(`the built index.html has no ${part.trim()}`);

  const entry = ssr.output.find(
    (item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.isEntry,
  );
  if (!entry) throw new Error('the prerender build has no entry chunk');
  const { prerenderPages, prerenderShell } = (await import(
    pathToFileURL(path.join(ssrOutDir, entry.fileName)).href
  )) as typeof PrerenderEntry;

  await mkdir(path.join(outDir, PRERENDER_DIR), { recursive: true });
  const table: PrerenderedRoute[] = [];
  for (const page of await prerenderPages()) {
    const file = `${PRERENDER_DIR}/${fileNameFor(page.path)}`;
    await writePage(path.join(outDir, file), pageHtml(template, page, chunks));
    table.push({ path: page.path, file });
  }
  // Written last: it was the template for the pages above.
  await writePage(
    path.join(outDir, 'index.html'),
    pageHtml(template, await prerenderShell(), chunks),
  );
  await writePage(
    path.join(outDir, PRERENDER_DIR, PRERENDER_TABLE),
    `${JSON.stringify(table, null, 2)}\n`,
  );
  return table;
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** The script that runs first (public/before-paint.js): the lists of chunks go before it. */
const FIRST_SCRIPT = '    <script src="/before-paint.js"></script>';

type ChunkGraph = {
  /** Route module id (src/app/routes/match.tsx) → its chunk's file name. */
  byModule: Map<string, string>;
  /** Chunk file name → the chunks it imports statically. */
  imports: Map<string, string[]>;
  /** What every page loads anyway: the entry chunk and the app it starts, with their imports. */
  initial: Set<string>;
  /** The entry chunk's file name (index.html's script). */
  entry: string;
  /** React's chunk (its own code-splitting group): the largest every page waits for. */
  react: string;
};

function chunkGraph(client: Rolldown.RolldownOutput, root: string): ChunkGraph {
  const byModule = new Map<string, string>();
  const imports = new Map<string, string[]>();
  const initial = new Set<string>();
  for (const item of client.output) {
    if (item.type !== 'chunk') continue;
    imports.set(item.fileName, item.imports);
    if (item.facadeModuleId) byModule.set(path.relative(root, item.facadeModuleId), item.fileName);
  }
  // A route module a code-splitting group took in (vite.config.ts) is found in that group's chunk.
  for (const item of client.output) {
    if (item.type !== 'chunk') continue;
    for (const id of item.moduleIds) {
      const module = path.relative(root, id);
      if (!byModule.has(module)) byModule.set(module, item.fileName);
    }
  }
  const entry = client.output.find(
    (item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.isEntry,
  );
  if (!entry) throw new Error('the client build has no entry chunk');
  const react = client.output.find(
    (item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.name === 'react',
  );
  if (!react) throw new Error("the client build has no 'react' chunk (vite.config.ts)");
  // The entry starts the app with a dynamic import (src/main.tsx), which Vite preloads whole.
  for (const fileName of [entry.fileName, ...entry.dynamicImports])
    closure(fileName, imports, initial);
  return { byModule, imports, initial, entry: entry.fileName, react: react.fileName };
}

function closure(fileName: string, imports: Map<string, string[]>, into: Set<string>) {
  if (into.has(fileName)) return;
  into.add(fileName);
  for (const child of imports.get(fileName) ?? []) closure(child, imports, into);
}

/**
 * The chunks to preload: the app's own (all but the entry, which index.html loads), then those of
 * the page's route modules. The app's are listed too because the entry imports them in two steps
 * (React first, src/main.tsx): Vite's preload of the second step would otherwise start only after
 * the first had run.
 */
function preloadsFor(modules: string[], chunks: ChunkGraph): { app: string[]; page: string[] } {
  const needed = new Set<string>();
  for (const id of modules) {
    const fileName = chunks.byModule.get(id);
    if (!fileName) throw new Error(`no client chunk for route module ${id}`);
    closure(fileName, chunks.imports, needed);
  }
  const app = [...chunks.initial].filter((fileName) => fileName !== chunks.entry);
  const page = [...needed].filter((fileName) => !chunks.initial.has(fileName));
  return { app: app.map((name) => `/${name}`), page: page.map((name) => `/${name}`) };
}

function pageHtml(template: string, page: PrerenderedPage, chunks: ChunkGraph): string {
  const { app, page: own } = preloadsFor(page.modules, chunks);
  const first = app.filter((href) => href === `/${chunks.react}`);
  // Listed, not linked (ADR 024), before the script that runs first: on a signed-in first visit
  // it starts React's chunk (the largest, which every page waits for) at a low priority beside
  // the page's paint; the app preloads the rest once the page has painted (src/main.tsx), after
  // the page's reads have taken their connections. Where the service worker serves the page, all
  // of them come after the paint.
  const meta = (name: string, list: string[]) =>
    list.length ? `    <meta name="${name}" content="${list.join(' ')}" />\n` : '';
  const preloads =
    meta(FIRST_MODULES_META, first) + meta(APP_MODULES_META, app) + meta(PAGE_MODULES_META, own);
  const rootElement = page.hydrate
    ? `<div id="root" data-hydrate="${escapeAttribute(page.hydrate)}">${page.markup}</div>`
    : page.session
      ? // The wrapper takes no box, and hides the navigation and the page when no session is
        // stored (src/app/session-shell.css); the app's first render replaces it.
        `<div id="root"><div data-shell="session">${page.markup}</div></div>`
      : `<div id="root">${page.markup}</div>`;
  return template
    .replace(FIRST_SCRIPT, () => `${preloads}${FIRST_SCRIPT}`)
    .replace(ROOT_ELEMENT, () => rootElement);
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

/** /auth/forgot-password → auth-forgot-password.html, /match/:id → match-id.html, / → home.html. */
export function fileNameFor(pattern: string): string {
  const name = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^:/, ''))
    .join('-');
  return `${name || 'home'}.html`;
}

async function writePage(file: string, content: string) {
  await writeFile(file, content);
  await compressFile(file);
}
