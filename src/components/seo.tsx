import * as React from "react";
import { Helmet } from "react-helmet";
import { graphql, useStaticQuery } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { useInLanguage, useLanguage } from "../hooks/use-language";
import { jsonForScript } from "../lib/json-for-script";
import { brandStyleSheet } from "../lib/palette";
import { defaultLanguage, languages, localizedPath } from "../../contract/src/languages";

interface SeoProps {
  title: string;
  description: string;
  /** The page's route whatever the language, such as /about; omitted for pages that must not be indexed. */
  path?: string;
  noindex?: boolean;
}

/**
 * The document head of every page, in the page's language: its language and
 * direction, title, description, canonical address and the same page's
 * address in every language (hreflang), sharing tags and structured data.
 */
export function Seo({ title, description, path, noindex = false }: SeoProps) {
  const data = useStaticQuery<Queries.SeoQuery>(graphql`
    query Seo {
      allSiteYaml {
        nodes {
          language
          companyName
          siteUrl
          socialImage {
            childImageSharp {
              # Made by the image pipeline like every other picture, never published as uploaded: the uploaded
              # file's EXIF, XMP and IPTC (GPS position, camera, author) stay behind.
              gatsbyImageData(layout: FIXED, width: 1200, height: 630, formats: [JPG], placeholder: NONE)
            }
          }
          socialImageAlt
          mainColour
          accentColour
          logo {
            childImageSharp {
              # The tab's icon, and the one a phone puts on its home screen (on white: iOS fills transparency black).
              tabIcon: gatsbyImageData(
                layout: FIXED
                width: 48
                height: 48
                formats: [PNG]
                outputPixelDensities: [1]
                placeholder: NONE
                backgroundColor: "transparent"
                transformOptions: { fit: CONTAIN }
              )
              homeScreenIcon: gatsbyImageData(
                layout: FIXED
                width: 180
                height: 180
                formats: [PNG]
                outputPixelDensities: [1]
                placeholder: NONE
                backgroundColor: "#ffffff"
                transformOptions: { fit: CONTAIN }
              )
            }
          }
        }
      }
      allContactYaml {
        nodes {
          language
          ...AddressLines
          ...ContactList
        }
      }
    }
  `);
  const language = useLanguage();
  const site = useInLanguage(data.allSiteYaml.nodes, "data/site.yaml");
  const contact = useInLanguage(data.allContactYaml.nodes, "data/contact.yaml");
  const origin = site.siteUrl.replace(/\/+$/, "");
  const fullTitle = `${title} | ${site.companyName}`;
  const addressIn = (code: (typeof languages)[number]["code"]) =>
    path === undefined ? undefined : `${origin}${localizedPath(path, code)}`;
  const url = addressIn(language.code);
  const sharing = site.socialImage.childImageSharp?.gatsbyImageData as IGatsbyImageData | undefined;
  const image = `${origin}${sharing?.images.fallback?.src ?? ""}`;
  // The company's colours over the site's own, when data/site.yaml gives them.
  const brand = brandStyleSheet(site);
  const icons = site.logo?.childImageSharp;
  const tabIcon = (icons?.tabIcon as IGatsbyImageData | undefined)?.images.fallback?.src ?? "/favicon.png";
  const homeScreenIcon = (icons?.homeScreenIcon as IGatsbyImageData | undefined)?.images.fallback?.src;

  const business = {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    inLanguage: language.code,
    name: site.companyName,
    url: `${origin}${language.path("/")}`,
    image,
    description,
    email: contact.salesEmail,
    telephone: contact.phones.map((phone) => phone.number),
    address: {
      "@type": "PostalAddress",
      streetAddress: contact.street,
      addressLocality: contact.city,
      addressCountry: contact.country,
    },
    areaServed: { "@type": "Country", name: contact.country },
  };

  return (
    <Helmet htmlAttributes={{ lang: language.code, dir: language.dir }}>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {/* A PNG, the logo or else the network icon, not an SVG: Chromium loads an SVG icon as a document on the page's own main thread, a 10-30 ms task while the page starts. */}
      {brand && <style>{brand}</style>}
      <link rel="icon" href={tabIcon} type="image/png" />
      {homeScreenIcon && <link rel="apple-touch-icon" href={homeScreenIcon} />}
      {url && <link rel="canonical" href={url} />}
      {url &&
        languages.map((other) => (
          <link key={other.code} rel="alternate" hrefLang={other.code} href={addressIn(other.code)} />
        ))}
      {url && <link rel="alternate" hrefLang="x-default" href={addressIn(defaultLanguage.code)} />}
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.companyName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={image} />
      {sharing && <meta property="og:image:width" content={String(sharing.width)} />}
      {sharing && <meta property="og:image:height" content={String(sharing.height)} />}
      <meta property="og:image:alt" content={site.socialImageAlt} />
      <meta property="og:locale" content={language.ogLocale} />
      {languages
        .filter((other) => other.code !== language.code)
        .map((other) => (
          <meta key={other.code} property="og:locale:alternate" content={other.ogLocale} />
        ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={site.socialImageAlt} />
      <script type="application/ld+json">{jsonForScript(business)}</script>
    </Helmet>
  );
}
