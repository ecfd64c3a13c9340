/**
 * The project's own script of the editor's page (/admin/editor.js), loaded
 * after Decap's bundle and before Decap reads its configuration: each content
 * file is saved in place, as it was written; fields written once, in English,
 * show no empty control in the Arabic column; a line at the top says where
 * the latest published change stands.
 */
import "./editor.css";
import { startPublishStatus } from "./publish-status";
import { hideSharedFieldsInTranslations } from "./shared-fields";
import { registerYamlFormats } from "./yaml-format";

registerYamlFormats(window.CMS);
hideSharedFieldsInTranslations(window.CMS, window.createClass as (spec: Record<string, unknown>) => unknown, window.h);
startPublishStatus(window.CMS);
