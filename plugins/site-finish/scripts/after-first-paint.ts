/**
 * Every page's scripts (webpack's runtime, React, the site's app), fetched once the page has been painted.
 *
 * Gatsby ends each page with them as <script async> elements, which the browser fetches as soon as it reads them,
 * while it still fetches what the first screen shows. The page is whole without them, drawn from its HTML and
 * inline style; they only make it interactive. So one inline script takes their place and adds them to the page
 * once the browser reports its first paint: until then, the connection is the first screen's (on Home, the first
 * slide's picture). A page opened in a background tab paints nothing until shown, and a browser that does not
 * report paints gives no signal to wait for: both fetch the scripts at once.
 *
 * The same script makes the menu and the enquiry form work before the scripts arrive (early-controls.ts): it runs
 * at the end of the page, before the first paint.
 */
import { inlineScripts, type InlineScript } from "../../built-pages";
import { earlyControls, scriptFailed, stallFunction } from "./early-controls";

export const LOADER_ID = "site-scripts";

/** Gatsby's script elements, one after the other as its scripts slice writes them; addresses of the site itself. */
const GATSBY_SCRIPTS = /(?:<script src="\/[\w.~-]+\.js" async><\/script>)+/g;
const SCRIPT_ADDRESS = /^\/[\w.~-]+\.js$/;

/** The loader's code for these script addresses. */
export function loaderBody(sources: readonly string[]): string {
  return (
    `(function(){var sources=${JSON.stringify(sources)};` +
    `var root=document.documentElement;${stallFunction}${earlyControls}` +
    `function load(){sources.forEach(function(src){var script=document.createElement("script");script.src=src;` +
    `script.onerror=function(){${scriptFailed}};document.body.appendChild(script)})}` +
    `var observer=window.PerformanceObserver,types=observer&&observer.supportedEntryTypes;` +
    `if(document.hidden||!types||types.indexOf("paint")===-1)load();` +
    `else new observer(function(list,self){self.disconnect();load()}).observe({type:"paint",buffered:true})})()`
  );
}

/**
 * The page with Gatsby's script elements replaced by the loader. A page an earlier build rewrote, which Gatsby
 * left as it was (an incremental build writes only the pages and slices that changed), already holds the loader
 * and none of them: it is returned as it is. Any other page is an error.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  const runs = html.match(GATSBY_SCRIPTS) ?? [];
  if (runs.length === 0 && inlineScripts(html).filter(isScriptsLoader).length === 1) return html;
  if (runs.length !== 1) throw new Error(`expected Gatsby's script elements in one place, found ${runs.length}`);
  const sources = [...(runs[0] ?? "").matchAll(/src="([^"]+)"/g)].map((match) => match[1] ?? "");
  return html.replace(GATSBY_SCRIPTS, `<script id="${LOADER_ID}">${loaderBody(sources)}</script>`);
}

/** Whether an inline script is the loader this plugin writes, exactly, for addresses of the site's own scripts. */
export function isScriptsLoader(script: InlineScript): boolean {
  if (!new RegExp(`\\bid\\s*=\\s*["']?${LOADER_ID}["'\\s]`).test(`${script.attributes} `)) return false;
  const listed = /^\(function\(\)\{var sources=(\[[^\]]*\]);/.exec(script.body)?.[1];
  if (listed === undefined) return false;
  let sources: unknown;
  try {
    sources = JSON.parse(listed);
  } catch {
    return false;
  }
  return (
    Array.isArray(sources) &&
    sources.every((source) => typeof source === "string" && SCRIPT_ADDRESS.test(source)) &&
    script.body === loaderBody(sources as string[])
  );
}
