import { startTransition, type ReactElement } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";

export { wrapPageElement, wrapRootElement } from "./src/wrap-page";

/**
 * Hydrates the server-rendered page as a transition, which React performs in
 * small slices that yield to the browser, instead of one long task that
 * blocks a slow phone's main thread while the page is already on screen.
 * (Typed by hand: Gatsby's own type still describes React 17's render().)
 */
export function replaceHydrateFunction() {
  return (element: ReactElement, container: Element): void => {
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
