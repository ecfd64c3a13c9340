import { graphql, useStaticQuery } from "gatsby";
import { required } from "../lib/required";

/** The content of the page chrome (navigation, footer, chat link), shared by every page. */
export function useSiteContent() {
  const data = useStaticQuery<Queries.SiteContentQuery>(graphql`
    query SiteContent {
      siteYaml {
        companyName
        blurb
        skipLink
        menuLabel
        navigation {
          label
          path
        }
        quickLinksHeading
        contactHeading
        copyright
        designerCredit
        designerUrl
      }
      contactYaml {
        street
        city
        country
        phones
        salesEmail
        chatUrl
        chatLabel
      }
      pagesYaml {
        errorHeading
      }
      site {
        buildYear: buildTime(formatString: "YYYY")
      }
    }
  `);
  return {
    site: required(data.siteYaml, "data/site.yaml"),
    contact: required(data.contactYaml, "data/contact.yaml"),
    errorHeading: required(data.pagesYaml, "data/pages.yaml").errorHeading,
    buildYear: Number(data.site?.buildYear),
  };
}
