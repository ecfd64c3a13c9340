import * as React from "react";
import { graphql } from "gatsby";
import { Picture } from "./picture";
import * as styles from "./partner-logos.module.css";

interface PartnerLogosProps {
  content: Queries.PartnerLogosFragment;
}

export function PartnerLogos({ content }: PartnerLogosProps) {
  return (
    <section className={styles.partners} aria-labelledby="partners-heading">
      <h2 id="partners-heading" className={styles.heading}>
        {content.heading}
      </h2>
      <ul className={styles.logos}>
        {content.partners.map((partner) => (
          <li key={partner.name} className={styles.logo}>
            {partner.logo.childImageSharp && (
              <Picture image={partner.logo.childImageSharp.gatsbyImageData} alt={partner.alt} sizes="15rem" />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const partnerLogosFragment = graphql`
  fragment PartnerLogos on PartnersYaml {
    heading
    partners {
      name
      alt
      logo {
        childImageSharp {
          gatsbyImageData(width: 240, placeholder: NONE)
        }
      }
    }
  }
`;
