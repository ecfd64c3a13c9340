import * as React from "react";
import { render, waitFor } from "@testing-library/react";
import { setStaticQueryData } from "../support/gatsby-mock";
import { Seo } from "../../src/components/seo";
import { LanguageProvider } from "../../src/hooks/use-language";
import { content, contents, staticQueryData } from "../support/content";

const { companyName: company, siteUrl } = content.siteYaml;

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute("content");

beforeEach(() => {
  setStaticQueryData(staticQueryData());
});

test("sets the title, description, canonical URL, sharing tags and language", async () => {
  render(<Seo title="About Us" description="Who we are." path="/about" />);

  await waitFor(() => expect(document.title).toBe(`About Us | ${company}`));
  expect(document.documentElement).toHaveAttribute("lang", "en");
  expect(meta('meta[name="description"]')).toBe("Who we are.");
  expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute("href", `${siteUrl}/about/`);
  expect(meta('meta[property="og:title"]')).toBe(`About Us | ${company}`);
  expect(meta('meta[property="og:description"]')).toBe("Who we are.");
  expect(meta('meta[property="og:url"]')).toBe(`${siteUrl}/about/`);
  expect(meta('meta[property="og:image"]')).toBe(`${siteUrl}/static/0a1b2c/share.jpg`);
  expect(meta('meta[name="twitter:card"]')).toBe("summary_large_image");
  expect(meta('meta[name="twitter:image"]')).toBe(`${siteUrl}/static/0a1b2c/share.jpg`);
  expect(meta('meta[property="og:image:alt"]')).toBe(content.siteYaml.socialImageAlt);
  expect(meta('meta[name="twitter:image:alt"]')).toBe(content.siteYaml.socialImageAlt);
  expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
});

test("describes the business as structured data: address, phones, e-mail, the country it serves", async () => {
  render(<Seo title="Home" description="IT support." path="/" />);

  await waitFor(() => expect(document.head.querySelector('script[type="application/ld+json"]')).not.toBeNull());
  const data = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? "{}");
  const contact = content.contactYaml;
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: company,
    url: `${siteUrl}/`,
    email: contact.salesEmail,
    telephone: contact.phones.map((phone) => phone.number),
    address: {
      "@type": "PostalAddress",
      streetAddress: contact.street,
      addressLocality: contact.city,
      addressCountry: contact.country,
    },
    areaServed: { "@type": "Country", name: contact.country },
  });
});

test("the tab's and the home screen's icons are the company's logo, or the site's network icon without one", async () => {
  const icon = () => document.head.querySelector('link[rel="icon"]');
  const homeScreen = () => document.head.querySelector('link[rel="apple-touch-icon"]');
  const withLogo = (logo: string | null) =>
    Object.fromEntries(
      Object.entries(contents).map(([code, part]) => [code, { ...part, siteYaml: { ...part.siteYaml, logo } }]),
    ) as typeof contents;

  setStaticQueryData(staticQueryData(withLogo("./images/logo.png")));
  const { unmount } = render(<Seo title="Home" description="IT support." path="/" />);
  await waitFor(() => expect(icon()).toHaveAttribute("href", "/static/3c4d5e/logo-48.png"));
  expect(icon()).toHaveAttribute("type", "image/png");
  expect(homeScreen()).toHaveAttribute("href", "/static/3c4d5e/logo-180.png");
  unmount();

  setStaticQueryData(staticQueryData(withLogo(null)));
  render(<Seo title="Home" description="IT support." path="/" />);
  await waitFor(() => expect(icon()).toHaveAttribute("href", "/favicon.png"));
  expect(homeScreen()).toBeNull();
});

test("the company's colours from data/ are put over the site's own, and nothing when it gives none", async () => {
  const withColours = (mainColour: string | null, accentColour: string | null) =>
    Object.fromEntries(
      Object.entries(contents).map(([code, part]) => [
        code,
        { ...part, siteYaml: { ...part.siteYaml, mainColour, accentColour } },
      ]),
    ) as typeof contents;
  const brand = () =>
    [...document.head.querySelectorAll("style")].find((style) => style.textContent?.includes(":root"));

  setStaticQueryData(staticQueryData(withColours("#3b1d0a", "#f0a830")));
  const { unmount } = render(<Seo title="Home" description="IT support." path="/" />);
  await waitFor(() => expect(brand()?.textContent).toContain("--color-navy:#3b1d0a;"));
  expect(brand()?.textContent).toContain("--color-accent:#f0a830;");
  unmount();

  setStaticQueryData(staticQueryData(withColours(null, null)));
  render(<Seo title="Home" description="IT support." path="/" />);
  await waitFor(() => expect(document.title).toBe(`Home | ${company}`));
  await waitFor(() => expect(brand()).toBeUndefined());
});

test("a page kept out of search engines has noindex and no canonical URL", async () => {
  render(<Seo title="Page not found" description="Nothing here." noindex />);

  await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex"));
  expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
});

test("an Arabic page reads right to left and names its English twin, and the English page its Arabic one", async () => {
  const arabic = contents.ar;
  render(
    <LanguageProvider code="ar">
      <Seo title="من نحن" description="نبذة." path="/about" />
    </LanguageProvider>,
  );
  await waitFor(() => expect(document.documentElement).toHaveAttribute("dir", "rtl"));
  expect(document.documentElement).toHaveAttribute("lang", "ar");
  expect(document.title).toBe(`من نحن | ${arabic.siteYaml.companyName}`);
  expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute("href", `${siteUrl}/ar/about/`);
  const alternates = Array.from(document.head.querySelectorAll('link[rel="alternate"]'), (link) => [
    link.getAttribute("hreflang"),
    link.getAttribute("href"),
  ]);
  expect(alternates).toEqual([
    ["en", `${siteUrl}/about/`],
    ["ar", `${siteUrl}/ar/about/`],
    ["x-default", `${siteUrl}/about/`],
  ]);
  expect(meta('meta[property="og:locale"]')).toBe("ar_AE");
  expect(meta('meta[property="og:locale:alternate"]')).toBe("en_AE");
  expect(meta('meta[property="og:image:alt"]')).toBe(arabic.siteYaml.socialImageAlt);
  const data = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? "{}");
  expect(data).toMatchObject({
    inLanguage: "ar",
    name: arabic.siteYaml.companyName,
    url: `${siteUrl}/ar/`,
    address: { streetAddress: arabic.contactYaml.street, addressLocality: arabic.contactYaml.city },
  });
});
