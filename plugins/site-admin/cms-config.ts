import { defaultLanguage, languages } from "../../contract/src/languages";
import { collections, formats, isShared, routes, tooLong, type Field } from "../site-content/model";
import { modelArabic, tooLongArabic } from "../site-content/model-arabic";
import { contentIconNames } from "../../src/lib/icon-paths";
import { yamlFormatName } from "./editor/yaml-format";

/**
 * The Decap CMS configuration (served as /admin/config.yml), derived from the
 * content model like the GraphQL schema and the build-time check: one
 * collection per data/ file, every field with its widget, label and hint,
 * required fields required and formats enforced with the build's wording.
 */

export type CmsBackend =
  | {
      name: "github";
      branch: string;
      /** owner/name of the repository the site is built from. */
      repo?: string;
      /** The OAuth provider's origin that signs editors in; Decap's default is Netlify's (https://api.netlify.com). */
      baseUrl?: string;
      /** The path on it where the sign-in starts, without its first slash; Decap's default is "auth". */
      authEndpoint?: string;
    }
  | { name: "git-gateway"; branch: string }
  /** `npm run edit` only: decap-server on this computer, writing to data/ in the working tree. */
  | { name: "proxy"; branch: string; proxyUrl: string };

/** owner/name of a GitHub repository address (https or ssh), or undefined for any other address. */
export function githubRepository(address: string | undefined): string | undefined {
  const match = /github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(address?.trim() ?? "");
  return match?.[1];
}

/**
 * Where the deployed editor saves. GitHub unless CMS_BACKEND=git-gateway
 * (Netlify has deprecated Identity and Git Gateway). The repository is
 * CMS_REPO, else the one Netlify builds from (REPOSITORY_URL), else the git
 * remote the site was cloned from; see docs/editing.md for signing in.
 */
export function cmsBackendFrom(env: Readonly<Record<string, string | undefined>>, gitOrigin?: string): CmsBackend {
  const branch = env.CMS_BRANCH ?? "main";
  if (env.CMS_BACKEND === "git-gateway") return { name: "git-gateway", branch };
  return {
    name: "github",
    branch,
    repo: env.CMS_REPO ?? githubRepository(env.REPOSITORY_URL) ?? githubRepository(gitOrigin),
    ...signInAddress(env.CMS_AUTH_URL),
  };
}

/**
 * CMS_AUTH_URL is where the sign-in starts: an origin (Decap then starts at its /auth) or an address with a path,
 * such as the site's own https://www.example.com/api/auth (functions/). Decap takes the two apart, and checks that
 * the sign-in window's messages come from exactly that origin.
 */
function signInAddress(address: string | undefined): { baseUrl?: string; authEndpoint?: string } {
  if (!address) return {};
  const url = new URL(address);
  const endpoint = url.pathname.replace(/^\/+|\/+$/g, "");
  return { baseUrl: url.origin, ...(endpoint && { authEndpoint: endpoint }) };
}

type CmsField = Record<string, unknown> & { name: string; widget: string };

/** The project's own widget for the brand colours (editor/colour-field.ts registers it). */
export const COLOUR_WIDGET = "colour";

/** The languages the editor's own words are written in, English first (editor/interface-language.ts). */
export const EDITOR_LANGUAGES = ["en", "ar"] as const;
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];

/** Where the editor's configuration in a language is served: Decap reads the one the page points it to. */
export function configAddress(language: EditorLanguage): string {
  return language === EDITOR_LANGUAGES[0] ? "/admin/config.yml" : `/admin/config.${language}.yml`;
}

/**
 * The content model's words (names, help, what a value breaking a rule reads) in the editor's language: the model
 * writes them in English, model-arabic.ts in Arabic.
 */
export function editorWords(language: EditorLanguage) {
  const say = (english: string) => (language === "ar" ? (modelArabic[english] ?? english) : english);
  return {
    say,
    /** A format's rule and the field's length limit, as one message. */
    formatRule: (message: string, max: number) =>
      language === "ar"
        ? `${say(message)}، و${tooLongArabic(max)}.`
        : `Must ${message.replace(/^must /, "")}, ${tooLong(max)}.`,
    lengthRule: (max: number) => (language === "ar" ? `${tooLongArabic(max)}.` : `${capitalise(tooLong(max))}.`),
  };
}

/**
 * The proxy backend is only ever given to the development server: the deployed editor never tries to reach one.
 * With the editorial workflow each change is a draft (a pull request) until it is published, and the publishing
 * workflow gives each draft a preview (docs/editing.md).
 */
