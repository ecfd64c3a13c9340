/**
 * The project's own script of the editor's page (/admin/editor.js), loaded
 * before Decap's bundle: it chooses the language of the editor's own words
 * and puts the page in it at once, then, once Decap's bundle and the previews
 * have loaded, gives Decap the site's ways and starts it: each content file
 * saved in place, as it was written; the language columns (values in their
 * own language and direction, fields written once in English left out of the
 * others, pictures shown); Decap's words in Arabic; the company's bar; a
 * line that says where the latest published change stands; pictures
 * uploaded without the private details their files carry; and the brand
 * colours checked as they are typed.
 */
import "./editor.css";
import { registerColourField } from "./colour-field";
import { wrapWidgetsForColumns } from "./columns";
import { showCompanyBar } from "./company-bar";
import { registerEditorWords } from "./decap-words";
import { editorLanguage, markPage } from "./interface-language";
import { cleanPictureUploads } from "./picture-uploads";
import { startPublishStatus } from "./publish-status";
import { registerYamlFormats } from "./yaml-format";

// Decap starts when its bundle loads unless told not to: it starts below, once the site's ways are registered.
window.CMS_MANUAL_INIT = true;
const language = editorLanguage();
markPage(language);
cleanPictureUploads();

document.addEventListener("DOMContentLoaded", () => {
  const cms = window.CMS;
  registerEditorWords(cms);
  registerYamlFormats(cms);
  const createClass = window.createClass as (spec: Record<string, unknown>) => unknown;
  registerColourField(cms, createClass, window.h, language);
  wrapWidgetsForColumns(cms, createClass, window.h);
  showCompanyBar(language);
  startPublishStatus(cms, language);
  cms.init();
});
