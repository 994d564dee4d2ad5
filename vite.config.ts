import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The same aliases as tsconfig.json `paths`: `@/` is src/, `@convex/` the Convex functions and their types.
export const aliases = {
  "@/": fileURLToPath(new URL("./src/", import.meta.url)),
  "@convex/": fileURLToPath(new URL("./convex/", import.meta.url)),
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 5173 },
  build: { sourcemap: true },
});
