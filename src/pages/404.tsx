import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { PageHeader } from "../components/page-header";
import { PageLinks } from "../components/page-links";
import { Seo } from "../components/seo";
import { required } from "../lib/required";

export default function NotFoundPage({ data }: PageProps<Queries.NotFoundPageQuery>) {
  const page = required(data.pagesYaml, "data/pages.yaml").notFound;
  const site = required(data.siteYaml, "data/site.yaml");
  return (
    <>
      <Seo title={page.title} description={page.description} noindex />
      <PageHeader heading={page.heading} intro={page.text}>
        <PageLinks links={site.navigation} homeLabel={page.linkLabel} />
      </PageHeader>
    </>
  );
}

export const query = graphql`
  query NotFoundPage($language: String!) {
    pagesYaml(language: { eq: $language }) {
      notFound {
        title
        description
        heading
        text
        linkLabel
      }
    }
    siteYaml(language: { eq: $language }) {
      navigation {
        label
        path
      }
    }
  }
`;
