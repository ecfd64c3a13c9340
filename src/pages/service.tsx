import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { ImageRow } from "../components/image-row";
import { PageHeader } from "../components/page-header";
import { Seo } from "../components/seo";
import { ServiceList } from "../components/service-list";
import { required } from "../lib/required";

export default function ServicePage({ data }: PageProps<Queries.ServicePageQuery>) {
  const page = required(data.pagesYaml, "data/pages.yaml").service;
  return (
    <>
      <Seo title={page.title} description={page.description} path="/service" />
      <PageHeader heading={page.heading} intro={page.intro} />
      <ServiceList
        services={required(data.servicesYaml, "data/services.yaml").services}
        availabilityLabel={required(data.enquiryFormYaml, "data/enquiry-form.yaml").checkAvailabilityLabel}
      />
      <ImageRow content={required(data.imageRowYaml, "data/image-row.yaml")} />
    </>
  );
}

export const query = graphql`
  query ServicePage($language: String!) {
    pagesYaml(language: { eq: $language }) {
      service {
        title
        description
        heading
        intro
      }
    }
    servicesYaml(language: { eq: $language }) {
      services {
        ...ServiceCard
      }
    }
    imageRowYaml(language: { eq: $language }) {
      ...ImageRow
    }
    enquiryFormYaml(language: { eq: $language }) {
      checkAvailabilityLabel
    }
  }
`;
