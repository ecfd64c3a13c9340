/**
 * A content file saved by the editor as its author wrote it: the new values
 * are put into the file's own text, so its comments (the field help for those
 * who edit by hand), block styles, indentation, wrapping and order stay, and
 * a one-field edit is a one-line change in the repository. Decap's own YAML
 * output would rewrite the whole file. Works on the `yaml` package's concrete
 * syntax tree (CST): each value that changed is rewritten where it stands, an
 * entry removed is cut out, an entry added is written in the style of its
 * neighbours. Whatever the edit, the text returned reads back as exactly the
 * data given; where the in-place edit cannot promise that, the file is
 * written anew (comments kept where the document model can keep them).
 */
import {
  Composer,
  CST,
  isMap,
  isScalar,
  isSeq,
  parse,
  Parser,
  parseDocument,
  stringify,
  type Node as YamlNode,
  type Pair,
  type Scalar,
} from "yaml";

type Data = unknown;

/** Options for every YAML text this module writes: no folding of long lines, two-space indents. */
const WRITE = { lineWidth: 0, indent: 2 } as const;

/** The text of `original` changed to hold `data`, as little changed as the edit allows. */
export function updateYaml(original: string | undefined, data: Data): string {
  if (original === undefined || original.trim() === "") return stringify(data, WRITE);
  const wanted = withoutAddedBlanks(parse(original) as Data, data);
  for (const write of [inPlace, throughDocument]) {
    try {
      const text = write(original, wanted);
      if (text !== undefined && sameData(parse(text) as Data, wanted)) return text;
    } catch {
      // The next way of writing is tried; the last one cannot fail.
    }
  }
  return stringify(wanted, WRITE);
}

/** Edits the CST: undefined when the file's shape is one this does not edit in place. */
function inPlace(original: string, data: Data): string | undefined {
  const tokens = [...new Parser().parse(original)];
  const documents = [...new Composer({ keepSourceTokens: true }).compose(tokens)];
  const [document] = documents;
  if (documents.length !== 1 || !document || document.errors.length > 0) return undefined;
  const root = document.contents as YamlNode | null;
  if (!root || !reconcile(root, data)) return undefined;
  return tokens.map((token) => CST.stringify(token)).join("");
}

/** Rewrites the document from its model: comments and key order stay, layout is the library's. */
function throughDocument(original: string, data: Data): string {
  const document = parseDocument(original);
  document.contents = merged(document, document.contents as YamlNode | null, data) as typeof document.contents;
  return document.toString(WRITE);
}