export function cmsConfig({
  backend,
  publishMode = "simple",
  language = "en",
}: {
  backend: CmsBackend;
  publishMode?: "simple" | "editorial_workflow";
  /** The language of the editor's own words: Decap's, and the content model's names and help. */
  language?: EditorLanguage;
}) {
  const words = editorWords(language);
  return {
    ...(publishMode === "editorial_workflow" && { publish_mode: publishMode }),
    locale: language,
    backend: {
      name: backend.name,
      branch: backend.branch,
      ...(backend.name === "github" && backend.repo && { repo: backend.repo }),
      ...(backend.name === "github" && backend.baseUrl && { base_url: backend.baseUrl }),
      ...(backend.name === "github" && backend.authEndpoint && { auth_endpoint: backend.authEndpoint }),
      ...(backend.name === "proxy" && { proxy_url: backend.proxyUrl }),
    },
    media_folder: "data/images",
    public_folder: "./images",
    // Both languages side by side, kept in one file per collection (en: and ar:), as the site reads them.
    i18n: {
      structure: "single_file",
      locales: languages.map(({ code }) => code),
      default_locale: defaultLanguage.code,
    },
    collections: collections.map((collection) => {
      const name = collection.file.replace(/\.ya?ml$/, "");
      return {
        name,
        label: words.say(collection.label),
        description: words.say(collection.hint),
        // Saved in place, comments and layout kept (editor/yaml-format.ts), not rewritten by Decap's own YAML.
        format: yamlFormatName(collection.file),
        i18n: true,
        files: [
          {
            name,
            label: words.say(collection.label),
            file: `data/${collection.file}`,
            // A draft's "View preview" opens the page the file's content is on (English; Arabic is at /ar/ there).
            preview_path: collection.page === "/" ? "/" : `${collection.page}/`,
            i18n: true,
            // Pictures live next to the YAML, and the YAML stores them as ./images/…, as the site reads them.
            media_folder: "images",
            public_folder: "./images",
            fields: Object.entries(collection.fields).map(([fieldName, field]) => cmsField(fieldName, field, words)),
          },
        ],
      };
    }),
  };
}

function cmsField(name: string, field: Field, words: ReturnType<typeof editorWords>): CmsField {
  const common = {
    name,
    label: words.say(field.label),
    hint: words.say(field.hint),
    required: !field.optional,
    // A translated field is written in each language; a shared one only in English, and hidden in the other pane
    // (a list takes only true or false there: false leaves it to the English part).
    i18n: isShared(field) ? (field.kind === "list" ? false : "none") : true,
  };
  switch (field.kind) {
    case "text": {
      if (field.format === "route") return { ...common, widget: "select", options: [...routes] };
      const format = field.format && formats[field.format];
      // Decap takes one pattern per field: the length limit is a lookahead in front of the format's own.
      const limit = `(?=[\\s\\S]{0,${field.max}}$)`;
      return {
        ...common,
        // The brand colours are checked as they are typed, beside each other (editor/colour-field.ts).
        widget: field.format === "colour" ? COLOUR_WIDGET : field.multiline ? "text" : "string",
        pattern: format
          ? [`^${limit}${format.pattern.source.replace(/^\^/, "")}`, words.formatRule(format.message, field.max)]
          : [`^${limit}`, words.lengthRule(field.max)],
      };
    }
    case "image":
      return { ...common, widget: "image", choose_url: false };
    case "icon":
      return { ...common, widget: "select", options: contentIconNames };
    case "switch":
      return { ...common, widget: "boolean", default: false };
    case "group":
      return {
        ...common,
        widget: "object",
        collapsed: false,
        fields: Object.entries(field.fields).map(([child, spec]) => cmsField(child, spec, words)),
      };
    case "list": {
      const item = field.of;
      const list = { ...common, widget: "list", collapsed: false, max: field.max, ...(!field.optional && { min: 1 }) };
      if (item.kind === "group") {
        return {
          ...list,
          label_singular: words.say(item.label),
          summary: summaryOf(item.fields),
          fields: Object.entries(item.fields).map(([child, spec]) => cmsField(child, spec, words)),
        };
      }
      return { ...list, label_singular: words.say(item.label), field: cmsField(name, item, words) };
    }
  }
}

/**
 * What a list entry is known by when folded: its first text written in each language (a headline, a title, a
 * picture's description), so that eight pictures read as eight different entries; else its first field.
 */
function summaryOf(fields: Readonly<Record<string, Field>>): string | undefined {
  const names = Object.keys(fields);
  const named = names.find((name) => fields[name]?.kind === "text" && !isShared(fields[name])) ?? names[0];
  return named ? `{{fields.${named}}}` : undefined;
}

function capitalise(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
