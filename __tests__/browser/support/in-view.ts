import type { Locator, Page } from "@playwright/test";

/**
 * What of the screen the fixed and sticky bars leave free now: from the foot
 * of whatever stands along its top (the top bar, while it stays over the
 * page) to the head of whatever stands along its bottom (the chat bar). A
 * popup stands over both and is not a bar.
 */
export async function freeBand(page: Page): Promise<{ top: number; bottom: number; height: number }> {
  return page.evaluate(() => {
    let top = 0;
    let bottom = window.innerHeight;
    for (const element of document.body.querySelectorAll("*")) {
      const { position } = getComputedStyle(element);
      if ((position !== "fixed" && position !== "sticky") || element.closest("dialog")) continue;
      const box = element.getBoundingClientRect();
      if (box.height === 0 || box.bottom <= 0 || box.top >= window.innerHeight) continue;
      if (box.top <= 0.5) top = Math.max(top, box.bottom);
      else if (box.bottom >= window.innerHeight - 0.5) bottom = Math.min(bottom, box.top);
    }
    return { top, bottom, height: window.innerHeight };
  });
}

/**
 * Why an element is not wholly seen, or [] when it is. Each box it draws (a
 * link over two lines draws two) must lie inside the screen, or inside the
 * visible part of the popup it stands in; and the browser's own hit test must
 * find the element itself, not something painted over it: wherever it meets
 * a fixed or sticky bar, and at its corners (inside their rounding) and its
 * middle.
 */
export async function hiddenParts(element: Locator): Promise<string[]> {
  return element.evaluate((target) => {
    const problems: string[] = [];
    // Built class names are short hashes: the element is named by its tag, its id and the start of its text.
    const describe = (node: Element) =>
      `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""} "${(node.textContent ?? "").trim().slice(0, 30)}"`;
    const paintedOver = (x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      return hit && hit !== target && !target.contains(hit) ? hit : null;
    };
    const bars = [...document.body.querySelectorAll("*")].filter((node) => {
      const { position } = getComputedStyle(node);
      return (position === "fixed" || position === "sticky") && !node.closest("dialog") && !node.contains(target);
    });
    const frame = target.closest("dialog")?.getBoundingClientRect() ?? {
      top: 0,
      bottom: window.innerHeight,
      left: 0,
      right: document.documentElement.clientWidth,
    };
    for (const box of Array.from(target.getClientRects())) {
      if (box.width === 0 || box.height === 0) continue;
      const at = `${Math.round(box.top)}–${Math.round(box.bottom)} px`;
      if (box.top < frame.top - 0.5) problems.push(`its top (${at}) is above ${Math.round(frame.top)} px`);
      if (box.bottom > frame.bottom + 0.5) problems.push(`its foot (${at}) is below ${Math.round(frame.bottom)} px`);
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) problems.push(`it runs off the side (${at})`);
      for (const bar of bars) {
        const over = bar.getBoundingClientRect();
        const top = Math.max(box.top, over.top);
        const bottom = Math.min(box.bottom, over.bottom);
        const left = Math.max(box.left, over.left);
        const right = Math.min(box.right, over.right);
        if (bottom - top < 0.5 || right - left < 0.5) continue;
        const hit = paintedOver((left + right) / 2, (top + bottom) / 2);
        if (hit) problems.push(`${describe(hit)} covers ${Math.round(bottom - top)} px of its height (${at})`);
      }
      const inX = Math.min(8, box.width / 4);
      const inY = Math.min(8, box.height / 4);
      for (const x of [box.left + inX, (box.left + box.right) / 2, box.right - inX]) {
        for (const y of [box.top + inY, (box.top + box.bottom) / 2, box.bottom - inY]) {
          const hit = paintedOver(x, y);
          if (hit) problems.push(`${describe(hit)} is drawn over it at ${Math.round(x)}, ${Math.round(y)}`);
        }
      }
    }
    return [...new Set(problems)];
  });
}

/**
 * The element that has focus, or null: `stop` tells one element from another (it is numbered in the page the first
 * time it is met), `name` says which it is in a failure message (its tag and its label or text).
 */
export async function focusedElement(page: Page): Promise<{ stop: string; name: string } | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const marks = window as unknown as { focusStops?: number };
    marks.focusStops ??= 0;
    element.dataset.focusStop ??= String((marks.focusStops += 1));
    const label = "labels" in element ? (element.labels as NodeListOf<HTMLLabelElement> | null)?.[0] : undefined;
    const text = (element.getAttribute("aria-label") ?? label?.textContent ?? element.textContent ?? "")
      .replace(/\s+/g, " ")
      .trim();
    return { stop: element.dataset.focusStop, name: `${element.tagName.toLowerCase()} "${text.slice(0, 40)}"` };
  });
}
