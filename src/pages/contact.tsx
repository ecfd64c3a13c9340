import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { ContactDetails } from "../components/contact-details";
import { EnquiryForm } from "../components/enquiry-form";
import { ImageRow } from "../components/image-row";
import { PageHeader } from "../components/page-header";
import { Seo } from "../components/seo";
import { SplitSection } from "../components/split-section";
import { useEnquiryFormContent } from "../hooks/use-enquiry-form-content";
import { required } from "../lib/required";

export default function ContactPage({ data }: PageProps<Queries.ContactPageQuery>) {
  const page = required(data.pagesYaml, "data/pages.yaml").contact;
  return (
    <>
      <Seo title={page.title} description={page.description} path="/contact" />
      <PageHeader heading={page.heading} intro={page.intro} />
      <SplitSection aside={<ContactDetails contact={required(data.contactYaml, "data/contact.yaml")} />}>
        <EnquiryForm {...useEnquiryFormContent()} />
      </SplitSection>
      <ImageRow content={required(data.imageRowYaml, "data/image-row.yaml")} />
    </>
  );
}

export const query = graphql`
  query ContactPage($language: String!) {
    pagesYaml(language: { eq: $language }) {
      contact {
        title
        description
        heading
        intro
      }
    }
    contactYaml(language: { eq: $language }) {
      ...ContactDetails
    }
    imageRowYaml(language: { eq: $language }) {
      ...ImageRow
    }
  }
`;
