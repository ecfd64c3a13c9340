/**
 * The two language columns of the editor, as an editor reads them: each
 * value (a text, a list entry's summary) is written and shown in its
 * column's language and direction, Arabic right to left, whatever language
 * the editor's own words are in; a field written once, in English
 * (pictures, icons, phone numbers, links), shows nothing in the Arabic
 * column; and a picture field shows its picture.
 *
 * Decap tells a widget its column only at the top of a file (`locale`): its
 * list widget does not tell the entries inside it. So each of Decap's widgets
 * is wrapped once: a list marks its column on the page, and every control
 * reads its column from its own props or from the nearest list's mark. The
 * wrapped widget is Decap's own, with every method Decap calls on it passed
 * on (validity, focus, the value to validate, and whether to draw again: the
 * picture widget reacts to a chosen picture only when it is drawn again).
 */
import { defaultLanguage, languages, type Language } from "../../../contract/src/languages";
import { COLOUR_WIDGET } from "../cms-config";

/** Where a list records the column (language) it is drawn in. */
export const COLUMN = "data-editor-locale";

/**
 * The element Decap draws a list entry's summary in. Decap gives it no role or attribute of its own, only a
 * class named after its component (stable within the pinned version; the browser tests read every summary).
 */
const SUMMARY = '[class*="NestedObjectLabel"]';

interface Control {
  isValid?(): unknown;
  focus?(path?: string): void;
  getValidateValue?(): unknown;
  shouldComponentUpdate?(next: WidgetProps): boolean;
}

type GetAsset = (path: string, field: unknown) => unknown;

interface WidgetProps {
  locale?: string;
  value?: unknown;
  classNameWrapper?: string;
  hasActiveStyle?: boolean;
  isLoadingAsset?: boolean;
  getAsset?: GetAsset;
  field: { get(key: string): unknown };
}

interface Wrapper {
  props: WidgetProps;
  inner?: Control | null;
  element?: HTMLElement | null;
  /**
   * Whether pictures are loading, as Decap last said. Decap tells it only when it asks whether to draw the widget
   * again (with its own props); the control's props do not hold it.
   */
  loading?: boolean;
  /** The picture widget's way to its pictures, made anew each time pictures finish loading. */
  assets?: { loading?: boolean; get: GetAsset };
}

interface Spec {
  /** Whether the widget's box is one value (a text, a choice, a picture) rather than fields. */
  value: boolean;
}

export interface DecapWidgets {
  getWidget(name: string): { control: unknown; preview?: unknown; schema?: unknown } | undefined;
  registerWidget(name: string, control: unknown, preview?: unknown, schema?: unknown): void;
}

type Create = (spec: Record<string, unknown>) => unknown;
type Element = (type: unknown, props: Record<string, unknown>, ...children: unknown[]) => unknown;

/** The widgets this site's content model uses (plugins/site-admin/cms-config.ts), the project's colour field too. */
const WIDGETS = ["string", "text", "select", "image", "boolean", COLOUR_WIDGET, "object", "list"];

/** The widgets whose box holds one value, written in its column's language (a list's and group's hold fields). */
const VALUES = ["string", "text", "select", "image", "boolean", COLOUR_WIDGET];

/** The column a widget is drawn in: its own when Decap gives it one, else the nearest list's. */
function columnOf(wrapper: Wrapper): Language | undefined {
  const column = wrapper.props.locale ?? wrapper.element?.parentElement?.closest(`[${COLUMN}]`)?.getAttribute(COLUMN);
  return languages.find((language) => language.code === column);
}

/** A field written once, in English: Decap's `i18n: none`, or `false` for a list (cms-config.ts). */
const isShared = (props: WidgetProps) => [false, "none"].includes(props.field.get("i18n") as string | boolean);

export function wrapWidgetsForColumns(cms: DecapWidgets, createClass: Create, h: Element): void {
  /** Decap asks the control it drew, by its ref, for these: the wrapped control answers. */
  const forwarding = {
    isValid(this: Wrapper) {
      return this.inner?.isValid ? this.inner.isValid() : true;
    },
    focus(this: Wrapper, path?: string) {
      this.inner?.focus?.(path);
    },
    getValidateValue(this: Wrapper) {
      return this.inner?.getValidateValue?.();
    },
    /**
     * Decap draws a widget again only when this says so: the wrapped control's own answer (the picture widget's
     * says yes once a picture is chosen), else Decap's default; and once more when pictures finish loading, so
     * that a picture widget shows the picture rather than the blank Decap gives while it loads.
     */
    shouldComponentUpdate(this: Wrapper, next: WidgetProps) {
      if (next.isLoadingAsset !== undefined && next.isLoadingAsset !== this.loading) {
        this.loading = next.isLoadingAsset;
        return true;
      }
      if (this.inner?.shouldComponentUpdate) return this.inner.shouldComponentUpdate.call(this.inner, next);
      return (
        this.props.value !== next.value ||
        this.props.classNameWrapper !== next.classNameWrapper ||
        this.props.hasActiveStyle !== next.hasActiveStyle
      );
    },
  };
  /**
   * Puts the widget's value in its column's language and direction (the label and hint around it stay in the
   * editor's own), and leaves out a field written once, in English, from the other columns.
   */
  const place = (wrapper: Wrapper, { value }: Spec) => {
    const element = wrapper.element;
    const column = columnOf(wrapper);
    if (!element || !column) return;
    // The field's whole box (its label, control and hint) is the nearest element Decap labels.
    const box = element.parentElement?.closest<HTMLElement>("[aria-label]");
    if (box) box.style.display = isShared(wrapper.props) && column !== defaultLanguage ? "none" : "";
    const values = [...(value ? [element] : []), ...element.querySelectorAll<HTMLElement>(SUMMARY)];
    for (const shown of values) {
      shown.lang = column.code;
      shown.dir = column.dir;
    }
  };

  /**
   * Decap's picture widget asks for its picture once per value, and a picture still loading answers blank; a
   * new way to the pictures once they have loaded makes it ask again.
   */
  const assetsFor = (wrapper: Wrapper): GetAsset | undefined => {
    if (!wrapper.props.getAsset) return undefined;
    if (!wrapper.assets || wrapper.assets.loading !== wrapper.loading) {
      wrapper.assets = { loading: wrapper.loading, get: (path, field) => wrapper.props.getAsset?.(path, field) };
    }
    return wrapper.assets.get;
  };

  for (const name of WIDGETS) {
    const widget = cms.getWidget(name);
    if (!widget) continue;
    const spec: Spec = { value: VALUES.includes(name) };
    cms.registerWidget(
      name,
      createClass({
        ...forwarding,
        componentDidMount(this: Wrapper) {
          place(this, spec);
        },
        componentDidUpdate(this: Wrapper) {
          place(this, spec);
        },
        render(this: Wrapper) {
          const getAsset = name === "image" ? assetsFor(this) : this.props.getAsset;
          const control = h(widget.control, {
            ...this.props,
            ...(getAsset && { getAsset }),
            ref: (instance: Control | null) => (this.inner = instance),
          });
          // A list names its column for the entries inside it, which Decap does not tell.
          const mark = name === "list" ? { [COLUMN]: this.props.locale ?? null } : {};
          return h("div", { ...mark, ref: (element: HTMLElement | null) => (this.element = element) }, control);
        },
      }),
      widget.preview,
      widget.schema,
    );
  }
}
