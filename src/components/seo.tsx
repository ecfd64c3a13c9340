import * as React from "react";
import { Helmet } from "react-helmet";
import { graphql, useStaticQuery } from "gatsby";
import { jsonForScript } from "../lib/json-for-script";
import { required } from "../lib/required";

interface SeoProps {
  title: string;
  description: string;
  /** The page's route, such as /about; omitted for pages that must not be indexed. */
  path?: string;
  noindex?: boolean;
}

/** The document head of every page: title, description, canonical URL, sharing tags and structured data. */
export function Seo({ title, description, path, noindex = false }: SeoProps) {
  const data = useStaticQuery<Queries.SeoQuery>(graphql`
    query Seo {
      siteYaml {
        companyName
        siteUrl
        socialImage {
          publicURL
        }
        socialImageAlt
      }
      contactYaml {
        street
        city
        country
        phones
        salesEmail
      }
    }
  `);
  const site = required(data.siteYaml, "data/site.yaml");
  const contact = required(data.contactYaml, "data/contact.yaml");
  const origin = site.siteUrl.replace(/\/+$/, "");
  const fullTitle = `${title} | ${site.companyName}`;
  const url = path === undefined ? undefined : `${origin}${path}`;
  const image = `${origin}${site.socialImage.publicURL ?? ""}`;

  const business = {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: site.companyName,
    url: `${origin}/`,
    image,
    description,
    email: contact.salesEmail,
    telephone: contact.phones,
    address: {
      "@type": "PostalAddress",
      streetAddress: contact.street,
      addressLocality: contact.city,
      addressCountry: contact.country,
    },
    areaServed: { "@type": "Country", name: contact.country },
  };

  return (
    <Helmet htmlAttributes={{ lang: "en" }}>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {url && <link rel="canonical" href={url} />}
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.companyName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={image} />
      <meta property="og:image:alt" content={site.socialImageAlt} />
      <meta property="og:locale" content="en_AE" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={site.socialImageAlt} />
      <script type="application/ld+json">{jsonForScript(business)}</script>
    </Helmet>
  );
}
