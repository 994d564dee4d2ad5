import { fileURLToPath } from "node:url";
import { defineConfig, loadEnv, type UserConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { securityHeadersPlugin } from "./scripts/securityHeaders.ts";
import { fontPreloadPlugin, pageServingPlugin, precompressPlugin } from "./scripts/pageServing.ts";
import { radixCssPlugin } from "./scripts/radixCss.ts";
import { radixIconsPlugin } from "./scripts/radixIcons.ts";
import { radixThemePlugin } from "./scripts/radixTheme.ts";

// The same aliases as tsconfig.json `paths`: `@/` is src/, `@convex/` the Convex functions and their types.
export const aliases = {
  "@/": fileURLToPath(new URL("./src/", import.meta.url)),
  "@convex/": fileURLToPath(new URL("./convex/", import.meta.url)),
};

/**
 * React Router's package points every bundler at its development build, dev warnings switched on
 * (remix-run/react-router#14102); its production build is the same code with them off, so a build takes that.
 */
const reactRouterBuild = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
export const productionReactRouter = [
  { find: /^react-router$/, replacement: reactRouterBuild("index.mjs") },
  { find: /^react-router\/dom$/, replacement: reactRouterBuild("dom-export.mjs") },
];

/** The brand's colours (src/app/theme.css: --arcano-night), for the browser's bar and the installed app's splash. */
const NIGHT = "#2b1a4a";

/**
 * The app shell's service worker (Workbox, generated at build time; `npm run dev` and Vitest have none): every
 * built page's code, its styles, the fonts and the icons are precached, so `/` and every route open without a
 * connection, and a returning visitor's page starts from the cache. Navigations to any address get index.html
 * (the router draws the page); the Convex backend is another origin, which the worker leaves alone. Registered
 * by src/app/serviceWorker.ts, which says how a new release reaches an open tab.
 */
const appShell = () =>
  VitePWA({
    registerType: "autoUpdate",
    // Registered from the app's code (virtual:pwa-register), not by an injected script: the CSP allows no inline one.
    injectRegister: false,
    // The icons and the mark are in the shell's globPatterns already.
    includeManifestIcons: false,
    manifest: {
      id: "/",
      name: "Arcano — consulti di cartomanzia",
      short_name: "Arcano",
      description: "Consulti di cartomanzia con cartomanti verificati: prenota e paga in anticipo, collegati alla chiamata dal browser.",
      lang: "it",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: NIGHT,
      background_color: NIGHT,
      categories: ["lifestyle"],
      icons: [
        { src: "/icons/arcano-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/arcano-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/arcano-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      // The shell: no source maps (build.sourcemap), which only the developer tools ask for.
      globPatterns: ["**/*.{html,js,css,woff2,svg,png,webmanifest}"],
      navigateFallback: "index.html",
      // A new worker takes over at once and drops the previous release's files (see src/app/serviceWorker.ts).
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
    },
  });

/**
 * The server's render of the open pages (src/app/server.tsx), built after the app with `vite build --ssr`
 * (package.json `build`, scripts/start.mjs): the same components through the same transforms, so its markup is
 * the browser's. Whole in one file, the packages inside: it runs where the build folder is (a temporary one in the
 * tests), with no node_modules beside it.
 */
const serverRenderBuild = (): UserConfig => ({
  plugins: [react(), radixIconsPlugin(), radixThemePlugin()],
  resolve: { alias: [...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })), ...productionReactRouter] },
  // React's and the libraries' production code, as in the browser.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: { noExternal: true, target: "node" },
  build: {
    ssr: true,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { input: "src/app/server.tsx", output: { entryFileNames: "server.js" } },
  },
});

export default defineConfig(({ command, mode, isSsrBuild }) => {
  if (isSsrBuild) return serverRenderBuild();
  // The addresses the app is built with (the environment, then .env files) also make its CSP.
  const env = loadEnv(mode, process.cwd(), "VITE_");
  return {
    plugins: [
      react(),
      radixCssPlugin(),
      radixIconsPlugin(),
      radixThemePlugin(),
      securityHeadersPlugin({ convexUrl: env.VITE_CONVEX_URL, convexSiteUrl: env.VITE_CONVEX_SITE_URL }),
      appShell(),
      // After the headers: the files compressed and cached, the pages with their public data (scripts/pageServing.ts).
      pageServingPlugin({ convexUrl: env.VITE_CONVEX_URL }),
      fontPreloadPlugin(),
      precompressPlugin(),
    ],
    resolve: {
      alias: [
        ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
        ...(command === "build" ? productionReactRouter : []),
      ],
    },
    server: { host: "127.0.0.1", port: 5173 },
    preview: { host: "127.0.0.1", port: 5173 },
    // The manifest (.vite/manifest.json, never precached or served) tells the server which chunks a route needs.
    build: { sourcemap: true, manifest: true },
  };
});
