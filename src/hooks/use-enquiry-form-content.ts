import { graphql, useStaticQuery } from "gatsby";
import { required } from "../lib/required";

/** Labels, messages and industry choices of the enquiry form, wherever the form appears. */
export function useEnquiryFormContent() {
  const data = useStaticQuery<Queries.EnquiryFormContentQuery>(graphql`
    query EnquiryFormContent {
      enquiryFormYaml {
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
        popupTitle
        popupCloseLabel
      }
      industriesYaml {
        industries
      }
      siteYaml {
        companyName
      }
      contactYaml {
        phones
        salesEmail
      }
    }
  `);
  return {
    labels: required(data.enquiryFormYaml, "data/enquiry-form.yaml"),
    industries: required(data.industriesYaml, "data/industries.yaml").industries,
    companyName: required(data.siteYaml, "data/site.yaml").companyName,
    contact: required(data.contactYaml, "data/contact.yaml"),
  };
}
