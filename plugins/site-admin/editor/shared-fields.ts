/**
 * Fields written once, in English (pictures, icons, phone numbers, links), are
 * not shown as empty controls in the other languages' columns. Decap hides
 * such a field (`i18n: none`) only at the top of a file: its list widget does
 * not tell the entries inside it which column they are in, so a list's
 * entries showed an empty icon or picture control in the Arabic column. Here
 * each list marks its column on the page, and a shared field's control, found
 * in a column other than English, is hidden as Decap hides a top-level one
 * (its place kept, so that the two columns stay side by side). The widgets
 * keep their names and behaviour: each is Decap's own, wrapped.
 */
import { defaultLanguage } from "../../../contract/src/languages";

/** Where a list records the column (language) it is drawn in. */
const COLUMN = "data-editor-locale";

interface Control {
  isValid?(): unknown;
  focus?(path?: string): void;
  getValidateValue?(): unknown;
}

interface WidgetProps {
  locale?: string;
  field: { get(key: string): unknown };
}

interface Wrapper {
  props: WidgetProps;
  inner?: Control | null;
  element?: HTMLElement | null;
  place(): void;
}

export interface DecapWidgets {
  getWidget(name: string): { control: unknown; preview?: unknown; schema?: unknown } | undefined;
  registerWidget(name: string, control: unknown, preview?: unknown, schema?: unknown): void;
}

type Create = (spec: Record<string, unknown>) => unknown;
type Element = (type: unknown, props: Record<string, unknown>, ...children: unknown[]) => unknown;

/** The widgets a shared field of this site can have (plugins/site-admin/cms-config.ts). */
const SHARED_WIDGETS = ["select", "image", "string"];

export function hideSharedFieldsInTranslations(cms: DecapWidgets, createClass: Create, h: Element): void {
  /** Decap asks the control it drew, by its ref, whether it is valid and to take focus: the wrapped one answers. */
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
  };
  const wrap = (name: string, render: (wrapper: Wrapper, control: unknown) => unknown, extra = {}) => {
    const widget = cms.getWidget(name);
    if (!widget) return;
    cms.registerWidget(
      name,
      createClass({
        ...forwarding,
        ...extra,
        render: function (this: Wrapper) {
          return render(this, widget.control);
        },
      }),
      widget.preview,
      widget.schema,
    );
  };
  const control = (wrapper: Wrapper, inner: unknown) =>
    h(inner, { ...wrapper.props, ref: (instance: Control | null) => (wrapper.inner = instance) });

  // A list draws its entries in a box that names its column; Decap gives the list (not its entries) the column.
  wrap("list", (wrapper, inner) => h("div", { [COLUMN]: wrapper.props.locale ?? null }, control(wrapper, inner)));
  for (const name of SHARED_WIDGETS) {
    wrap(
      name,
      (wrapper, inner) =>
        h("div", { ref: (element: HTMLElement | null) => (wrapper.element = element) }, control(wrapper, inner)),
      {
        componentDidMount(this: Wrapper) {
          this.place();
        },
        componentDidUpdate(this: Wrapper) {
          this.place();
        },
        place(this: Wrapper) {
          if (this.props.field.get("i18n") !== "none" || !this.element) return;
          const column = this.props.locale ?? this.element.closest(`[${COLUMN}]`)?.getAttribute(COLUMN);
          // The field's whole box (its label, control and hint) is the nearest element Decap labels.
          const box = this.element.parentElement?.closest<HTMLElement>("[aria-label]");
          if (column && column !== defaultLanguage.code && box) box.style.visibility = "hidden";
        },
      },
    );
  }
}
