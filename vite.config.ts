import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, loadEnv, type Plugin, type Rolldown } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/csp-nonce';
import { assertNoSecretKeys } from './src/shared/secret-keys';

const root = path.resolve(import.meta.dirname, 'src/web');

/** Only variables with this prefix reach the browser bundle. */
export const CLIENT_ENV_PREFIX = 'PUBLIC_';

export const aliases = {
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
  '@server': path.resolve(import.meta.dirname, 'src/server'),
  '@web': root,
};

/** Text files smaller than this gain too little from compression to be worth a second copy. */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes brotli (.br) and gzip (.gz) copies of the built scripts and styles once, at build time,
 * at the highest levels; the server sends them to browsers that accept them (app.ts), so no
 * request pays for compressing.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'photomuse:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(?:js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const fullPath = path.join(options.dir!, file);
          const data = await readFile(fullPath);
          if (data.length < PRECOMPRESS_MIN_BYTES) return;
          const params = {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
          };
          await writeFile(`${fullPath}.br`, await brotli(data, { params }));
          await writeFile(`${fullPath}.gz`, await gzipAsync(data, { level: zlibConstants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

/**
 * The landing page is most visitors' first page. Its route chunk, and the chunks that chunk
 * imports, are preloaded from index.html, so they download alongside the entry instead of after
 * it has run (a round trip less before the first paint); other pages find them in the cache.
 */
function preloadLandingRoute(routeModule: string): Plugin {
  let base = '/';
  return {
    name: 'photomuse:preload-landing-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const route = chunks.find((chunk) => chunk.facadeModuleId === routeModule);
        if (!route) throw new Error(`preload-landing-route: no chunk was built for ${routeModule}`);
        const loadedByEntry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || loadedByEntry.has(fileName)) return;
          files.add(fileName);
          (bundle[fileName] as Rolldown.OutputChunk).imports.forEach(visit);
        };
        visit(route.fileName);
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * sonner adds its stylesheet to the page as a <style> element of its own when it loads. The page's
 * Content-Security-Policy admits inline styles only with the page's nonce, which sonner does not
 * set: this gives that one element the nonce (read as src/web/lib/content-security.ts reads it).
 */
function nonceForSonnerStyles(): Plugin {
  const injection = "let style = document.createElement('style')";
  return {
    name: 'photomuse:nonce-for-sonner-styles',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return;
      if (!code.includes(injection))
        this.error('sonner no longer adds its styles as expected: check that the Content-Security-Policy still admits them');
      return code.replace(injection, `${injection}; style.nonce = document.querySelector('meta[property="csp-nonce"]')?.nonce || ''`);
    },
  };
}

/**
 * React Router's package points every import at its development build, which keeps its developer
 * warnings; the production build next to it is the same code without them.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
};

export default defineConfig(({ command, mode }) => {
  // The spec's rule: the client refuses to start if an exposed config key is named like a secret.
  assertNoSecretKeys(loadEnv(mode, import.meta.dirname, CLIENT_ENV_PREFIX), 'the client build (PUBLIC_* variables)');
  const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  return {
    root,
    envDir: import.meta.dirname,
    envPrefix: CLIENT_ENV_PREFIX,
    plugins: [
      react(),
      tailwindcss(),
      nonceForSonnerStyles(),
      preloadLandingRoute(path.join(root, 'app/routes/home.tsx')),
      precompressAssets(),
    ],
    // Pages carry the server's per-request CSP nonce in place of this placeholder (app.ts).
    html: { cspNonce: CSP_NONCE_PLACEHOLDER },
    resolve: {
      alias: [
        ...(command === 'build' ? [reactRouterProduction] : []),
        ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
      ],
    },
    build: {
      outDir: path.resolve(import.meta.dirname, process.env.WEB_DIST_DIR ?? 'dist/web'),
      emptyOutDir: true,
      sourcemap: false,
      reportCompressedSize: false,
      // .vite/manifest.json maps source modules to chunks; bench/landing.ts uses it to tell which
      // route's code the landing page loaded.
      manifest: true,
      // Browsers without <link rel="modulepreload"> still run everything, only without preloading.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // What every page runs first is one file instead of ten small ones: one round trip, and
          // one gzip dictionary (about 4 KB less). Route code still loads with its route.
          codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        },
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
  };
});
