import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { ImageRow } from "../components/image-row";
import { PartnerLogos } from "../components/partner-logos";
import { Seo } from "../components/seo";
import { Slideshow } from "../components/slideshow";
import { WhyUs } from "../components/why-us";
import { required } from "../lib/required";

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const page = required(data.pagesYaml, "data/pages.yaml").home;
  return (
    <>
      <Seo title={page.title} description={page.description} path="/" />
      <Slideshow
        heading={page.heading}
        action={{ label: page.actionLabel, path: page.actionPath }}
        content={required(data.slidesYaml, "data/slides.yaml")}
      />
      <WhyUs content={required(data.whyUsYaml, "data/why-us.yaml")} />
      <PartnerLogos content={required(data.partnersYaml, "data/partners.yaml")} />
      <ImageRow content={required(data.imageRowYaml, "data/image-row.yaml")} />
    </>
  );
}

export const query = graphql`
  query HomePage($language: String!) {
    pagesYaml(language: { eq: $language }) {
      home {
        title
        description
        heading
        actionLabel
        actionPath
      }
    }
    slidesYaml(language: { eq: $language }) {
      ...Slideshow
    }
    whyUsYaml(language: { eq: $language }) {
      ...WhyUs
    }
    partnersYaml(language: { eq: $language }) {
      ...PartnerLogos
    }
    imageRowYaml(language: { eq: $language }) {
      ...ImageRow
    }
  }
`;
