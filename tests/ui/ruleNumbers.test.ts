// No rule's number is typed by hand in the copy: every hour, minute, day, month, percentage, euro
// amount or clock time the static pages, the dialogs about money and the emails state comes from the constants
// the server enforces (src/lib/text/rules.ts, convex/model/ruleWords.ts), interpolated. This reads each file's text
// as TypeScript sees it (string literals, template parts, JSX text; comments and code aside) and fails on any
// number written next to a unit. The behaviour each sentence states is checked in tests/ui/ruleTexts.test.tsx.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

const inFolder = (folder: string, pattern: RegExp) =>
  readdirSync(join(root, folder))
    .filter((name) => pattern.test(name))
    .map((name) => `${folder}/${name}`);

/** The copy that states rules: the static pages, the dialogs about money and deletion, the limits' messages, the emails. */
const copyFiles = [
  ...inFolder("src/features/static", /\.tsx?$/),
  "src/components/account/DeleteAccountDialog.tsx",
  "src/features/psychic/dashboard/CancelByPsychicDialog.tsx",
  "src/lib/text/bookingLimitMessages.ts",
  "src/lib/text/refundPromises.ts",
  ...inFolder("convex/email", /\.ts$/),
];

/** Numbers that are not a rule of the product, each with why. */
const notRules: ReadonlyArray<{ file: string; text: string; why: string }> = [
  { file: "src/features/static/PsychicFaqPage.tsx", text: "20–80 €", why: "an indicative earning, said to be no promise; no rule of the server" },
  { file: "src/features/static/PsychicFaqPage.tsx", text: "20 e 80 euro", why: "the same estimate in the answer" },
];

const UNIT = String.raw`(?:ore|ora|minuti|minuto|giorni|giorno|settimane|settimana|mesi|mese|%|€|euro)(?![\p{L}])`;
/** "24 ore", "5–10 giorni", "50%", "45,00 €", "tra 20 e 80 euro", and clock times ("14:00"). */
const RULE_NUMBER = new RegExp(String.raw`\d+(?:[.,]\d+)?(?:\s*(?:–|-|e|a)\s*\d+(?:[.,]\d+)?)?\s*${UNIT}|\b\d{1,2}:\d{2}\b`, "giu");

/** Markup inside an email's strings (`width="100%"`, `font-size:24px`) is no sentence. */
const withoutMarkup = (text: string) => text.replace(/<[^>]*>/g, " ").replace(/[\w-]+="[^"]*"?/g, " ").replace(/style="[^"]*$/g, " ");

const readAttributes = new Set(["aria-label", "title", "alt", "placeholder", "label", "lead", "text", "question", "answer"]);

/** The text pieces of a source file a person may read: string literals, template parts and JSX text. */
export function textPieces(source: string, fileName = "copy.tsx"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const pieces: string[] = [];
  const visit = (node: ts.Node) => {
    // Import paths are no copy.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    // A JSX attribute is read only when it is a label (`style={{ height: "100%" }}` is layout).
    if (ts.isJsxAttribute(node) && !readAttributes.has(node.name.getText())) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) pieces.push(node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) pieces.push(node.text);
    else if (ts.isJsxText(node)) pieces.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return pieces;
}

/** The rule numbers typed into a file's copy. */
export function typedRuleNumbers(source: string, fileName?: string): string[] {
  return textPieces(source, fileName).flatMap((piece) => [...withoutMarkup(piece).matchAll(RULE_NUMBER)].map((match) => match[0]));
}

describe("the scanner", () => {
  it("finds a number typed beside its unit, and lets an interpolated one through", () => {
    const source = [
      'const a = "entro 5–10 giorni lavorativi";',
      "const b = `almeno ${limits.fullRefundNotice} prima, il ${limits.halfRefund}`;",
      "const c = <p>Il consulto dura 30 minuti e costa 45,00 € alle 14:00</p>;",
      'const d = `<table width="100%">${x}</table>`;',
      'const e = <Card style={{ height: "100%" }} aria-label="entro 10 minuti" />;',
      "// 24 ore in a comment is no copy",
      'import { x } from "./24 ore";',
    ].join("\n");
    expect(typedRuleNumbers(source)).toEqual(["5–10 giorni", "30 minuti", "45,00 €", "14:00", "10 minuti"]);
  });
});

describe("no rule's number is typed by hand in the copy", () => {
  it.each(copyFiles)("%s", (file) => {
    const allowed = notRules.filter((entry) => entry.file === file).map((entry) => entry.text);
    const typed = typedRuleNumbers(readFileSync(join(root, file), "utf8"), file).filter((text) => !allowed.includes(text));
    expect(typed, "interpolate these from src/lib/text/rules.ts or convex/model/ruleWords.ts").toEqual([]);
  });

  it("every exception is still there (a stale one would hide nothing)", () => {
    for (const { file, text } of notRules) expect(typedRuleNumbers(readFileSync(join(root, file), "utf8"), file)).toContain(text);
  });
});
