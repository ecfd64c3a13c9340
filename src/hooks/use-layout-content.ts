import { graphql, useStaticQuery } from "gatsby";
import { useInLanguage } from "./use-language";

/** The content of the page chrome (navigation, footer, chat link), shared by every page, in the page's language. */
export function useLayoutContent() {
  const data = useStaticQuery<Queries.LayoutContentQuery>(graphql`
    query LayoutContent {
      allSiteYaml {
        nodes {
          language
          companyName
          blurb
          skipLink
          menuLabel
          languageLinkLabel
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
      }
      allContactYaml {
        nodes {
          language
          street
          city
          country
          localityLine
          phones {
            number
            label
          }
          salesEmail
          chatUrl
          chatLabel
        }
      }
      allPagesYaml {
        nodes {
          language
          errorHeading
          privacy {
            linkLabel
          }
        }
      }
      site {
        buildYear: buildTime(formatString: "YYYY")
      }
    }
  `);
  const pages = useInLanguage(data.allPagesYaml.nodes, "data/pages.yaml");
  return {
    site: useInLanguage(data.allSiteYaml.nodes, "data/site.yaml"),
    contact: useInLanguage(data.allContactYaml.nodes, "data/contact.yaml"),
    errorHeading: pages.errorHeading,
    privacyLinkLabel: pages.privacy.linkLabel,
    buildYear: Number(data.site?.buildYear),
  };
}
