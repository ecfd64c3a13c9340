import path from "node:path";
import { HtmlValidate } from "html-validate";

/**
 * Validates every built HTML file against the HTML standard and html-validate's
 * accessibility rules; returns the errors per file. The "recommended" preset's
 * stylistic rules (self-closing void elements, attribute case, inline styles)
 * judge how React serialises markup, not whether it is valid, so they are not used.
 */
export async function validateHtml(publicDir, htmlFiles) {
  const validator = new HtmlValidate({ extends: ["html-validate:standard", "html-validate:a11y"] });
  const results = [];
  for (const file of htmlFiles) {
    const report = await validator.validateFile(file);
    const errors = report.results.flatMap((result) =>
      result.messages
        .filter((message) => message.severity === 2)
        .map((message) => ({
          rule: message.ruleId,
          message: `${message.ruleId}: ${message.message} (line ${message.line})`,
        })),
    );
    results.push({ file: path.relative(publicDir, file), errors });
  }
  return results;
}
