import { startTransition, type ReactElement } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { REACT_ATTRIBUTE, REACT_MARK } from "./src/lib/early-controls";

export { wrapPageElement, wrapRootElement } from "./src/wrap-page";

/**
 * Hydrates the server-rendered page as a transition, which React performs in
 * small slices that yield to the browser, instead of one long task that
 * blocks a slow phone's main thread while the page is already on screen.
 * (Typed by hand: Gatsby's own type still describes React 17's render().)
 *
 * From here on React answers the visitor: the page's early handlers of the
 * menu and the form (plugins/site-finish/scripts/early-controls.ts) stand down. A tap
 * that comes while React is still hydrating is React's: it hydrates what was
 * tapped at once and then handles it.
 */
export function replaceHydrateFunction() {
  return (element: ReactElement, container: Element): void => {
    document.documentElement.setAttribute(REACT_ATTRIBUTE, "");
    performance.mark(REACT_MARK);
    startTransition(() => {
      if (container.hasChildNodes()) hydrateRoot(container, element);
      else createRoot(container).render(element);
    });
  };
}

/** Marks the page ready once Gatsby has rendered it in the browser: the browser tests and the audit wait for this. */
export function onInitialClientRender(): void {
  document.documentElement.dataset.siteReady = "true";
}
