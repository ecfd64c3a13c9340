/**
 * What static hosts (Netlify, Cloudflare Pages) do with a _headers file, for
 * the local server and the tests, so that they see what visitors will.
 */

/** @typedef {{ pattern: string, regex: RegExp, headers: Record<string, string> }} HeaderRule */

/**
 * Reads a _headers file: unindented lines are URL patterns, indented
 * `Name: value` lines are the headers for the pattern above. As on the hosts,
 * `/about` also answers `/about/`, and `/admin/*` answers `/admin` itself and
 * everything below it.
 * @param {string} text
 * @returns {HeaderRule[]}
 */
export function parseHeadersFile(text) {
  /** @type {HeaderRule[]} */
  const rules = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (/^\S/.test(line)) {
      const pattern = line.trim();
      rules.push({ pattern, regex: patternToRegExp(pattern), headers: {} });
    } else if (rules.length > 0) {
      const separator = line.indexOf(":");
      if (separator > 0) {
        rules.at(-1).headers[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
      }
    }
  }
  return rules;
}

function patternToRegExp(pattern) {
  if (pattern === "/*") return /^\/.*$/;
  if (pattern.endsWith("/*")) return new RegExp(`^${escapeRegExp(pattern.slice(0, -2))}(/.*)?$`);
  const literal = pattern.replace(/\/$/, "");
  return new RegExp(`^${escapeRegExp(literal)}/?$`);
}

/**
 * The rules that apply to a URL path, in the file's order.
 * @param {HeaderRule[]} rules
 * @param {string} urlPath
 */
export function rulesFor(rules, urlPath) {
  return rules.filter((rule) => rule.regex.test(urlPath));
}

/**
 * The headers for a URL path. A header set by several matching rules gets
 * their values joined with a comma, as the hosts do.
 * @param {HeaderRule[]} rules
 * @param {string} urlPath
 * @returns {Record<string, string>}
 */
export function headersFor(rules, urlPath) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const rule of rulesFor(rules, urlPath)) {
    for (const [name, value] of Object.entries(rule.headers))
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

function escapeRegExp(text) {
  return text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}
