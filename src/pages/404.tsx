import * as React from "react";
import { graphql, Link, type PageProps } from "gatsby";
import { PageHeader } from "../components/page-header";
import { Seo } from "../components/seo";
import { required } from "../lib/required";

export default function NotFoundPage({ data }: PageProps<Queries.NotFoundPageQuery>) {
  const page = required(data.pagesYaml, "data/pages.yaml").notFound;
  return (
    <>
      <Seo title={page.title} description={page.description} noindex />
      <PageHeader heading={page.heading} intro={page.text}>
        <Link to="/">{page.linkLabel}</Link>
      </PageHeader>
    </>
  );
}

export const query = graphql`
  query NotFoundPage {
    pagesYaml {
      notFound {
        title
        description
        heading
        text
        linkLabel
      }
    }
  }
`;
