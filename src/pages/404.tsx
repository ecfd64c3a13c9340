import * as React from "react";
import { graphql, Link, type PageProps } from "gatsby";
import { PageHeader } from "../components/page-header";
import { Seo } from "../components/seo";
import { useLanguage } from "../hooks/use-language";
import { required } from "../lib/required";

export default function NotFoundPage({ data }: PageProps<Queries.NotFoundPageQuery>) {
  const page = required(data.pagesYaml, "data/pages.yaml").notFound;
  const language = useLanguage();
  return (
    <>
      <Seo title={page.title} description={page.description} noindex />
      <PageHeader heading={page.heading} intro={page.text}>
        <Link to={language.path("/")}>{page.linkLabel}</Link>
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
  }
`;
