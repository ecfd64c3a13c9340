/**
 * What the mail service counts an enquiry under in its monthly report (mail-service/src/core/figures.ts): the
 * site's pages and industries by name, anything else a visitor could post as "other", and the delivery times'
 * median and 95th percentile.
 */
import { SITE_ROUTES } from "../../contract/src/pages";
import { languages, localizedPath } from "../../contract/src/languages";
import { intakeFacets, monthFigures } from "mail-service/figures";
import { content } from "../support/content";

const industries = new Set(content.industriesYaml.industries);
const site = "https://www.example.com";
const facets = (page: string | null, industry: string, spamSignals: string[] = []) =>
  Object.fromEntries(intakeFacets({ page, industry, spamSignals }, industries));

test("an enquiry from one of the site's pages counts under that page, its language and its industry", () => {
  for (const language of languages)
    for (const route of SITE_ROUTES) {
      const address = localizedPath(route, language.code);
      for (const industry of industries)
        expect(facets(`${site}${address}`, industry)).toEqual({
          total: "",
          language: language.code,
          page: localizedPath(route, "en"),
          industry,
        });
    }
});

test("a page or industry the site does not have is counted as other, never as what was posted", () => {
  expect(facets(`${site}/wp-login.php`, "Anything at all <b>")).toMatchObject({
    language: "other",
    page: "other",
    industry: "other",
  });
  expect(facets(`${site}/ar/made-up/`, "aviation")).toMatchObject({ page: "other", industry: "other" });
  expect(facets(null, "")).toMatchObject({ language: "", page: "", industry: "" });
  expect(facets(`${site}/`, "", ["markup in message"])).toMatchObject({ spam: "marked" });
});

test("the delivery times' median and 95th percentile are the nearest-rank values of the month", () => {
  const times = [
    { month: "2026-10", seconds: 1, count: 10 },
    { month: "2026-10", seconds: 2, count: 8 },
    { month: "2026-10", seconds: 30, count: 2 },
    { month: "2026-11", seconds: 4, count: 1 },
  ];
  const [october, november, december] = monthFigures("2026-10", "2026-12", [], times);
  expect(october?.deliverySeconds).toEqual({ median: 1, p95: 30 });
  expect(november?.deliverySeconds).toEqual({ median: 4, p95: 4 });
  expect(december?.deliverySeconds).toBeNull();
});
