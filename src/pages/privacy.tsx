import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { ImageRow } from "../components/image-row";
import { PageHeader } from "../components/page-header";
import { PrivacySections } from "../components/privacy-sections";
import { Seo } from "../components/seo";
import { useLanguage } from "../hooks/use-language";
import { required } from "../lib/required";

export default function PrivacyPage({ data }: PageProps<Queries.PrivacyPageQuery>) {
  const { code } = useLanguage();
  const page = required(data.pagesYaml, "data/pages.yaml").privacy;
  const deployed = required(data.site?.siteMetadata, "gatsby-config.ts's siteMetadata");
  return (
    <>
      <Seo title={page.title} description={page.description} path="/privacy" />
      <PageHeader heading={page.heading} intro={page.intro} />
      <PrivacySections
        content={required(data.privacyYaml, "data/privacy.yaml")}
        companyName={required(data.siteYaml, "data/site.yaml").companyName}
        salesEmail={required(data.contactYaml, "data/contact.yaml").salesEmail}
        facts={{
          retentionDays: required(deployed.retentionDays, "siteMetadata.retentionDays"),
          spamRetentionDays: required(deployed.spamRetentionDays, "siteMetadata.spamRetentionDays"),
          wayOut: required(deployed.wayOut, "siteMetadata.wayOut"),
          restoreDays: required(deployed.restoreDays, "siteMetadata.restoreDays"),
          siteHost: required(deployed.siteHost, "siteMetadata.siteHost"),
          databaseRegion: required(
            deployed.databaseRegion?.find((region) => region?.language === code)?.name,
            "siteMetadata.databaseRegion",
          ),
        }}
      />
      <ImageRow content={required(data.imageRowYaml, "data/image-row.yaml")} />
    </>
  );
}

export const query = graphql`
  query PrivacyPage($language: String!) {
    pagesYaml(language: { eq: $language }) {
      privacy {
        title
        description
        heading
        intro
      }
    }
    privacyYaml(language: { eq: $language }) {
      ...PrivacySections
    }
    siteYaml(language: { eq: $language }) {
      companyName
    }
    contactYaml(language: { eq: $language }) {
      salesEmail
    }
    imageRowYaml(language: { eq: $language }) {
      ...ImageRow
    }
    site {
      siteMetadata {
        retentionDays
        spamRetentionDays
        wayOut
        restoreDays
        siteHost
        databaseRegion {
          language
          name
        }
      }
    }
  }
`;
