import * as React from "react";

/**
 * Keeps `--header-block-size` on the page's root at the top bar's height, for
 * the scroll padding that stops what the browser brings into view below the
 * bar (global.css). The bar is one line tall until a long company name makes
 * it grow; until the page's script runs, the token's default holds.
 */
export function useHeaderBlockSize(header: React.RefObject<HTMLElement>): void {
  React.useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === "undefined") return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
      root.style.setProperty("--header-block-size", `${size}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--header-block-size");
    };
  }, [header]);
}
