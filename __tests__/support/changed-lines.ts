/**
 * The lines that differ between two versions of a text, once the lines both begin and end with are set aside: what
 * a reviewer sees as the change in a file.
 */
export function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) {
    tail += 1;
  }
  return { removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}
