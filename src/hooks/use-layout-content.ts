import { graphql, useStaticQuery } from "gatsby";
import { languages } from "../../contract/src/languages";
import { useInLanguage } from "./use-language";

/** The content of the page chrome (navigation, footer, chat link), shared by every page, in the page's language. */
export function useLayoutContent() {
  const data = useStaticQuery<Queries.LayoutContentQuery>(graphql`
    query LayoutContent {
      allSiteYaml {
        nodes {
          language
          companyName
          logo {
            childImageSharp {
              # The mark's box in the top bar (nav-bar.module.css): a logo of any shape fits whole, on nothing.
              gatsbyImageData(
                layout: FIXED
                width: 36
                height: 36
                placeholder: NONE
                backgroundColor: "transparent"
                transformOptions: { fit: CONTAIN }
              )
            }
          }
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
          ...AddressLines
          ...ContactList
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
  const site = useInLanguage(data.allSiteYaml.nodes, "data/site.yaml");
  return {
    site,
    /** Every other language, named in its own words, for the links to this page in it. */
    otherLanguages: languages
      .filter(({ code }) => code !== site.language)
      .map(({ code }) => ({
        code,
        label: data.allSiteYaml.nodes.find((node) => node.language === code)?.languageLinkLabel ?? code,
      })),
    contact: useInLanguage(data.allContactYaml.nodes, "data/contact.yaml"),
    errorHeading: pages.errorHeading,
    privacyLinkLabel: pages.privacy.linkLabel,
    buildYear: Number(data.site?.buildYear),
  };
}
