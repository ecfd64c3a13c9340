/**
 * Whether the page in the browser is ready to use: the site marks its <html>
 * element in Gatsby's onInitialClientRender (gatsby-browser.tsx), once React
 * has hydrated the page, so clicks reach their handlers; and a part that loads
 * more once the page has (the slideshow's carousel, the popup an address asks for) marks itself
 * `data-pending` until it has. Run inside the page,
 * e.g. with Playwright's page.waitForFunction(siteReady); the browser tests
 * and the audit both wait on it. (Gatsby's own performance mark of the same
 * moment is invisible under a test's fake clock, which fakes `performance`.)
 * @returns {boolean}
 */
export function siteReady() {
  return document.documentElement.dataset.siteReady === "true" && document.querySelector("[data-pending]") === null;
}
