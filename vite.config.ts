import { fileURLToPath } from "node:url";
import { defineConfig, loadEnv } from "vite";
import react from "@vitejs/plugin-react";
import { securityHeadersPlugin } from "./scripts/securityHeaders.ts";

// The same aliases as tsconfig.json `paths`: `@/` is src/, `@convex/` the Convex functions and their types.
export const aliases = {
  "@/": fileURLToPath(new URL("./src/", import.meta.url)),
  "@convex/": fileURLToPath(new URL("./convex/", import.meta.url)),
};

export default defineConfig(({ mode }) => {
  // The addresses the app is built with (the environment, then .env files) also make its CSP.
  const env = loadEnv(mode, process.cwd(), "VITE_");
  return {
    plugins: [react(), securityHeadersPlugin({ convexUrl: env.VITE_CONVEX_URL, convexSiteUrl: env.VITE_CONVEX_SITE_URL })],
    resolve: { alias: aliases },
    server: { host: "127.0.0.1", port: 5173 },
    preview: { host: "127.0.0.1", port: 5173 },
    build: { sourcemap: true },
  };
});
