import path from "node:path";
import { HtmlValidate } from "html-validate";

/** Validates every built HTML file; returns the errors per file. */
export async function validateHtml(publicDir, htmlFiles) {
  const validator = new HtmlValidate({ extends: ["html-validate:recommended"] });
  const results = [];
  for (const file of htmlFiles) {
    const report = await validator.validateFile(file);
    const errors = report.results.flatMap((result) =>
      result.messages.filter((message) => message.severity === 2).map((message) => ({ rule: message.ruleId, message: `${message.ruleId}: ${message.message} (line ${message.line})` })),
    );
    results.push({ file: path.relative(publicDir, file), errors });
  }
  return results;
}
