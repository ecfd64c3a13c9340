import { PLAIN_ADDRESS } from "../../contract/src/plain-address";
import { SITE_ROUTES, type SiteRoute } from "../../contract/src/pages";
import { internationalPhone, UAE_PHONE, whatsAppChat } from "../../src/lib/phone-link";
import { COLOUR, paletteProblems, type PaletteProblem } from "../../src/lib/palette";

/**
 * The content model: every YAML file in data/, its fields, which are required and
 * what each one is for. It is the single description that the GraphQL schema
 * (schema.ts), the build-time content check (check.ts) and the
 * content editor's field list are all derived from, so they cannot disagree.
 */

/** Each page's texts in data/pages.yaml, by its route (contract/src/pages.ts lists the routes). */
const pageContent = {
  "/": "home",
  "/about": "about",
  "/service": "service",
  "/contact": "contact",
  "/privacy": "privacy",
} as const satisfies Record<SiteRoute, string>;

export const pageRoutes = SITE_ROUTES.map((path) => ({ path, content: pageContent[path] }));

export const routes = pageRoutes.map((route) => route.path);

/**
 * Formats a text field can be held to, with the wording an editor sees when a value does not fit. Each value is
 * tested as written, and holds only the plain ASCII it shows: no invisible or direction characters, no look-alike
 * letters from other scripts, nothing a link could hide (a user@ part, a mailto: parameter).
 */
