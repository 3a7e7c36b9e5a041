import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

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
 * Prints what a first visit downloads: the entry chunk plus every chunk it imports statically,
 * gzipped. Lazy route chunks are left out; they are what keeps this number under budget.
 */
function entrySizeReport(): Plugin {
  return {
    name: 'speedway:entry-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item]] : [],
        ),
      );
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      chunks.forEach((chunk) => chunk.isEntry && visit(chunk.fileName));
      let total = 0;
      for (const fileName of initial) {
        const size = gzipSync(chunks.get(fileName)?.code ?? '').length;
        total += size;
        this.info(`initial JS ${fileName}: ${(size / 1024).toFixed(1)} KiB gzip`);
      }
      const message = `entry JS total: ${(total / 1024).toFixed(1)} KiB gzip (budget ${ENTRY_BUDGET_KIB} KiB)`;
      if (total > ENTRY_BUDGET_KIB * 1024) this.warn(message);
      else this.info(message);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), entrySizeReport()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': { target: API_TARGET, changeOrigin: false } } },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
    headers: { 'Content-Security-Policy': CSP },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries that change rarely get their own long-cached chunks with readable names.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            { name: 'date-fns', test: /[\\/]node_modules[\\/]date-fns[\\/]/ },
          ],
        },
      },
    },
  },
});
