/** @jest-environment jsdom */
import { isScriptsLoader, loaderBody, withScriptsAfterFirstPaint } from "../../plugins/site-scripts/after-first-paint";
import { inlineScripts } from "../../plugins/site-headers/response-headers";

const gatsbyEnd =
  `<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>` +
  `<script>window.___webpackCompilationHash="abc";</script>` +
  `<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script>` +
  `<script src="/app-3.js" async></script><template id="page-end"></template></body></html>`;
const page = `<!DOCTYPE html><html><head></head><body><main>Welcome</main>${gatsbyEnd}`;

test("the page keeps everything but Gatsby's script elements, which one inline loader replaces", () => {
  const rewritten = withScriptsAfterFirstPaint(page);
  expect(rewritten).not.toMatch(/<script src=/);
  expect(rewritten.replace(/<script id="site-scripts">[^<]*<\/script>/, "")).toBe(
    page.replace(/<script src="[^"]+" async><\/script>/g, ""),
  );
  const loader = inlineScripts(rewritten).filter(isScriptsLoader);
  expect(loader.map((script) => script.body)).toEqual([
    loaderBody(["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"]),
  ]);
});

test("a page an earlier build rewrote, which an incremental build leaves alone, stays as it is", () => {
  const rewritten = withScriptsAfterFirstPaint(page);
  expect(withScriptsAfterFirstPaint(rewritten)).toBe(rewritten);
  const twice = rewritten.replace(
    "</body>",
    `${/<script id="site-scripts">[^<]*<\/script>/.exec(rewritten)?.[0]}</body>`,
  );
  expect(() => withScriptsAfterFirstPaint(twice)).toThrow("found 0");
});

test("a page without Gatsby's scripts, or with them in two places, is refused", () => {
  expect(() => withScriptsAfterFirstPaint("<html><body></body></html>")).toThrow("found 0");
  expect(() => withScriptsAfterFirstPaint(`${page}<script src="/app-3.js" async></script>`)).toThrow("found 2");
});

test("only the loader exactly as written, for the site's own script files, is trusted", () => {
  const body = loaderBody(["/app-3.js"]);
  const script = (attributes: string, text: string) => ({ attributes, body: text });
  expect(isScriptsLoader(script(' id="site-scripts"', body))).toBe(true);
  expect(isScriptsLoader(script(' id="other"', body))).toBe(false);
  expect(isScriptsLoader(script(' id="site-scripts"', `${body};alert(1)`))).toBe(false);
  expect(isScriptsLoader(script(' id="site-scripts"', loaderBody(["https://elsewhere.example/app.js"])))).toBe(false);
  expect(isScriptsLoader(script(' id="site-scripts"', loaderBody(["/app.js?x=</script>"])))).toBe(false);
});

describe("in the browser", () => {
  const added = () => [...document.querySelectorAll("script[src]")].map((element) => element.getAttribute("src"));
  /** jsdom paints nothing and has no PerformanceObserver: one that reports paints when told, as a browser does. */
  let paint: () => void;
  class PaintObserver {
    static supportedEntryTypes = ["paint", "resource"];
    observed: unknown;
    constructor(callback: (list: unknown, observer: PaintObserver) => void) {
      paint = () => {
        if (this.observed) callback({}, this);
      };
    }
    observe(options: unknown) {
      this.observed = options;
    }
    disconnect() {
      this.observed = undefined;
    }
  }
  beforeEach(() => {
    document.body.innerHTML = "";
    Object.assign(window, { PerformanceObserver: PaintObserver });
  });
  afterEach(() => Reflect.deleteProperty(window, "PerformanceObserver"));

  const run = (sources: string[]) => new Function(loaderBody(sources))() as void;

  test("the scripts are added once the browser reports the page painted, in their order, once", () => {
    run(["/framework-2.js", "/app-3.js"]);
    expect(added()).toEqual([]);
    paint();
    expect(added()).toEqual(["/framework-2.js", "/app-3.js"]);
    paint();
    expect(added()).toHaveLength(2);
  });

  test("in a tab in the background, which paints nothing, they are added at once", () => {
    const hidden = jest.spyOn(document, "hidden", "get").mockReturnValue(true);
    run(["/app-3.js"]);
    expect(added()).toEqual(["/app-3.js"]);
    hidden.mockRestore();
  });

  test("a browser that reports no paints adds them at once", () => {
    PaintObserver.supportedEntryTypes = ["resource"];
    run(["/app-3.js"]);
    expect(added()).toEqual(["/app-3.js"]);
    Reflect.deleteProperty(window, "PerformanceObserver");
    document.body.innerHTML = "";
    run(["/app-3.js"]);
    expect(added()).toEqual(["/app-3.js"]);
  });
});
