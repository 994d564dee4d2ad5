// A build takes React Router's production files (vite.config.ts `productionReactRouter`): the package points every
// bundler at its development build, dev warnings on. These check the files the build is pointed at are there and
// are the same code as what the package exports, the warnings off, so an upgrade that changes either fails here.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { productionReactRouter } from "../vite.config";

const developmentFile = (production: string) => production.replace("/dist/production/", "/dist/development/");
/** A file's text with the hashed names of the chunks it imports made alike. */
const withoutChunkNames = (text: string) => text.replace(/chunk-[A-Z0-9]+\.m?js/g, "chunk.mjs");

describe("React Router's production build", () => {
  it("is what `react-router` and `react-router/dom` resolve to in a build", () => {
    expect(productionReactRouter.map(({ find }) => String(find))).toEqual(["/^react-router$/", "/^react-router\\/dom$/"]);
    for (const { replacement } of productionReactRouter) expect(fs.existsSync(replacement), replacement).toBe(true);
  });

  it("is the development build with its dev warnings off, and nothing else changed", () => {
    const { replacement: index } = productionReactRouter[0];
    const chunks = fs.readdirSync(new URL("../node_modules/react-router/dist/production/", import.meta.url)).filter((name) => name.endsWith(".mjs"));
    const flags = chunks.flatMap((name) => {
      const text = fs.readFileSync(new URL(`../node_modules/react-router/dist/production/${name}`, import.meta.url), "utf8");
      return [...text.matchAll(/var ENABLE_DEV_WARNINGS = (\w+);/g)].map((match) => match[1]);
    });
    expect(flags.length).toBeGreaterThan(0);
    expect(new Set(flags)).toEqual(new Set(["false"]));
    for (const { replacement } of productionReactRouter) {
      const production = withoutChunkNames(fs.readFileSync(replacement, "utf8"));
      const development = withoutChunkNames(fs.readFileSync(developmentFile(replacement), "utf8"));
      expect(production).toBe(development);
    }
    expect(index).toMatch(/dist\/production\/index\.mjs$/);
  });
});
