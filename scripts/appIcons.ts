// `node --import tsx scripts/appIcons.ts`: draws the installed app's icons (public/icons/) from the Arcano mark,
// the crescent and star of public/arcano-mark.svg (the header's logo), in Debian's Chromium. Run once when the mark changes; the PNGs
// are committed (the web app manifest in vite.config.ts and index.html's apple-touch-icon name them).
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromium as chromiumOptions } from "../tests/e2e/env.ts";

const NIGHT = "#2b1a4a";
const VIOLET = "#6e56cf";
const GOLD = "#f5d67b";

/** The crescent and the four-pointed star on a 64-unit grid, as in public/arcano-mark.svg. */
const GLYPH = `
  <path d="M38 14a18 18 0 1 0 0 36 24 24 0 0 1 0-36z" fill="${GOLD}"/>
  <path d="M44 20l1.8 4.2L50 26l-4.2 1.8L44 32l-1.8-4.2L38 26l4.2-1.8z" fill="${GOLD}"/>`;

const GRADIENT = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${VIOLET}"/><stop offset="1" stop-color="${NIGHT}"/></linearGradient>`;

/** The mark as the header shows it: a rounded tile with transparent corners ('any' purpose). */
const roundedTile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs>${GRADIENT}</defs>
  <rect width="64" height="64" rx="14" fill="url(#g)"/>${GLYPH}</svg>`;

/**
 * Full bleed for 'maskable' and Apple's touch icon: the platform cuts its own shape, so the background fills the
 * square and the glyph sits in the central safe circle (radius 40%): scaled to 70% around the centre.
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs>${GRADIENT}</defs>
  <rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)">${GLYPH}</g></svg>`;

const icons = [
  { file: "public/icons/arcano-192.png", size: 192, svg: roundedTile },
  { file: "public/icons/arcano-512.png", size: 512, svg: roundedTile },
  { file: "public/icons/arcano-maskable-512.png", size: 512, svg: fullBleed },
  { file: "public/icons/apple-touch-icon.png", size: 180, svg: fullBleed },
];

mkdirSync("public/icons", { recursive: true });
const browser = await chromium.launch(chromiumOptions);
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: icon.file, omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await page.close();
    console.log(`${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
