/**
 * The company's colours in the editor (site.yaml's mainColour and accentColour): a text box for the #rrggbb a
 * brand guide gives, checked as it is typed by the build's own rule and in its words (model.ts:
 * brandColourProblems, on src/lib/palette.ts), in the editor's language. Beside it, the two colours as the site
 * draws them (white and the accent on the main colour); under it, how the colour reads, or what fails and a button
 * that puts in the nearest colour that passes. A colour the build would refuse is not valid to Decap either, so it
 * is never saved, let alone published.
 */
import { COLOUR_WIDGET, type EditorLanguage } from "../cms-config";
import { brandColourProblems, colourMissing, colourButton } from "../../site-content/model";
import { modelArabic, paletteProblemArabic, readingArabic, colourButtonArabic } from "../../site-content/model-arabic";
import { COLOUR, pairReadings, paletteProblems, readingText, type BrandColours } from "../../../src/lib/palette";

type Create = (spec: Record<string, unknown>) => unknown;
type Element = (type: unknown, props: Record<string, unknown>, ...children: unknown[]) => unknown;

interface ImmutableMap {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
}

interface Props {
  value?: string;
  forID: string;
  classNameWrapper: string;
  entry: ImmutableMap;
  field: ImmutableMap;
  parentIds?: string[];
  onChange(value: string): void;
  setActiveStyle(): void;
  setInactiveStyle(): void;
}

interface Control {
  props: Props;
  forceUpdate(): void;
}

/** Which of the two colours each field holds. */
const FIELDS: Record<string, keyof BrandColours> = { mainColour: "main", accentColour: "accent" };

/**
 * The colour fields on the page, and what each holds as typed. What one field says turns on the other's colour, but
 * Decap draws a field again only when its own value changes: each field keeps its value here, and a change in one
 * draws the other again.
 */
const drawn = new Set<Control>();
const typed: Record<string, string> = {};

const nameOf = (props: Props) => props.field.get("name") as string;

/** The two colours: as typed in this editor, else as the entry held them when it opened. */
function colours(props: Props): Record<string, unknown> {
  const opened = Object.fromEntries(Object.keys(FIELDS).map((field) => [field, props.entry.getIn(["data", field])]));
  return { ...opened, ...typed, [nameOf(props)]: props.value ?? "" };
}

/** What the build's check says of this field, in the editor's language, and the colour it offers; or nothing. */
function check(props: Props, language: EditorLanguage): { message: string; nearest?: string } | undefined {
  const name = nameOf(props);
  const problem = brandColourProblems(colours(props)).find(({ field }) => field === name);
  if (!problem) return undefined;
  if (!problem.palette)
    return { message: language === "ar" ? (modelArabic[colourMissing] ?? colourMissing) : problem.message };
  const message = language === "ar" ? paletteProblemArabic(problem.palette) : problem.message;
  return { message, nearest: problem.palette.nearest };
}

/** How the colour reads beside its pairs, once both are valid colours. */
function readings(props: Props, language: EditorLanguage): string | undefined {
  const given = colours(props);
  const { mainColour: main, accentColour: accent } = given;
  if (typeof main !== "string" || typeof accent !== "string" || !COLOUR.test(main) || !COLOUR.test(accent))
    return undefined;
  const which = FIELDS[nameOf(props)] ?? "main";
  // The accent is held to the main colour the site would have once that passes: until it does, no reading for it.
  if (which === "accent" && paletteProblems({ main, accent }).some(({ colour }) => colour === "main")) return undefined;
  const own = pairReadings({ main, accent })[which];
  const said = own.map(language === "ar" ? readingArabic : readingText);
  return `${said.join(language === "ar" ? "؛ " : "; ")}.`.replace(/^./, (first) => first.toUpperCase());
}

export function registerColourField(
  cms: { registerWidget(name: string, control: unknown): void },
  createClass: Create,
  h: Element,
  language: EditorLanguage,
): void {
  cms.registerWidget(
    COLOUR_WIDGET,
    createClass({
      // Decap asks before it saves: a colour the build would refuse stops the save, with the build's words.
      isValid(this: Control) {
        const problem = check(this.props, language);
        return problem
          ? { error: { type: "CUSTOM", parentIds: this.props.parentIds, message: problem.message } }
          : true;
      },
      componentDidMount(this: Control) {
        typed[nameOf(this.props)] = this.props.value ?? "";
        drawn.add(this);
      },
      componentWillUnmount(this: Control) {
        delete typed[nameOf(this.props)];
        drawn.delete(this);
      },
      render(this: Control) {
        const { forID, classNameWrapper, value = "", setActiveStyle, setInactiveStyle } = this.props;
        const onChange = (colour: string) => {
          typed[nameOf(this.props)] = colour;
          this.props.onChange(colour);
          for (const other of drawn) if (other !== this) other.forceUpdate();
        };
        const given = colours(this.props);
        const problem = check(this.props, language);
        const shown = problem?.message ?? readings(this.props, language);
        const main = typeof given.mainColour === "string" && COLOUR.test(given.mainColour) ? given.mainColour : "";
        const accent =
          typeof given.accentColour === "string" && COLOUR.test(given.accentColour) ? given.accentColour : "";
        const said = `${forID}-reads`;
        return h(
          "div",
          { className: "colour-field" },
          h(
            "div",
            { className: "colour-field-row" },
            h("input", {
              id: forID,
              type: "text",
              className: classNameWrapper,
              value,
              dir: "ltr",
              spellCheck: false,
              autoComplete: "off",
              "aria-invalid": problem ? true : undefined,
              "aria-describedby": said,
              onChange: (event: { target: { value: string } }) => onChange(event.target.value),
              onFocus: setActiveStyle,
              onBlur: setInactiveStyle,
            }),
            // The pair as the site draws it; the words under it say the same for those who cannot see it.
            main &&
              h(
                "span",
                { className: "colour-field-swatch", "aria-hidden": true, style: { backgroundColor: main } },
                h("span", { style: { color: "#ffffff" } }, "Aa"),
                accent && h("span", { style: { color: accent } }, "Aa"),
              ),
          ),
          h(
            "p",
            { id: said, className: problem ? "colour-field-problem" : "colour-field-reads", "aria-live": "polite" },
            shown ?? "",
          ),
          problem?.nearest &&
            h(
              "button",
              { type: "button", className: "colour-field-use", onClick: () => onChange(problem.nearest ?? "") },
              language === "ar" ? colourButtonArabic(problem.nearest) : colourButton(problem.nearest),
            ),
        );
      },
    }),
  );
}
