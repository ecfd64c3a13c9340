/**
 * The bar at the top of the editor's page, above Decap's own (on the sign-in
 * page too): the company's mark and name, whose site this is, and the switch
 * between the editor's two languages, each named in its own words. The name
 * comes from data/site.yaml (editor-files.ts writes it beside the page), in
 * the editor's language; the mark is the company's logo from there too, or
 * the site's own icon without one.
 */
import { EDITOR_LANGUAGES, type EditorLanguage } from "../cms-config";
import { COMPANY_FILE, LOGO_FILE } from "../editor-addresses";
import { chooseEditorLanguage } from "./interface-language";

/** Each editor language's own name, on the switch that chooses it. */
const OWN_NAMES: Record<EditorLanguage, string> = { en: "English", ar: "العربية" };

/** What the editor is called after the company's name, in the page's title and the switch's description. */
const EDITOR_NAMES: Record<EditorLanguage, { title: string; switchTo: string }> = {
  en: { title: "Content editor", switchTo: "Show the editor in" },
  ar: { title: "محرّر المحتوى", switchTo: "عرض المحرّر باللغة" },
};

async function companyName(language: EditorLanguage): Promise<string | undefined> {
  try {
    const response = await fetch(COMPANY_FILE, { cache: "no-store" });
    if (!response.ok) return undefined;
    const names = (await response.json()) as Partial<Record<string, string>>;
    return names[language] ?? names[EDITOR_LANGUAGES[0]];
  } catch {
    return undefined;
  }
}

export function showCompanyBar(language: EditorLanguage): void {
  // Not a <header>: Decap draws its own, the page's one banner.
  const bar = document.createElement("div");
  bar.id = "editor-bar";
  const mark = document.createElement("img");
  mark.src = LOGO_FILE;
  mark.alt = "";
  mark.width = 32;
  mark.height = 32;
  const name = document.createElement("span");
  name.className = "editor-bar-name";
  name.textContent = EDITOR_NAMES[language].title;
  const switches = EDITOR_LANGUAGES.filter((code) => code !== language).map((code) => {
    const button = document.createElement("button");
    button.type = "button";
    button.lang = code;
    button.dir = code === "ar" ? "rtl" : "ltr";
    button.textContent = OWN_NAMES[code];
    // Read out in the page's language, with the language's own name: "Show the editor in العربية".
    button.setAttribute("aria-label", `${EDITOR_NAMES[language].switchTo} ${OWN_NAMES[code]}`);
    button.addEventListener("click", () => chooseEditorLanguage(code));
    return button;
  });
  bar.replaceChildren(mark, name, ...switches);
  document.body.prepend(bar);
  document.title = EDITOR_NAMES[language].title;
  void companyName(language).then((company) => {
    if (!company) return;
    name.textContent = company;
    document.title = `${EDITOR_NAMES[language].title} · ${company}`;
  });
}
