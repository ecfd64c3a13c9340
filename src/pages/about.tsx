import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { AboutSections } from "../components/about-sections";
import { ImageRow } from "../components/image-row";
import { PageHeader } from "../components/page-header";
import { Seo } from "../components/seo";
import { required } from "../lib/required";

export default function AboutPage({ data }: PageProps<Queries.AboutPageQuery>) {
  const page = required(data.pagesYaml, "data/pages.yaml").about;
  return (
    <>
      <Seo title={page.title} description={page.description} path="/about" />
      <PageHeader heading={page.heading} />
      <AboutSections
        content={required(data.aboutYaml, "data/about.yaml")}
        availabilityLabel={required(data.enquiryFormYaml, "data/enquiry-form.yaml").checkAvailabilityLabel}
      />
      <ImageRow content={required(data.imageRowYaml, "data/image-row.yaml")} />
    </>
  );
}

export const query = graphql`
  query AboutPage($language: String!) {
    pagesYaml(language: { eq: $language }) {
      about {
        title
        description
        heading
      }
    }
    aboutYaml(language: { eq: $language }) {
      ...AboutSections
    }
    imageRowYaml(language: { eq: $language }) {
      ...ImageRow
    }
    enquiryFormYaml(language: { eq: $language }) {
      checkAvailabilityLabel
    }
  }
`;
