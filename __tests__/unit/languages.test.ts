/** @jest-environment node */
import { sitemapXml } from "../../plugins/site-finish/sitemap/sitemap";
import { localize } from "../../plugins/site-content/localize";
import { collections } from "../../plugins/site-content/model";
import { languages, localizedPath, parsePath } from "../../contract/src/languages";
import { pageRoutes } from "../../plugins/site-content/model";

test("every page has an address in every language, ending in a slash, and each address names its page and language", () => {
  expect(pageRoutes.map(({ path }) => localizedPath(path, "ar"))).toEqual([
    "/ar/",
    "/ar/about/",
    "/ar/service/",
    "/ar/contact/",
    "/ar/privacy/",
  ]);
  expect(pageRoutes.map(({ path }) => localizedPath(path, "en"))).toEqual([
    "/",
    "/about/",
    "/service/",
    "/contact/",
    "/privacy/",
  ]);
  expect(localizedPath("/404.html", "ar")).toBe("/ar/404.html");
  expect(localizedPath("/about/", "ar")).toBe("/ar/about/");
  for (const { code } of languages) {
    for (const { path } of pageRoutes) {
      expect(parsePath(localizedPath(path, code))).toMatchObject({ language: { code }, route: path });
      // The form a person types reaches the same page.
      expect(parsePath(localizedPath(path, code).replace(/(.)\/$/, "$1"))).toMatchObject({
        language: { code },
        route: path,
      });
    }
  }
  expect(parsePath("/ar/no-such-page")).toMatchObject({ language: { code: "ar" }, route: "/no-such-page" });
  expect(parsePath("/arabic")).toMatchObject({ language: { code: "en" }, route: "/arabic" });
});

test("a language's content takes its texts from its own part and the shared pictures from the English one, entry by entry", () => {
  const slides = collections.find(({ file }) => file === "slides.yaml")?.fields ?? {};
  const english = {
    dotLabel: "Slide {number}",
    slides: [
      { headline: "One", image: "./images/1.jpg" },
      { headline: "Two", image: "./images/2.jpg" },
    ],
  };
  const arabic = { dotLabel: "الشريحة {number}", slides: [{ headline: "واحد" }, { headline: "اثنان" }] };
  expect(localize(slides, english, arabic)).toMatchObject({
    dotLabel: "الشريحة {number}",
    slides: [
      { headline: "واحد", image: "./images/1.jpg" },
      { headline: "اثنان", image: "./images/2.jpg" },
    ],
  });
  expect(localize(slides, english, english)).toMatchObject(english);
});

test("the sitemap lists each page in each language with its alternates, and no not-found page", () => {
  const xml = sitemapXml("https://www.example.com/", [
    "/",
    "/about/",
    "/404/",
    "/404.html",
    "/ar/",
    "/ar/about/",
    "/ar/404/",
    "/ar/404.html",
  ]);
  expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
    "https://www.example.com/",
    "https://www.example.com/about/",
    "https://www.example.com/ar/",
    "https://www.example.com/ar/about/",
  ]);
  const aboutInArabic = xml.slice(xml.indexOf("<loc>https://www.example.com/ar/about/</loc>"));
  expect(aboutInArabic).toContain('hreflang="en" href="https://www.example.com/about/"');
  expect(aboutInArabic).toContain('hreflang="ar" href="https://www.example.com/ar/about/"');
  expect(aboutInArabic).toContain('hreflang="x-default" href="https://www.example.com/about/"');
});
