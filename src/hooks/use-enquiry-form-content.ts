import { graphql, useStaticQuery } from "gatsby";
import { defaultLanguage } from "../../contract/src/languages";
import { inReadingOrder } from "../lib/industry-order";
import { required } from "../lib/required";
import { useInLanguage, useLanguage } from "./use-language";

type FormContent = Queries.EnquiryFormContentQuery;

/** The form's texts, choices and the other ways to reach the company, in the page's language. */
export interface EnquiryFormContent {
  labels: FormContent["allEnquiryFormYaml"]["nodes"][number];
  /** Each industry as shown (`label`) and as sent (`value`). */
  industries: readonly { value: string; label: string }[];
  companyName: string;
  /** The other ways to reach the company: offered without JavaScript, and after a failed send. */
  contact: Pick<FormContent["allContactYaml"]["nodes"][number], "phones" | "salesEmail" | "chatUrl" | "chatPanelLink">;
}

/**
 * Labels, messages and industry choices of the enquiry form, wherever the form
 * appears, in the page's language. Each industry is offered in the page's
 * language but sent as its English name, so every enquiry reaches the mail
 * service with the same value for the same industry; in a translation, the
 * list is in that language's alphabetical order (lib/industry-order.ts).
 */
export function useEnquiryFormContent(): EnquiryFormContent {
  const data = useStaticQuery<Queries.EnquiryFormContentQuery>(graphql`
    query EnquiryFormContent {
      allEnquiryFormYaml {
        nodes {
          language
          industryLabel
          industryPlaceholder
          nameLabel
          emailLabel
          phoneLabel
          companyNameLabel
          messageLabel
          submitLabel
          sendingLabel
          successMessage
          failureMessage
          noScriptMessage
          notSentYetMessage
          trapLabel
          privacyLinkLabel
          popupTitle
          checkAvailabilityLabel
          popupCloseLabel
        }
      }
      allIndustriesYaml {
        nodes {
          language
          industries
        }
      }
      allSiteYaml {
        nodes {
          language
          companyName
        }
      }
      allContactYaml {
        nodes {
          language
          ...ContactList
          chatUrl
          chatPanelLink
        }
      }
    }
  `);
  const language = useLanguage();
  const names = useInLanguage(data.allIndustriesYaml.nodes, "data/industries.yaml").industries;
  const values = required(
    data.allIndustriesYaml.nodes.find((node) => node.language === defaultLanguage.code),
    "data/industries.yaml",
  ).industries;
  return {
    labels: useInLanguage(data.allEnquiryFormYaml.nodes, "data/enquiry-form.yaml"),
    industries: inReadingOrder(
      values.map((value, index) => ({ value, label: names[index] ?? value })),
      language,
    ),
    companyName: useInLanguage(data.allSiteYaml.nodes, "data/site.yaml").companyName,
    contact: useInLanguage(data.allContactYaml.nodes, "data/contact.yaml"),
  };
}
