import * as React from "react";
import { graphql } from "gatsby";
import { TemplateText } from "./template-text";
import { WholeWords } from "./whole-words";

interface AddressLinesProps {
  street: string;
  city: string;
  country: string;
  /** How the city and country are joined in the page's language, such as "{city}, {country}". */
  localityLine: string;
}

/** The office's address on two lines, for the footer and the contact panel. */
export function AddressLines({ street, city, country, localityLine }: AddressLinesProps) {
  return (
    <>
      <WholeWords text={street} />
      <br />
      <TemplateText template={localityLine} values={{ city, country }} />
    </>
  );
}

/** The office's address, as the footer, the contact panel and the structured data read it. */
export const addressLinesFragment = graphql`
  fragment AddressLines on ContactYaml {
    street
    city
    country
    localityLine
  }
`;
