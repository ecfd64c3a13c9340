import * as React from "react";
import { createRoot, type Root } from "react-dom/client";
import "../../../src/styles/global.css";
import { defaultLanguage } from "../../../contract/src/languages";
import { BRAND_STYLES } from "../editor-addresses";
import { collections } from "../../site-content/model";
import { localize } from "../../site-content/localize";
import type { DecapEntry, DecapPreviewProps } from "./decap";
import { previews, type PreviewName } from "./templates";

/**
 * The content editor's previews, drawn by the site's own components and
 * styled by its own CSS modules (this file is bundled from src/ by the
 * build, see ../previews.ts). Decap renders each template with its React 19;
 * the template holds an element into which the site's React 18 renders.
 */
const names = Object.keys(previews) as PreviewName[];
const byCollection = new Map(names.map((name) => [previews[name].collection, name]));

/** Each collection's fields, by its Decap name (the file's name without .yaml). */
const fieldsOf = new Map(collections.map(({ file, fields }) => [file.replace(/\.yaml$/, ""), fields]));

/**
 * An entry's fields as the site shows them: the entry being edited holds them
 * as an Immutable map, getCollection's as they are. Previews show the default
 * language (Decap previews only that), whose part also holds the shared fields;
 * localize gives its values in their shown form and fills what the site fills
 * (a phone in international form, the chat link from the WhatsApp number).
 */
function dataOf(collection: string, entry: DecapEntry | undefined): unknown {
  const data = entry?.get("data");
  const plain: unknown = data && typeof data === "object" && "toJS" in data ? data.toJS() : data;
  const part =
    plain && typeof plain === "object" && defaultLanguage.code in plain
      ? (plain as Record<string, unknown>)[defaultLanguage.code]
      : plain;
  const fields = fieldsOf.get(collection);
  return part && fields ? localize(fields, part, part) : part;
}

/** The preview of one file, with the other files it needs read once through Decap. */
function SitePreview({ name, props }: { name: PreviewName; props: DecapPreviewProps }) {
  const preview = previews[name];
  const [files, setFiles] = React.useState<Record<string, unknown> | null>(preview.needs.length ? null : {});
  const { getCollection } = props;
  React.useEffect(() => {
    let current = true;
    Promise.all(
      preview.needs.map(async (need) => {
        const collection = previews[need].collection;
        return [need, dataOf(collection, await getCollection(collection, collection))] as const;
      }),
    ).then((loaded) => current && setFiles(Object.fromEntries(loaded)));
    return () => {
      current = false;
    };
  }, [preview, getCollection]);
  const data = dataOf(preview.collection, props.entry);
  if (!data || !files) return null;
  const render = preview.render as (input: {
    data: unknown;
    files: unknown;
    asset: (path: string) => string;
  }) => React.ReactElement;
  return render({ data, files, asset: (path) => props.getAsset(path).toString() });
}

/** What each of Decap's template instances keeps: the element the site renders into, and its React root. */
interface PreviewInstance {
  props: DecapPreviewProps;
  container: HTMLElement | null;
  root?: Root;
  draw(): void;
}

for (const [collection, name] of byCollection) {
  window.CMS.registerPreviewTemplate(
    collection,
    window.createClass({
      componentDidMount(this: PreviewInstance) {
        if (this.container) this.root = createRoot(this.container);
        this.draw();
      },
      componentDidUpdate(this: PreviewInstance) {
        this.draw();
      },
      componentWillUnmount(this: PreviewInstance) {
        this.root?.unmount();
      },
      draw(this: PreviewInstance) {
        this.root?.render(<SitePreview name={name} props={this.props} />);
      },
      render(this: PreviewInstance) {
        return window.h("div", { ref: (element: HTMLElement | null) => (this.container = element) });
      },
    }),
  );
}

window.CMS.registerPreviewStyle("/admin/previews.css");
window.CMS.registerPreviewStyle(BRAND_STYLES);
