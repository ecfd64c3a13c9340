import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";

/** Reads one content file of data/, for tests to compare the page with what editors wrote. */
export function readContent<T>(file: string): T {
  return yaml.load(fs.readFileSync(path.resolve(__dirname, "../../../data", file), "utf8")) as T;
}

export const site = readContent<{ companyName: string; copyright: string }>("site.yaml");
export const contact = readContent<{ phones: string[]; salesEmail: string; chatUrl: string; street: string }>(
  "contact.yaml",
);
