/**
 * The little of Decap CMS's browser API the previews use. Decap runs its own
 * React (19); a preview template is a component of Decap's, given the entry
 * being edited as an Immutable map.
 */
export interface DecapEntry {
  get(key: "data"): { toJS(): unknown } | object | undefined;
}

export interface DecapPreviewProps {
  entry: DecapEntry;
  /** The address of a picture the entry names, as the editor can show it. */
  getAsset(path: string): { toString(): string };
  /** Another file's entry, for previews that show content from two files. */
  getCollection(collection: string, slug: string): Promise<DecapEntry>;
}

/** Decap's phrase book: its words by key, nested as decap-cms-locales writes them. */
export type Phrases = { [key: string]: string | Phrases };

/** A class component in the form of create-react-class, which Decap offers as window.createClass. */
type PreviewTemplateSpec = Record<string, (this: never, ...args: never[]) => unknown>;

declare global {
  interface Window {
    CMS: {
      registerPreviewTemplate(name: string, template: unknown): void;
      registerPreviewStyle(href: string): void;
      registerCustomFormat(
        name: string,
        extension: string,
        formatter: { fromFile(content: string): unknown; toFile(data: unknown): string },
      ): void;
      registerEventListener(listener: { name: "postPublish" | "postSave"; handler: () => void }): void;
      getWidget(name: string): { control: unknown; preview?: unknown; schema?: unknown } | undefined;
      registerWidget(name: string, control: unknown, preview?: unknown, schema?: unknown): void;
      getLocale(locale: string): Phrases | undefined;
      registerLocale(locale: string, phrases: Phrases): void;
      /** Starts Decap: reads its configuration and draws the editor (editor/index.ts). */
      init(): void;
    };
    /** Set before Decap's bundle loads: Decap then waits for init() instead of starting at once. */
    CMS_MANUAL_INIT?: boolean;
    createClass(spec: PreviewTemplateSpec): unknown;
    h(type: unknown, props: Record<string, unknown>, ...children: unknown[]): unknown;
  }
}
