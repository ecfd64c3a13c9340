import type { Locator } from "@playwright/test";

/** One line of a text as the browser drew it, in the viewport's coordinates. */
export interface DrawnLine {
  /** The start of the text the line belongs to, to name it in a failure. */
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

type Box = Pick<DrawnLine, "x" | "y" | "width" | "height">;

/**
 * Every line of text drawn inside `within`, but for the text inside
 * `leaveOut`. Lines, not elements: a wrapped headline is as many boxes as it
 * has lines, and a button over the end of its first line covers words even
 * when it misses the element's other lines.
 */
export async function drawnLines(within: Locator, leaveOut: Locator): Promise<DrawnLine[]> {
  const skipped = await leaveOut.elementHandles();
  return within.evaluate((root, skipped) => {
    const lines: DrawnLine[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || skipped.some((element) => element.contains(node))) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const { x, y, width, height } of range.getClientRects())
        if (width > 0) lines.push({ text: text.slice(0, 40), x, y, width, height });
    }
    return lines;
  }, skipped);
}

/** The lines whose boxes meet `box`, each with the middle of the part they share. */
export function linesMeeting(lines: readonly DrawnLine[], box: Box) {
  return lines
    .filter(
      (line) =>
        line.x < box.x + box.width &&
        box.x < line.x + line.width &&
        line.y < box.y + box.height &&
        box.y < line.y + line.height,
    )
    .map((line) => ({
      ...line,
      middle: {
        x: (Math.max(line.x, box.x) + Math.min(line.x + line.width, box.x + box.width)) / 2,
        y: (Math.max(line.y, box.y) + Math.min(line.y + line.height, box.y + box.height)) / 2,
      },
    }));
}
