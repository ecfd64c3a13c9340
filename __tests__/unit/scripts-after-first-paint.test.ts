/** @jest-environment jsdom */
import {
  isScriptsLoader,
  loaderBody,
  withScriptsAfterFirstPaint,
} from "../../plugins/site-finish/scripts/after-first-paint";
import { inlineScripts } from "../../plugins/built-pages";

const gatsbyEnd =
  `<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>` +
  `<script>window.___webpackCompilationHash="abc";</script>` +
  `<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script>` +
  `<script src="/app-3.js" async></script><template id="page-end"></template></body></html>`;
const page = `<!DOCTYPE html><html><head></head><body><main>Welcome</main>${gatsbyEnd}`;

// Each run of the loader adds its handlers to the document: each test's are taken off after it, so no test sees
// another's (two sets of menu handlers would open and close the menu on one tap).
const added: [string, EventListenerOrEventListenerObject][] = [];
beforeEach(() => {
  jest.spyOn(document, "addEventListener").mockImplementation((type, listener) => {
    added.push([type, listener]);
    EventTarget.prototype.addEventListener.call(document, type, listener);
  });
});
afterEach(() => {
  for (const [type, listener] of added.splice(0)) document.removeEventListener(type, listener);
  jest.restoreAllMocks();
});

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

describe("before React, in the browser", () => {
  /** A page's menu and enquiry form as the server draws them. */
  const drawPage = () => {
    document.documentElement.removeAttribute("data-react");
    document.documentElement.removeAttribute("data-scripts-failed");
    document.body.innerHTML = `
      <nav><button data-early-menu aria-expanded="false" aria-controls="site-menu">Menu</button>
        <ul id="site-menu"><li><a href="/about/">About</a></li></ul></nav>
      <p id="outside">Elsewhere</p>
      <form data-early-send method="post"><input name="name" value="Typed">
        <button type="submit"><span data-label="idle">Submit</span><span data-label="sending" hidden>Sending</span></button>
        <div data-stalled-note hidden role="alert">Not sent yet</div></form>`;
  };
  const button = () => document.querySelector("button") as HTMLButtonElement;
  const menuOpen = () => document.getElementById("site-menu")?.hasAttribute("data-open");
  const form = () => document.querySelector("form") as HTMLFormElement;
  const send = () => {
    const event = new Event("submit", { bubbles: true, cancelable: true });
    form().dispatchEvent(event);
    return event;
  };
  const run = () => new Function(loaderBody(["/app-3.js"]))() as void;
  beforeEach(() => {
    jest.useFakeTimers();
    drawPage();
  });
  afterEach(() => jest.useRealTimers());

  test("the menu button opens and closes the menu; Escape and a tap elsewhere close it; React then takes over", () => {
    run();
    button().click();
    expect(button().getAttribute("aria-expanded")).toBe("true");
    expect(menuOpen()).toBe(true);
    button().click();
    expect(menuOpen()).toBe(false);
    button().click();
    document.getElementById("outside")?.click();
    expect(menuOpen()).toBe(false);
    button().click();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(menuOpen()).toBe(false);
    expect(document.activeElement).toBe(button());
    // Open, the keyboard goes round the menu: past its last link back to its button, and the other way.
    button().click();
    const link = document.querySelector("#site-menu a") as HTMLAnchorElement;
    link.focus();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", cancelable: true }));
    expect(document.activeElement).toBe(button());
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", shiftKey: true, cancelable: true }));
    expect(document.activeElement).toBe(link);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    // React has started: its own handler answers, the early one does nothing.
    document.documentElement.setAttribute("data-react", "");
    button().click();
    expect(menuOpen()).toBe(false);
  });

  test("Send is held, not posted: the form says it is sending, and after a few seconds without React, says so", () => {
    run();
    expect(send().defaultPrevented).toBe(true);
    expect(form().hasAttribute("data-held")).toBe(true);
    expect(form().hasAttribute("data-sending")).toBe(true);
    const submit = form().querySelector("button") as HTMLButtonElement;
    expect([...submit.children].map((label) => (label as HTMLElement).hidden)).toEqual([true, false]);
    expect(send().defaultPrevented).toBe(true);
    jest.advanceTimersByTime(7900);
    expect(form().hasAttribute("data-stalled")).toBe(false);
    expect((form().querySelector("[role=alert]") as HTMLElement).hidden).toBe(true);
    jest.advanceTimersByTime(200);
    expect(form().hasAttribute("data-stalled")).toBe(true);
    expect((form().querySelector("[role=alert]") as HTMLElement).hidden).toBe(false);
    expect((form().elements.namedItem("name") as HTMLInputElement).value).toBe("Typed");
  });

  test("a Send React picks up in time is never said to be stalled; once React has started, Send is React's", () => {
    run();
    send();
    // React takes the held Send (enquiry-form.tsx removes the mark) before the few seconds are up.
    form().removeAttribute("data-held");
    jest.advanceTimersByTime(10_000);
    expect(form().hasAttribute("data-stalled")).toBe(false);
    document.documentElement.setAttribute("data-react", "");
    form().removeAttribute("data-sending");
    expect(send().defaultPrevented).toBe(false);
    expect(form().hasAttribute("data-held")).toBe(false);
  });

  test("when one of the page's scripts fails to load, a held Send says so at once, and so does a later one", () => {
    Object.assign(window, { PerformanceObserver: undefined });
    run();
    send();
    const script = document.querySelector("script[src]") as HTMLScriptElement;
    script.dispatchEvent(new Event("error"));
    expect(document.documentElement.hasAttribute("data-scripts-failed")).toBe(true);
    expect(form().hasAttribute("data-stalled")).toBe(true);
    drawPage();
    document.documentElement.setAttribute("data-scripts-failed", "");
    send();
    expect(form().hasAttribute("data-stalled")).toBe(true);
  });
});
