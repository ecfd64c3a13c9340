/**
 * The language of the editor's own words (Decap's buttons and states, the
 * files' and fields' names and help, the publishing line): the one the editor
 * chose with the switch in the company bar, else the browser's, Arabic where
 * the browser puts Arabic before English, else English. Chosen once, before
 * Decap starts: the page is then in that language and direction, and Decap
 * reads the configuration written in it.
 */
import { configAddress, EDITOR_LANGUAGES, type EditorLanguage } from "../cms-config";

/** Where the editor's choice is kept, in this browser. */
const CHOICE = "site-editor-language";

export function editorLanguage(): EditorLanguage {
  const chosen = storedChoice();
  if (chosen) return chosen;
  const preferred = (navigator.languages ?? [navigator.language]).find((tag) =>
    EDITOR_LANGUAGES.some((code) => tag.toLowerCase().split("-")[0] === code),
  );
  return EDITOR_LANGUAGES.find((code) => preferred?.toLowerCase().split("-")[0] === code) ?? EDITOR_LANGUAGES[0];
}

function storedChoice(): EditorLanguage | undefined {
  try {
    const stored = window.localStorage.getItem(CHOICE);
    return EDITOR_LANGUAGES.find((code) => code === stored);
  } catch {
    // Storage refused (a private window's settings): the browser's language is used.
    return undefined;
  }
}

/** Keeps the editor's choice and opens the editor again in it, where the editor was. */
export function chooseEditorLanguage(language: EditorLanguage): void {
  try {
    window.localStorage.setItem(CHOICE, language);
    window.location.reload();
  } catch {
    // Storage refused: the page cannot remember a choice, and stays in the browser's language.
  }
}

/** Puts the page in the language and direction of the editor's words, and points Decap to its configuration. */
export function markPage(language: EditorLanguage): void {
  document.documentElement.lang = language;
  document.documentElement.dir = language === "ar" ? "rtl" : "ltr";
  document.querySelector('link[rel="cms-config-url"]')?.setAttribute("href", configAddress(language));
}
