/**
 * The site's pages, by their route (src/pages/, one file each; /about is published at /about/ and /ar/about/, see
 * languages.ts). The content model gives each its texts (plugins/site-content/model.ts); the mail service counts an
 * enquiry under the page it was sent from only when it is one of these, and under "other" when it is not, so
 * nobody can write into the monthly report by posting a made-up address.
 */
export const SITE_ROUTES = ["/", "/about", "/service", "/contact", "/privacy"] as const;

export type SiteRoute = (typeof SITE_ROUTES)[number];
