import * as React from "react";
import { render, waitFor } from "@testing-library/react";
import { setStaticQueryData } from "../support/gatsby-mock";
import { Seo } from "../../src/components/seo";
import { loadContent } from "../support/content";

const content = loadContent();
const company = String(content.siteYaml?.companyName);
const siteUrl = String(content.siteYaml?.siteUrl);

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute("content");

beforeEach(() => {
  setStaticQueryData(content);
});

test("sets the title, description, canonical URL, sharing tags and language", async () => {
  render(<Seo title="About Us" description="Who we are." path="/about" />);

  await waitFor(() => expect(document.title).toBe(`About Us | ${company}`));
  expect(document.documentElement).toHaveAttribute("lang", "en");
  expect(meta('meta[name="description"]')).toBe("Who we are.");
  expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute("href", `${siteUrl}/about`);
  expect(meta('meta[property="og:title"]')).toBe(`About Us | ${company}`);
  expect(meta('meta[property="og:description"]')).toBe("Who we are.");
  expect(meta('meta[property="og:url"]')).toBe(`${siteUrl}/about`);
  expect(meta('meta[property="og:image"]')).toBe(`${siteUrl}/static/social-card.jpg`);
  expect(meta('meta[name="twitter:card"]')).toBe("summary_large_image");
  expect(meta('meta[name="twitter:image"]')).toBe(`${siteUrl}/static/social-card.jpg`);
  expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
});

test("describes the business as structured data: Dubai address, phones, e-mail, serving the UAE", async () => {
  render(<Seo title="Home" description="IT support." path="/" />);

  await waitFor(() => expect(document.head.querySelector('script[type="application/ld+json"]')).not.toBeNull());
  const data = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? "{}");
  const contact = content.contactYaml as { phones: string[]; salesEmail: string; street: string };
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: company,
    url: `${siteUrl}/`,
    email: contact.salesEmail,
    telephone: contact.phones,
    address: {
      "@type": "PostalAddress",
      streetAddress: contact.street,
      addressLocality: "Dubai",
      addressCountry: "United Arab Emirates",
    },
    areaServed: { "@type": "Country", name: "United Arab Emirates" },
  });
});

test("a page kept out of search engines has noindex and no canonical URL", async () => {
  render(<Seo title="Page not found" description="Nothing here." noindex />);

  await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex"));
  expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
});
