import { collections, formats, routes, tooLong, type Field } from "../site-content/model";
import { contentIconNames } from "../../src/lib/icon-paths";

/**
 * The Decap CMS configuration (served as /admin/config.yml), derived from the
 * content model like the GraphQL schema and the build-time check: one
 * collection per data/ file, every field with its widget, label and hint,
 * required fields required and formats enforced with the build's wording.
 */

export interface CmsBackend {
  name: "git-gateway" | "github";
  branch: string;
  /** owner/name, for the GitHub backend. */
  repo?: string;
  /** The OAuth provider for the GitHub backend. */
  baseUrl?: string;
}

type CmsField = Record<string, unknown> & { name: string; widget: string };

/**
 * `localBackendUrl` is given only to the development server (npm run edit):
 * the deployed editor must never try to reach a proxy on the visitor's computer.
 */
export function cmsConfig({ backend, localBackendUrl }: { backend: CmsBackend; localBackendUrl?: string }) {
  return {
    backend: {
      name: backend.name,
      branch: backend.branch,
      ...(backend.repo && { repo: backend.repo }),
      ...(backend.baseUrl && { base_url: backend.baseUrl }),
    },
    // With npm run edit, changes go through decap-server to data/ in the working tree.
    ...(localBackendUrl && { local_backend: { url: localBackendUrl, allowed_hosts: ["127.0.0.1", "localhost"] } }),
    media_folder: "data/images",
    public_folder: "./images",
    collections: collections.map((collection) => {
      const name = collection.file.replace(/\.ya?ml$/, "");
      return {
        name,
        label: collection.label,
        description: collection.hint,
        files: [
          {
            name,
            label: collection.label,
            file: `data/${collection.file}`,
            // Pictures live next to the YAML, and the YAML stores them as ./images/…, as the site reads them.
            media_folder: "images",
            public_folder: "./images",
            fields: Object.entries(collection.fields).map(([fieldName, field]) => cmsField(fieldName, field)),
          },
        ],
      };
    }),
  };
}

function cmsField(name: string, field: Field): CmsField {
  const common = { name, label: field.label, hint: field.hint, required: !field.optional };
  switch (field.kind) {
    case "text": {
      if (field.format === "route") return { ...common, widget: "select", options: [...routes] };
      const format = field.format && formats[field.format];
      const limit = field.max && [`^[\\s\\S]{0,${field.max}}$`, `${capitalise(tooLong(field.max))}.`];
      return {
        ...common,
        widget: field.multiline ? "text" : "string",
        ...(format && { pattern: [format.pattern.source, `Must ${format.message.replace(/^must /, "")}.`] }),
        ...(!format && limit && { pattern: limit }),
      };
    }
    case "image":
      return { ...common, widget: "image", choose_url: false };
    case "icon":
      return { ...common, widget: "select", options: contentIconNames };
    case "group":
      return {
        ...common,
        widget: "object",
        collapsed: false,
        fields: Object.entries(field.fields).map(([child, spec]) => cmsField(child, spec)),
      };
    case "list": {
      const item = field.of;
      const list = { ...common, widget: "list", collapsed: false, ...(!field.optional && { min: 1 }) };
      if (item.kind === "group") {
        const [summaryField] = Object.keys(item.fields);
        return {
          ...list,
          label_singular: item.label,
          summary: summaryField ? `{{fields.${summaryField}}}` : undefined,
          fields: Object.entries(item.fields).map(([child, spec]) => cmsField(child, spec)),
        };
      }
      return { ...list, label_singular: item.label, field: cmsField(name, item) };
    }
  }
}

function capitalise(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
