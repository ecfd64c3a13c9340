/**
 * Files of the editor under /admin/ that the build writes from data/ and `npm run edit` serves (editor-files.ts),
 * which the editor's page and previews load by these addresses.
 */

/** The company's name in each language, read before anyone signs in (editor/company-bar.ts). */
export const COMPANY_FILE = "/admin/company.json";

/** The company's logo at the editor bar's size, or the site's icon without one (editor/company-bar.ts). */
export const LOGO_FILE = "/admin/logo.png";

/** The company's colours over the site's own, for the editor's page and the previews (empty without them). */
export const BRAND_STYLES = "/admin/brand.css";
