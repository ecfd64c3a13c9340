import * as React from "react";

/**
 * Keeps whatever takes focus wholly in view: clear of the fixed bars, or
 * inside the popup it stands in. The browser brings a focused control into
 * view by itself, inside the page's scroll padding (global.css), but for a
 * text field it brings only the caret: most of the message field could stay
 * under the chat bar, or below the popup's edge.
 */
export function useFocusInView(): void {
  React.useEffect(() => {
    const bringIntoView = (event: FocusEvent) => {
      const element = event.target;
      if (!(element instanceof HTMLElement)) return;
      const frame = element.closest("dialog")?.getBoundingClientRect() ?? pageFrame();
      const { top, bottom } = element.getBoundingClientRect();
      if (top < frame.top || bottom > frame.bottom) element.scrollIntoView({ block: "nearest" });
    };
    document.addEventListener("focusin", bringIntoView);
    return () => document.removeEventListener("focusin", bringIntoView);
  }, []);
}

/** The part of the screen the page's scroll padding leaves between the bars. */
function pageFrame(): { top: number; bottom: number } {
  const root = getComputedStyle(document.documentElement);
  return {
    top: parseFloat(root.scrollPaddingBlockStart) || 0,
    bottom: window.innerHeight - (parseFloat(root.scrollPaddingBlockEnd) || 0),
  };
}