function merged(document: ReturnType<typeof parseDocument>, node: YamlNode | null, value: Data): unknown {
  if (isMap(node) && isPlainObject(value)) {
    for (const pair of [...node.items]) {
      const key = keyOf(pair);
      if (key === undefined || !(key in value)) node.delete(pair.key);
    }
    for (const [key, child] of Object.entries(value)) {
      node.set(key, merged(document, node.get(key, true) as YamlNode | null, child));
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    const items = value.map((child, index) => merged(document, (node.items[index] as YamlNode) ?? null, child));
    node.items = items.map((item) => (isScalar(item) || isMap(item) || isSeq(item) ? item : document.createNode(item)));
    return node;
  }
  if (isScalar(node) && !isCollection(value)) {
    node.value = value;
    return node;
  }
  return document.createNode(value);
}

/**
 * Makes the CST below `node` hold `value`; false when it cannot be done in place (the caller then writes the file
 * another way).
 */
function reconcile(node: YamlNode, value: Data): boolean {
  if (sameData(node.toJSON(), value)) return true;
  if (isScalar(node)) return !isCollection(value) && setScalar(node, value);
  if (isMap(node)) return isPlainObject(value) && reconcileMap(node.items as Pair<YamlNode, YamlNode>[], node, value);
  if (isSeq(node)) return Array.isArray(value) && reconcileSeq(node.items as YamlNode[], node, value);
  return false;
}

type BlockCollection = CST.BlockMap | CST.BlockSequence;

function blockToken(node: YamlNode, type: BlockCollection["type"], length: number): BlockCollection | undefined {
  const token = node.srcToken;
  return token?.type === type && token.items.length === length ? token : undefined;
}

function reconcileMap(pairs: Pair<YamlNode, YamlNode>[], node: YamlNode, value: Record<string, Data>): boolean {
  const token = blockToken(node, "block-map", pairs.length) as CST.BlockMap | undefined;
  if (!token) return false;
  const keys = pairs.map(keyOf);
  if (keys.some((key) => key === undefined)) return false;
  // Removed keys go first, from the end, so the places of the others stay as found.
  for (let index = pairs.length - 1; index >= 0; index -= 1) {
    if (!((keys[index] as string) in value)) token.items.splice(index, 1);
  }
  const kept = pairs.filter((_, index) => (keys[index] as string) in value);
  for (const pair of kept) {
    const child = pair.value;
    const wanted = value[keyOf(pair) as string];
    if (!child || !reconcile(child, wanted)) return false;
  }
  // New keys, each after the key it follows in the data (or first), in the layout of the map's other entries.
  const order = Object.keys(value);
  for (const key of order.filter((name) => !keys.includes(name))) {
    const before = order
      .slice(0, order.indexOf(key))
      .filter((name) => token.items.some((item) => itemKey(item) === name));
    const at = before.length === 0 ? 0 : token.items.findIndex((item) => itemKey(item) === before.at(-1)) + 1;
    const item = newItem(token, `${stringify({ [key]: value[key] }, WRITE)}`);
    if (!item) return false;
    token.items.splice(at, 0, item);
  }
  indentItems(token);
  return true;
}

function reconcileSeq(items: YamlNode[], node: YamlNode, value: Data[]): boolean {
  const token = blockToken(node, "block-seq", items.length) as CST.BlockSequence | undefined;
  if (!token) return false;
  const old = items.map((item) => item.toJSON() as Data);
  // Entries unchanged are matched first (the longest common run), so removing or adding one entry touches only it;
  // between two matches, entries are paired by place (an edited entry), and the rest removed or added.
  const matches = commonEntries(old, value);
  const result: CST.BlockSequence["items"] = [];
  let from = 0;
  let to = 0;
  for (const [oldIndex, newIndex] of [...matches, [old.length, value.length] as const]) {
    const paired = Math.min(oldIndex - from, newIndex - to);
    for (let step = 0; step < paired; step += 1) {
      const child = items[from + step];
      if (!child || !reconcile(child, value[to + step])) return false;
      result.push(token.items[from + step] as CST.BlockSequence["items"][number]);
    }
    for (let added = to + paired; added < newIndex; added += 1) {
      const item = newItem(token, stringify([value[added]], WRITE));
      if (!item) return false;
      result.push(item);
    }
    if (oldIndex < old.length) result.push(token.items[oldIndex] as CST.BlockSequence["items"][number]);
    from = oldIndex + 1;
    to = newIndex + 1;
  }
  token.items.splice(0, token.items.length, ...result);
  indentItems(token);
  return true;
}

/**
 * An entry's own indentation is written in front of it, except for the first entry's, which the line before the
 * collection holds: an entry that moved to the front (or away from it) takes (or gives) that space.
 */
function indentItems(collection: BlockCollection): void {
  collection.items.forEach((item, index) => {
    // What stands before the entry's own line: blank lines and comments, then the indentation of its line.
    const at =
      collection.type === "block-seq"
        ? item.start.findIndex((part) => part.type === "seq-item-ind")
        : item.start.length;
    const before = item.start.slice(0, at);
    const indented = before.at(-1)?.type === "space";
    if (index === 0 && indented && before.length === 1) item.start.splice(at - 1, 1);
    if (index > 0 && !indented && collection.indent > 0) {
      item.start.splice(at, 0, { type: "space", offset: -1, indent: 0, source: " ".repeat(collection.indent) });
    }
  });
}

/** The longest run of entries left as they were, as pairs of places (old, new), in order. */
function commonEntries(old: Data[], value: Data[]): (readonly [number, number])[] {
  const lengths = Array.from({ length: old.length + 1 }, () => new Array<number>(value.length + 1).fill(0));
  for (let i = old.length - 1; i >= 0; i -= 1) {
    for (let j = value.length - 1; j >= 0; j -= 1) {
      const row = lengths[i] as number[];
      row[j] = sameData(old[i], value[j])
        ? ((lengths[i + 1] as number[])[j + 1] as number) + 1
        : Math.max((lengths[i + 1] as number[])[j] as number, row[j + 1] as number);
    }
  }
  const pairs: (readonly [number, number])[] = [];
  let i = 0;
  let j = 0;
  while (i < old.length && j < value.length) {
    if (sameData(old[i], value[j])) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (((lengths[i + 1] as number[])[j] as number) >= ((lengths[i] as number[])[j + 1] as number)) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * A new entry for a block map or list, written as `yaml` writes it and indented as the collection's entries are:
 * it is parsed after a first entry of the same indentation, so that it comes out with the leading space every
 * entry but the first carries.
 */
function newItem<T extends BlockCollection>(collection: T, text: string): T["items"][number] | undefined {
  const indent = " ".repeat(collection.indent);
  const filler = collection.type === "block-seq" ? `${indent}- x\n` : `${indent}x: x\n`;
  const body = text
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => (line === "" ? line : `${indent}${line}`))
    .join("\n");
  const parsed = [...new Parser().parse(`${filler}${body}\n`)].find((token) => token.type === "document") as
    CST.Document | undefined;
  const value = parsed?.value;
  if (value?.type !== collection.type || value.items.length !== 2 || value.indent !== collection.indent)
    return undefined;
  return value.items[1] as T["items"][number];
}

/** Rewrites a scalar where it stands, in its own style; a folded text keeps its lines where its words did not change. */
function setScalar(node: Scalar, value: Data): boolean {
  const token = node.srcToken;
  if (!token || !CST.isScalar(token)) return false;
  if (value === null || value === undefined) {
    CST.setScalarValue(token, "", { type: "QUOTE_DOUBLE" });
    return true;
  }
  if (typeof value !== "string") {
    const written = stringify(value, WRITE).trim();
    CST.setScalarValue(token, written, { type: "PLAIN" });
    return true;
  }
  if (token.type === "block-scalar" && node.type === "BLOCK_FOLDED" && refold(token, node.value as string, value)) {
    return true;
  }
  // A plain scalar that would read back as something else (a number, yes/no, a date, empty) is quoted.
  const keep = token.type === "scalar" && !readsBackAsText(value) ? "QUOTE_DOUBLE" : undefined;
  // afterKey: a value's lines are indented one step further than the key or dash before it.
  CST.setScalarValue(token, value, { type: keep ?? typeOf(token), afterKey: true });
  return true;
}

/**
 * Whether a text may be written without quotes: read back, it is the same text, by YAML 1.2 (the editor) and by YAML
 * 1.1 too, whose readers (the site's among them) take yes, no and dates for something else.
 */
function readsBackAsText(value: string): boolean {
  try {
    return value !== "" && parse(value) === value && parse(value, { schema: "yaml-1.1" }) === value;
  } catch {
    return false;
  }
}

function typeOf(token: CST.FlowScalar | CST.BlockScalar): Scalar.Type {
  switch (token.type) {
    case "single-quoted-scalar":
      return "QUOTE_SINGLE";
    case "double-quoted-scalar":
      return "QUOTE_DOUBLE";
    case "block-scalar":
      return blockHeader(token).startsWith("|") ? "BLOCK_LITERAL" : "BLOCK_FOLDED";
    default:
      return "PLAIN";
  }
}

/**
 * A folded text (`>-`) of one paragraph given new words: its first and last lines stay as long as their words do,
 * and only the lines between are wrapped again, no wider than the widest line was. False for a text this cannot
 * write so (several paragraphs, line breaks or runs of spaces in the value, another header).
 */
function refold(token: CST.BlockScalar, before: string, value: string): boolean {
  if (blockHeader(token) !== ">-") return false;
  if (/\n|\s\s|^\s|\s$/.test(value) || /\n/.test(before) || value === "") return false;
  const lines = token.source.replace(/\n$/, "").split("\n");
  const indent = /^ */.exec(lines[0] ?? "")?.[0] ?? "";
  if (indent === "" || lines.some((line) => !line.startsWith(indent) || /^\s/.test(line.slice(indent.length)))) {
    return false;
  }
  const oldLines = lines.map((line) => line.slice(indent.length).split(" "));
  const width = Math.max(...lines.map((line) => line.length - indent.length));
  const words = value.split(" ");
  let head = 0;
  let used = 0;
  while (head < oldLines.length && startsWith(words, used, oldLines[head] as string[])) {
    used += (oldLines[head] as string[]).length;
    head += 1;
  }
  let tail = oldLines.length;
  let left = words.length;
  while (tail > head && endsWith(words.slice(used, left), oldLines[tail - 1] as string[])) {
    left -= (oldLines[tail - 1] as string[]).length;
    tail -= 1;
  }
  // One line changed stays one line, however long it grows; more are wrapped again at the text's width.
  const changedLine = words.slice(used, left).join(" ");
  const middle: string[] = tail - head === 1 && changedLine !== "" ? [changedLine] : [];
  for (const word of tail - head === 1 ? [] : words.slice(used, left)) {
    const last = middle.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) middle[middle.length - 1] = `${last} ${word}`;
    else middle.push(word);
  }
  const kept = (from: number, to: number) => lines.slice(from, to);
  token.source = `${[...kept(0, head), ...middle.map((line) => `${indent}${line}`), ...kept(tail, lines.length)].join("\n")}\n`;
  return true;
}

/** A block scalar's header: `|`, `>-` and the like. */
function blockHeader(token: CST.BlockScalar): string {
  const header = token.props.find((part) => part.type === "block-scalar-header");
  return header && "source" in header ? header.source : "";
}

function startsWith(words: string[], at: number, line: string[]): boolean {
  return line.every((word, index) => words[at + index] === word);
}

function endsWith(words: string[], line: string[]): boolean {
  return line.length <= words.length && line.every((word, index) => words[words.length - line.length + index] === word);
}

function keyOf(pair: Pair<unknown, unknown>): string | undefined {
  const key = isScalar(pair.key) ? pair.key.value : pair.key;
  return typeof key === "string" ? key : undefined;
}

function itemKey(item: CST.BlockMap["items"][number]): string | undefined {
  return item.key && CST.isScalar(item.key) ? (CST.resolveAsScalar(item.key)?.value ?? undefined) : undefined;
}

/**
 * The data as the file should hold it: a field the editor fills in as empty (an optional text never written, an
 * empty list) where the file has no such field stays out of the file, as an empty value means the same.
 */
function withoutAddedBlanks(before: Data, after: Data): Data {
  if (isPlainObject(after)) {
    const old = isPlainObject(before) ? before : {};
    return Object.fromEntries(
      Object.entries(after)
        .filter(([key, value]) => key in old || !isBlank(value))
        .map(([key, value]) => [key, withoutAddedBlanks(old[key], value)]),
    );
  }
  if (Array.isArray(after)) {
    return after.map((value, index) => withoutAddedBlanks(Array.isArray(before) ? before[index] : undefined, value));
  }
  return after;
}

function isBlank(value: Data): boolean {
  return (
    value === undefined ||
    value === null ||
    value === "" ||
    (Array.isArray(value) && value.length === 0) ||
    (isPlainObject(value) && Object.values(value).every(isBlank))
  );
}

function isPlainObject(value: Data): value is Record<string, Data> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCollection(value: Data): boolean {
  return typeof value === "object" && value !== null;
}

/** Equal as data: the same keys and values, whatever their order in a map. */
export function sameData(a: Data, b: Data): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  }
  if (isPlainObject(a) || isPlainObject(b)) {
    if (!isPlainObject(a) || !isPlainObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameData(a[key], b[key]));
  }
  return a === b || (a == null && b == null);
}