export const formats = {
  email: {
    pattern: new RegExp(`^${PLAIN_ADDRESS.source.slice(1, -1)}$`),
    message: "must be a plain e-mail address such as sales@example.com, in Latin letters, with nothing around it",
    max: 254,
  },
  uaePhone: {
    pattern: UAE_PHONE,
    message: "must be a UAE phone number, such as 04 123 4567, 050 123 4567 or +971 50 123 4567",
    max: 20,
    /** Typed the local way or the international one, shown to visitors in international form. */
    shown: internationalPhone,
  },
  httpsUrl: {
    // https://, a host name in Latin letters (no user@ part, no punycode look-alike), an optional port, then any
    // printable ASCII: a path and query written as the browser shows them (%-encoded where they need to be).
    pattern:
      /^https:\/\/(?![^/?#]*@)(?![^/?#]*xn--)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+(?::\d{1,5})?(?:[/?#][\x21-\x7E]*)?$/,
    message:
      "must be a full web address starting with https://, its host name in Latin letters and nothing but the address",
    max: 500,
  },
  date: {
    pattern: /^20\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/,
    message: "must be a date written year-month-day, such as 2026-11-27",
    max: 10,
  },
  colour: {
    pattern: COLOUR,
    message: "must be a colour written as # and six hexadecimal digits, such as #0b2545",
    max: 7,
  },
  route: {
    pattern: new RegExp(`^(${routes.map((route) => route.replace(/\//g, "\\/")).join("|")})$`),
    message: `must be one of the site's pages: ${routes.join(", ")}`,
    max: 40,
  },
} as const;

export type Format = keyof typeof formats;

interface FieldBase {
  /** Shown to editors as the field's name. */
  label: string;
  /** Shown to editors under the field: what it controls and how to fill it in. */
  hint: string;
  /** Optional fields may be left out or empty; every other field must have a value. */
  optional?: true;
}

export interface TextField extends FieldBase {
  kind: "text";
  /** Long text: blank lines start a new paragraph. */
  multiline?: true;
  format?: Format;
  /** The most characters the layout (or, for a text with a format, the format) takes here. */
  max: number;
  /** The `{name}` placeholders the site fills in this text; any other `{name}` would show as typed. */
  placeholders?: readonly string[];
  /** Written once, in English, though it has no format: a name every language writes the same (a product's). */
  shared?: true;
  /**
   * What the site uses when an optional text is left empty, made from the other fields of its record (in the
   * default language's part); `missing` says, for the content check, what is needed when that gives nothing.
   */
  fallback?: { from: (record: Readonly<Record<string, unknown>>) => string | undefined; missing: string };
}

/** On or off (true or false in the YAML; off when left out): written once, in English. */
export interface SwitchField extends FieldBase {
  kind: "switch";
  /** At most one entry of the list the switch is in may have it on. */
  onlyOne?: true;
}

/** A path to a picture, relative to the YAML file, such as ./images/network.jpg. */
export interface ImageField extends FieldBase {
  kind: "image";
}

/** The name of one of the site's icons (see src/lib/icon-paths.ts). */
export interface IconField extends FieldBase {
  kind: "icon";
}

export interface GroupField extends FieldBase {
  kind: "group";
  fields: Fields;
  /**
   * The group holds the ways of writing a number of things, one per plural form (Intl.PluralRules' one, two,
   * few, many, other): each language fills every form its grammar uses for the numbers in this range.
   */
  pluralFor?: { from: number; to: number };
}

export interface ListField extends FieldBase {
  kind: "list";
  /** A list of plain texts (a TextField) or of entries with several fields (a GroupField). */
  of: TextField | GroupField;
  /** The most entries the page has room for. */
  max: number;
  /** Placeholders the list's texts, taken together, must each use at least once (facts the page must state). */
  mustUse?: readonly string[];
}

export type Field = TextField | ImageField | IconField | SwitchField | GroupField | ListField;

/**
 * Whether a field is the same in every language, and so written once, in the
 * English part of its file: pictures, icons, switches, and texts with a format (phone
 * numbers, e-mail addresses, links, page addresses). A group or list is shared
 * when all it holds is. Every other text has a translation in each language.
 */
export function isShared(field: Field): boolean {
  switch (field.kind) {
    case "image":
    case "icon":
    case "switch":
      return true;
    case "text":
      return field.format !== undefined || field.shared === true;
    case "group":
      return Object.values(field.fields).every(isShared);
    case "list":
      return isShared(field.of);
  }
}
export type Fields = Readonly<Record<string, Field>>;

export interface Collection {
  /** The file's name inside data/. */
  file: string;
  /** The page that shows the file's content best: a draft's preview opens there (the footer's is on every page). */
  page: (typeof routes)[number];
  label: string;
  hint: string;
  fields: Fields;
  /**
   * What the file's fields must be together, past each one's own rules, checked on the default language's part
   * (where shared values are written) once each field is valid on its own: each problem names its field.
   */
  together?: (english: Readonly<Record<string, unknown>>) => { field: string; message: string }[];
}

/** The editor's button that puts the nearest passing colour in the field. */
export const colourButton = (colour: string) => `Use ${colour}`;

/** What the build says of one brand colour given without the other. */
export const colourMissing =
  "is empty while the other colour is given: give both colours, or leave both empty for the site's own.";

/**
 * The company's colours (data/site.yaml): both or neither, and readable beside each other and the site's own. A
 * colour that does not read carries its palette problem, for the editor to say in its language and offer the
 * nearest colour that does.
 */
export function brandColourProblems(
  site: Readonly<Record<string, unknown>>,
): { field: string; message: string; palette?: PaletteProblem }[] {
  const valid = (value: unknown): value is string => typeof value === "string" && formats.colour.pattern.test(value);
  const { mainColour: main, accentColour: accent } = site;
  if (valid(main) && valid(accent)) {
    return paletteProblems({ main, accent }).map((palette) => ({
      field: `${palette.colour}Colour`,
      message: palette.message,
      palette,
    }));
  }
  const given = (value: unknown) => typeof value === "string" && value !== "";
  if (given(main) === given(accent)) return [];
  const missing = given(main) ? "accentColour" : "mainColour";
  return [{ field: missing, message: colourMissing }];
}

/** Picture formats the image pipeline (sharp) can resize. */
export const imageExtensions = [".jpg", ".jpeg", ".png", ".webp", ".avif"];

/**
 * What a picture must be, read from its content: one of the formats the site publishes (as sharp names them), at
 * most this many pixels a side and in all (a 48-megapixel phone photo fits), so that the build never works on a
 * file that only has a picture's name or on a picture too large to resize.
 */
export const pictureLimits = { formats: ["jpeg", "png", "webp", "avif"], side: 12_000, pixels: 50_000_000 };

/** What an editor reads when a text is longer than its field's limit, in the build's check and in the editor. */
export const tooLong = (max: number) => `at most ${max} characters fit here`;

/** What an editor reads when a list has more entries than its limit, in the build's check and in the editor. */
export const tooMany = (max: number) => `at most ${max} entries fit here`;

/**
 * What the privacy notice must state, each filled in by the site from the content or the deployment: a notice
 * without one of them would leave out what the law asks it to say (docs/editing.md).
 */
export const PRIVACY_FACTS = [
  "legalName",
  "legalForm",
  "licence",
  "address",
  "privacyEmail",
  "days",
  "wayOut",
  "databaseRegion",
  "mailbox",
  "restoreDays",
  "spamDays",
  "siteHost",
] as const;

/** Limits that fit the layout: a label on a button, a line, a heading, a paragraph or two. */
export const lengths = { label: 40, line: 80, heading: 100, description: 200, paragraph: 600, section: 1500 } as const;

const text = (label: string, hint: string, extra: Partial<TextField> = {}): TextField => ({
  kind: "text",
  label,
  hint,
  max: extra.format ? formats[extra.format].max : lengths.line,
  ...extra,
});

const paragraphs = (label: string, hint: string, extra: Partial<TextField> = {}): TextField =>
  text(label, hint, { multiline: true, max: lengths.paragraph, ...extra });

const page = (label: string, hint: string, fields: Fields = {}): GroupField => ({
  kind: "group",
  label,
  hint,
  fields: {
    title: text("Browser tab title", "Shown in the browser tab and search results, before the company name.", {
      max: 60,
    }),
    description: paragraphs(
      "Search description",
      "One or two sentences shown under the title in search results and when the page is shared.",
      { max: lengths.description },
    ),
    ...fields,
  },
});

export const collections: readonly Collection[] = [
  {
    file: "site.yaml",
    page: "/",
    label: "Site",
    hint: "The company name, footer texts and the labels that appear on every page.",
    together: brandColourProblems,
    fields: {
      companyName: text(
        "Company name",
        "Used in page titles, the footer, the copyright line and the enquiry thank-you message.",
        { max: 60 },
      ),
      logo: {
        kind: "image",
        optional: true,
        label: "Logo",
        hint: "The company's square mark: before its name in the top bar, as the browser tab's icon and in the editor's bar. A square PNG with a transparent background works best, 192 pixels a side or more. Left empty, the site shows its network icon.",
      },
      mainColour: text(
        "Main colour",
        "The company's dark colour, such as #0b2545: headings, the footer, the contact panel and behind the slideshow headlines, with white text on it. Give both colours or neither; left empty, the site keeps its own navy and light blue.",
        { format: "colour", optional: true },
      ),
      accentColour: text(
        "Accent colour",
        "The company's light colour, such as #4fb3e8: the small heading above the slideshow headlines, the marks beside the contact details, light surfaces; the site darkens it for links. It must read on the main colour.",
        { format: "colour", optional: true },
      ),
      blurb: paragraphs("Footer blurb", "A short description of the company shown in the footer of every page."),
      siteUrl: text("Site address", "The public address of the site, used for search engines and sharing.", {
        format: "httpsUrl",
      }),
      socialImage: {
        kind: "image",
        label: "Sharing picture",
        hint: "Shown when a page is shared on social media or in chat apps (1200 × 630 pixels works best).",
      },
      socialImageAlt: text(
        "Sharing picture description",
        "Describes the sharing picture for people who cannot see it, where the page is shared.",
        { max: lengths.description },
      ),
      skipLink: text("Skip link", "Text of the keyboard shortcut link that jumps past the menu to the page content.", {
        max: lengths.label,
      }),
      menuLabel: text("Menu button label", "Read out by screen readers for the menu button on small screens.", {
        max: lengths.label,
      }),
      languageLinkLabel: text(
        "Language link",
        "This language's own name, as its speakers write it (English, العربية): the link to these pages from the pages in the other languages.",
        { max: lengths.label },
      ),
      navigation: {
        kind: "list",
        label: "Navigation",
        max: 8,
        hint: "The links in the top bar and in the footer's quick links, in order.",
        of: {
          kind: "group",
          label: "Link",
          hint: "One link to a page of the site.",
          fields: {
            label: text("Label", "The link text visitors see.", { max: lengths.label }),
            path: text("Page", "Which page the link opens.", { format: "route" }),
          },
        },
      },
      quickLinksHeading: text("Quick links heading", "Heading above the footer's list of page links.", {
        max: lengths.label,
      }),
      contactHeading: text("Footer contact heading", "Heading above the address, phones and e-mail in the footer.", {
        max: lengths.label,
      }),
      copyright: text(
        "Copyright line",
        "Footer copyright line. {year} becomes the current year and {company} the company name.",
        { placeholders: ["year", "company"] },
      ),
      designerCredit: text("Designer credit", "The credit to the site's designer, shown after the copyright line."),
      designerUrl: text("Designer's website", "Where the designer credit links to.", { format: "httpsUrl" }),
    },
  },
  {
    file: "contact.yaml",
    page: "/contact",
    label: "Contact details",
    hint: "Address, phone numbers, e-mail and chat link, shown in the footer and on the Contact page.",
    fields: {
      street: text("Street address", "Building, street and area, for example Office 1204, Bay Square, Business Bay."),
      city: text("City", "The city of the office: Dubai."),
      country: text("Country", "The country of the office."),
      localityLine: text(
        "City and country line",
        "How the line under the street is written: {city} becomes the city and {country} the country, with the language's own comma.",
        { placeholders: ["city", "country"] },
      ),
      phones: {
        kind: "list",
        label: "Phone numbers",
        max: 4,
        hint: "The company's phone numbers, in the order they are shown, each with what it is for.",
        of: {
          kind: "group",
          label: "Phone",
          hint: "One phone number.",
          fields: {
            number: text(
              "Phone number",
              "A UAE number as you would dial it, such as 04 123 4567 or 050 123 4567; the site shows it as +971 4 123 4567.",
              { format: "uaePhone" },
            ),
            label: text("What it is", "Shown beside the number: Office, or Mobile and WhatsApp.", {
              max: lengths.label,
            }),
            whatsapp: {
              kind: "switch",
              label: "Answers on WhatsApp",
              hint: "Switch on for the mobile the chat button opens a WhatsApp chat with. One number at most.",
              optional: true,
              onlyOne: true,
            },
          },
        },
      },
      officeHours: text(
        "Office hours",
        "When the office answers, shown on the Contact page, such as Sunday to Thursday, 9 am to 6 pm. Leave empty to show none.",
        { optional: true },
      ),
      hoursLabel: text("Office hours label", "Label above the office hours on the Contact page.", {
        max: lengths.label,
      }),
      mapUrl: text(
        "Map link",
        "The office on a map (Google Maps or Apple Maps), opened by the Get directions link on the Contact page. Leave empty to show no link.",
        { format: "httpsUrl", optional: true },
      ),
      directionsLabel: text("Directions link text", "The text of the link to the map, under the address.", {
        max: lengths.label,
      }),
      salesEmail: text("Sales e-mail", "Where visitors write to the sales team.", { format: "email" }),
      chatUrl: text(
        "Chat link",
        "Leave empty: the chat button opens a WhatsApp chat with the phone number switched to WhatsApp above. Fill it in only for another messaging chat, such as https://t.me/yourcompany.",
        {
          format: "httpsUrl",
          optional: true,
          fallback: {
            from: (contact) => {
              const phones = Array.isArray(contact.phones) ? (contact.phones as Record<string, unknown>[]) : [];
              const mobile = phones.find((phone) => phone.whatsapp === true)?.number;
              return typeof mobile === "string" ? whatsAppChat(mobile) : undefined;
            },
            missing:
              "no phone number above is switched to WhatsApp (Answers on WhatsApp), so the chat button would open nothing",
          },
        },
      ),
      chatLabel: text("Chat button text", "The text of the floating chat button.", { max: lengths.label }),
      addressLabel: text("Address label", "Label above the address on the Contact page.", { max: lengths.label }),
      phoneLabel: text("Phone label", "Label above the phone numbers on the Contact page.", { max: lengths.label }),
      emailLabel: text("E-mail label", "Label above the e-mail address on the Contact page.", { max: lengths.label }),
      chatPanelLabel: text("Chat label", "Label above the chat link on the Contact page.", { max: lengths.label }),
      chatPanelLink: text("Chat link text", "The text of the chat link on the Contact page.", { max: lengths.label }),
      panelHeading: text("Contact panel heading", "Heading of the contact details panel on the Contact page.", {
        max: lengths.heading,
      }),
    },
  },
  {
    file: "pages.yaml",
    page: "/",
    label: "Pages",
    hint: "Titles, search descriptions and headings of each page.",
    fields: {
      home: page("Home page", "The home page (/).", {
        heading: text("Heading", "The small heading above the slideshow headlines: what the company does and where.", {
          max: lengths.heading,
        }),
        actionLabel: text(
          "Call to action",
          "The button under the slideshow headlines, on the first screen: what a convinced visitor does next.",
          { max: lengths.label },
        ),
        actionPath: text("Call to action page", "Which page the call to action opens.", { format: "route" }),
      }),
      about: page("About page", "The About page (/about).", {
        heading: text("Heading", "The main heading of the page."),
      }),
      service: page("Service page", "The Service page (/service).", {
        heading: text("Heading", "The main heading of the page."),
        intro: paragraphs("Introduction", "Text under the heading, above the service cards."),
      }),
      contact: page("Contact page", "The Contact page (/contact).", {
        heading: text("Heading", "The main heading of the page."),
        intro: paragraphs("Introduction", "Text under the heading, above the contact details and the form."),
      }),
      privacy: page(
        "Privacy notice",
        "The privacy notice (/privacy), linked under the form's button and in the footer.",
        {
          heading: text("Heading", "The main heading of the page."),
          intro: paragraphs("Introduction", "Text under the heading, above the notice's sections."),
          linkLabel: text("Link text", "The link to the notice in the footer of every page.", { max: lengths.label }),
        },
      ),
      notFound: page("Page not found", "Shown when a visitor opens an address that does not exist.", {
        heading: text("Heading", "The main heading of the page."),
        text: paragraphs("Text", "Explains that the page does not exist."),
        linkLabel: text("Link text", "The link back to the home page.", { max: lengths.label }),
      }),
      errorHeading: text(
        "Error heading",
        "Shown, with the technical message, if a page fails unexpectedly in the visitor's browser.",
        { max: lengths.heading },
      ),
    },
  },
  {
    file: "slides.yaml",
    page: "/",
    label: "Home slideshow",
    hint: "The slides at the top of the home page. They change every 8.5 seconds.",
    fields: {
      roleDescription: text(
        "Slideshow role",
        "What screen readers call the slideshow as a whole, in the page's language: carousel, or its translation.",
        { max: lengths.label },
      ),
      dotLabel: text(
        "Slide button label",
        "Read out by screen readers for the dots below the slides. {number} becomes the slide's number and {total} the number of slides.",
        { placeholders: ["number", "total"] },
      ),
      pauseLabel: text("Pause button label", "The button that stops the slides from changing by themselves.", {
        max: lengths.label,
      }),
      playLabel: text("Play button label", "The same button once the slides are paused.", { max: lengths.label }),
      slides: {
        kind: "list",
        label: "Slides",
        max: 8,
        hint: "Each slide shows one headline over a picture.",
        of: {
          kind: "group",
          label: "Slide",
          hint: "One slide.",
          fields: {
            headline: text("Headline", "The large text of the slide.", { max: lengths.heading }),
            image: {
              kind: "image",
              label: "Picture",
              hint: "The slide's background picture, wide (at least 1600 × 700 pixels). Decorative: the headline says it all.",
            },
          },
        },
      },
    },
  },
  {
    file: "why-us.yaml",
    page: "/",
    label: "Why choose us",
    hint: "The 'Why Choose Us' section of the home page.",
    fields: {
      heading: text("Heading", "The section heading."),
      text: paragraphs("Text", "The paragraph under the heading."),
      points: {
        kind: "list",
        label: "Points",
        max: 12,
        hint: "The short reasons shown as cards with an icon.",
        of: {
          kind: "group",
          label: "Point",
          hint: "One reason.",
          fields: {
            title: text("Title", "The reason in a few words."),
            text: paragraphs("Text", "One or two sentences."),
            icon: { kind: "icon", label: "Icon", hint: "The icon shown above the title." },
          },
        },
      },
    },
  },
  {
    file: "about.yaml",
    page: "/about",
    label: "About",
    hint: "The sections of the About page.",
    fields: {
      sections: {
        kind: "list",
        label: "Sections",
        max: 8,
        hint: "Who we are, Vision, Mission and Values, in the order shown.",
        of: {
          kind: "group",
          label: "Section",
          hint: "One section of the About page.",
          fields: {
            title: text("Title", "The section heading."),
            text: paragraphs("Text", "The section text. Leave a blank line between paragraphs.", {
              max: lengths.section,
            }),
          },
        },
      },
    },
  },
  {
    file: "privacy.yaml",
    page: "/privacy",
    label: "Privacy notice",
    hint: "What the site does with the personal data an enquiry holds, under the UAE's data protection law. Have it reviewed by the company's lawyer before launch.",
    fields: {
      controller: {
        kind: "group",
        label: "Controller",
        hint: "The company as the law names it: the one responsible for the personal data. The deploy refuses while a value is still in [square brackets].",
        fields: {
          legalName: text("Legal name", "The company's name as its trade licence writes it, in this language.", {
            max: 120,
          }),
          legalForm: text("Legal form", "Its legal form, such as limited liability company."),
          licence: text("Licence", "The trade licence's number and the authority that issued it.", { max: 160 }),
          address: text("Registered address", "The address on the trade licence.", { max: 200 }),
        },
      },
      privacyEmail: text(
        "Privacy contact",
        "The e-mail address that answers questions and requests about personal data.",
        { format: "email" },
      ),
      mailboxProvider: text(
        "Mailbox provider",
        "Who holds the sales team's mailbox (such as Microsoft 365 or Google Workspace): it receives every enquiry. Written once, as its maker writes it; the Arabic notice names it so too.",
        { max: 100, shared: true },
      ),
      dayCount: {
        kind: "group",
        label: "Number of days",
        hint: "How this language writes a number of days in the notice's sentences: {n} becomes the number. Arabic uses a form for 1, 2, 3 to 10, 11 to 99 and 100 and over; English one for 1 and one for the rest.",
        pluralFor: { from: 1, to: 3650 },
        fields: {
          one: text("One", "One day (1).", { max: lengths.label, placeholders: ["n"], optional: true }),
          two: text("Two", "Two days (2).", { max: lengths.label, placeholders: ["n"], optional: true }),
          few: text("A few", "3 to 10 days in Arabic.", { max: lengths.label, placeholders: ["n"], optional: true }),
          many: text("Many", "11 to 99 days in Arabic.", {
            max: lengths.label,
            placeholders: ["n"],
            optional: true,
          }),
          other: text("Other", "Any other number of days.", { max: lengths.label, placeholders: ["n"] }),
        },
      },
      sections: {
        kind: "list",
        label: "Sections",
        max: 8,
        hint: "The notice's sections, in the order shown: who is responsible, what is collected, why and on what basis, who receives it, where it is kept, for how long, your rights.",
        mustUse: [...PRIVACY_FACTS],
        of: {
          kind: "group",
          label: "Section",
          hint: "One section of the notice.",
          fields: {
            title: text("Title", "The section heading."),
            text: paragraphs(
              "Text",
              "The section text. Leave a blank line between paragraphs. The site fills in: {company} the company name; {legalName}, {legalForm}, {licence}, {address} and {privacyEmail} from Controller and Privacy contact above; {email} the sales address; {days} how long the mail service keeps an enquiry; {wayOut} what carries the e-mail to the inbox, {databaseRegion} where the database is kept, {restoreDays} how long a deleted enquiry can be restored, {spamDays} how long one held as possible spam is kept and {siteHost} who hosts the site (all from the deployment's settings); {mailbox} the mailbox provider above. Each of these but {company} and {email} must appear somewhere in the notice.",
              { max: lengths.section, placeholders: ["company", "email", ...PRIVACY_FACTS] },
            ),
          },
        },
      },
      lastChanged: text(
        "Last changed",
        "The date the notice was last changed, year-month-day: change it with the notice.",
        {
          format: "date",
        },
      ),
      lastChangedLine: text("Last changed line", "The line under the notice: {date} becomes the date above.", {
        placeholders: ["date"],
      }),
    },
  },
  {
    file: "services.yaml",
    page: "/service",
    label: "Services",
    hint: "The service cards on the Service page.",
    fields: {
      services: {
        kind: "list",
        label: "Services",
        max: 24,
        hint: "One card per service, in the order shown, up to 24.",
        of: {
          kind: "group",
          label: "Service",
          hint: "One service card.",
          fields: {
            title: text("Title", "The name of the service."),
            text: paragraphs("Text", "What the service covers, in two or three sentences."),
            icon: { kind: "icon", label: "Icon", hint: "The icon shown on the card." },
          },
        },
      },
    },
  },
  {
    file: "industries.yaml",
    page: "/contact",
    label: "Industries",
    hint: "The choices of the enquiry form's industry list.",
    fields: {
      industries: {
        kind: "list",
        label: "Industries",
        max: 40,
        hint: "Shown in this order on English pages; on Arabic pages, in Arabic alphabetical order, the last entry (Others) staying last.",
        of: text("Industry", "One choice of the list."),
      },
    },
  },
  {
    file: "image-row.yaml",
    page: "/",
    label: "Image row",
    hint: "The row of pictures at the bottom of every page.",
    fields: {
      images: {
        kind: "list",
        label: "Pictures",
        max: 16,
        hint: "The pictures of the row, in order (eight fit best).",
        of: {
          kind: "group",
          label: "Picture",
          hint: "One picture of the row.",
          fields: {
            image: { kind: "image", label: "Picture", hint: "A landscape picture (at least 800 × 600 pixels)." },
            alt: text("Description", "Describes the picture for visitors who cannot see it."),
          },
        },
      },
    },
  },
  {
    file: "partners.yaml",
    page: "/",
    label: "Partners",
    hint: "The partner logos on the home page.",
    fields: {
      heading: text("Heading", "Heading above the partner logos."),
      partners: {
        kind: "list",
        label: "Partners",
        max: 24,
        hint: "One logo per partner, in order.",
        of: {
          kind: "group",
          label: "Partner",
          hint: "One partner.",
          fields: {
            name: text("Name", "The partner's name."),
            logo: { kind: "image", label: "Logo", hint: "The partner's logo, on a transparent or white background." },
            alt: text("Description", "Describes the logo for visitors who cannot see it, usually the partner's name."),
          },
        },
      },
    },
  },
  {
    file: "enquiry-form.yaml",
    page: "/contact",
    label: "Enquiry form",
    hint: "The labels and messages of the enquiry form on the Contact page and in the availability popup.",
    fields: {
      industryLabel: text("Industry label", "Label of the industry drop-down.", { max: lengths.label }),
      industryPlaceholder: text("Industry placeholder", "The first, empty choice of the industry drop-down.", {
        max: lengths.label,
      }),
      nameLabel: text("Name label", "Label of the name field.", { max: lengths.label }),
      emailLabel: text("E-mail label", "Label of the e-mail field.", { max: lengths.label }),
      phoneLabel: text("Phone label", "Label of the mobile number field.", { max: lengths.label }),
      companyNameLabel: text("Company name label", "Label of the company name field.", { max: lengths.label }),
      messageLabel: text("Message label", "Label of the large text field.", { max: lengths.label }),
      submitLabel: text("Button text", "The text of the send button.", { max: lengths.label }),
      sendingLabel: text("Button text while sending", "The text of the send button while the enquiry is on its way.", {
        max: lengths.label,
      }),
      successMessage: paragraphs(
        "Thank-you message",
        "Replaces the form once the enquiry is sent. {company} becomes the company name.",
        { placeholders: ["company"] },
      ),
      failureMessage: paragraphs("Failure message", "Replaces the form if the enquiry could not be sent."),
      noScriptMessage: paragraphs(
        "Message without JavaScript",
        "Shown instead of the form in browsers with JavaScript off, followed by the phone numbers and e-mail address.",
        { max: lengths.description },
      ),
      notSentYetMessage: paragraphs(
        "Message while the page is still loading",
        "Shown under the form when Send was pressed but the page's scripts have not arrived after a few seconds (a slow or blocked connection), followed by the phone numbers, the e-mail address and the chat link. What the visitor typed stays in the form.",
        { max: lengths.description },
      ),
      trapLabel: text(
        "Label of the field to leave empty",
        "The label of a field hidden from visitors, which only robots fill (a filled one holds the enquiry for review); read only by whoever meets it anyway, so it asks them to leave it empty.",
        { max: lengths.label },
      ),
      privacyLinkLabel: text(
        "Privacy link",
        "The link to the privacy notice under the send button: what happens to what the visitor sends.",
        { max: lengths.label },
      ),
      popupTitle: text("Popup title", "Title of the check-availability popup that wraps the form.", {
        max: lengths.heading,
      }),
      checkAvailabilityLabel: text(
        "Check availability button",
        "Under each service card and at the end of the About page: opens the popup with the form.",
        { max: lengths.label },
      ),
      popupCloseLabel: text("Popup close button", "Read out by screen readers for the popup's close button.", {
        max: lengths.label,
      }),
    },
  },
];

/** GraphQL type name of a collection's content in one language (SlidesYaml), the node the pages query. */
export function typeNameOf(file: string): string {
  const base = file.replace(/\.ya?ml$/, "");
  return `${pascalCase(base)}Yaml`;
}

/** GraphQL type name of a collection's file as gatsby-transformer-yaml reads it, both languages in one (SlidesYamlFile). */
export function fileTypeNameOf(file: string): string {
  return `${typeNameOf(file)}File`;
}

export function pascalCase(words: string): string {
  return words
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

/**
 * Whether a path inside the content folder (data/), as found there, is one of the collections' files: the only
 * YAML the site reads. Any other YAML there (a copy, a file saved into data/images/) is never sourced.
 */
export function isContentFile(relativePath: string): boolean {
  return collections.some(({ file }) => file === relativePath);
}
