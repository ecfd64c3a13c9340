import * as React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { AboutSections } from "../../../src/components/about-sections";
import { ChatLink } from "../../../src/components/chat-link";
import { ContactDetails } from "../../../src/components/contact-details";
import { EnquiryForm } from "../../../src/components/enquiry-form";
import { ImageRow } from "../../../src/components/image-row";
import { NavBar } from "../../../src/components/nav-bar";
import { PageHeader } from "../../../src/components/page-header";
import { PartnerLogos } from "../../../src/components/partner-logos";
import { PrivacySections, type MailServiceFacts } from "../../../src/components/privacy-sections";
import { ServiceList } from "../../../src/components/service-list";
import { SiteFooter } from "../../../src/components/site-footer";
import { Slideshow } from "../../../src/components/slideshow";
import { WhyUs } from "../../../src/components/why-us";
import { defaultLanguage, languages } from "../../../contract/src/languages";
import { pageRoutes } from "../../site-content/model";
import type { Content } from "../../site-content/yaml-types";

/**
 * One preview per file of data/, each drawn by the site's own components from
 * the entry being edited. A preview that shows content of another file as
 * well (the footer's contact details, the form's labels) names it in `needs`.
 */
type Files = {
  [Key in keyof Content as Key extends `${infer Name}Yaml` ? Name : never]: Content[Key];
};

interface PreviewInput<Name extends keyof Files> {
  data: Files[Name];
  files: Partial<Files>;
  /** The address the editor shows a picture of the entry at. */
  asset: (path: string) => string;
}

interface Preview<Name extends keyof Files> {
  /** The Decap collection (and file) name: the file's name without .yaml. */
  collection: string;
  needs: (keyof Files)[];
  render: (input: PreviewInput<Name>) => React.ReactElement;
}

/** A picture as the site's components take it, at the editor's address and the slot's proportions. */
function picture(src: string, width: number, height: number) {
  const gatsbyImageData: IGatsbyImageData = { layout: "constrained", width, height, images: { fallback: { src } } };
  return { childImageSharp: { gatsbyImageData } };
}

const home = { pathname: "/", hash: "" };

/** What the privacy notice states about the mail service, as the site's build reads it, in the preview's language. */
function previewFacts(): MailServiceFacts {
  const facts = JSON.parse(process.env.MAIL_SERVICE_FACTS ?? "{}") as Omit<MailServiceFacts, "databaseRegion"> & {
    databaseRegion: { language: string; name: string }[];
  };
  const region = facts.databaseRegion.find(({ language }) => language === defaultLanguage.code);
  return { ...facts, databaseRegion: region?.name ?? "" };
}

/** The form as the Contact page shows it, from the three files it draws on. */
function enquiryForm(files: Partial<Files>) {
  const { enquiryForm: labels, industries, site, contact } = files;
  if (!labels || !industries || !site || !contact) return <></>;
  return (
    <EnquiryForm
      labels={labels}
      industries={industries.industries.map((industry) => ({ value: industry, label: industry }))}
      companyName={site.companyName}
      contact={contact}
    />
  );
}

export const previews = {
  site: {
    collection: "site",
    needs: ["contact", "pages"],
    render: ({ data, files: { contact, pages } }) => (
      <>
        <NavBar
          companyName={data.companyName}
          menuLabel={data.menuLabel}
          // The preview shows the English entry; the other languages' own names are in their parts of the file.
          otherLanguages={languages
            .filter(({ code }) => code !== defaultLanguage.code)
            .map(({ code, name }) => ({ code, label: name }))}
          links={data.navigation}
          location={home}
        />
        {contact && (
          <SiteFooter
            site={data}
            contact={contact}
            privacyLinkLabel={pages?.privacy.linkLabel ?? ""}
            buildYear={new Date().getFullYear()}
          />
        )}
      </>
    ),
  },
  contact: {
    collection: "contact",
    needs: [],
    render: ({ data }) => (
      <>
        <ContactDetails contact={data} />
        <ChatLink url={data.chatUrl} label={data.chatLabel} />
      </>
    ),
  },
  pages: {
    collection: "pages",
    needs: [],
    render: ({ data }) => (
      <>
        {pageRoutes.map(({ content }) => {
          const page: { heading: string; intro?: string } = data[content];
          return <PageHeader key={content} heading={page.heading} intro={page.intro} />;
        })}
        <PageHeader heading={data.notFound.heading} intro={data.notFound.text} />
      </>
    ),
  },
  slides: {
    collection: "slides",
    needs: ["pages"],
    render: ({ data, files: { pages }, asset }) => (
      <Slideshow
        heading={pages?.home.heading ?? ""}
        action={{ label: pages?.home.actionLabel ?? "", path: pages?.home.actionPath ?? "/" }}
        content={{
          ...data,
          slides: data.slides.map((slide) => ({ ...slide, image: picture(asset(slide.image), 1600, 700) })),
        }}
      />
    ),
  },
  whyUs: {
    collection: "why-us",
    needs: [],
    render: ({ data }) => <WhyUs content={data} />,
  },
  about: {
    collection: "about",
    needs: ["enquiryForm"],
    render: ({ data, files }) => (
      <AboutSections content={data} availabilityLabel={files.enquiryForm?.checkAvailabilityLabel ?? ""} />
    ),
  },
  privacy: {
    collection: "privacy",
    needs: ["site", "contact"],
    render: ({ data, files: { site, contact } }) => (
      <PrivacySections
        content={data}
        companyName={site?.companyName ?? ""}
        salesEmail={contact?.salesEmail ?? ""}
        facts={previewFacts()}
      />
    ),
  },
  services: {
    collection: "services",
    needs: ["enquiryForm"],
    render: ({ data, files }) => (
      <ServiceList services={data.services} availabilityLabel={files.enquiryForm?.checkAvailabilityLabel ?? ""} />
    ),
  },
  industries: {
    collection: "industries",
    needs: ["enquiryForm", "site", "contact"],
    render: ({ data, files }) => enquiryForm({ ...files, industries: data }),
  },
  imageRow: {
    collection: "image-row",
    needs: [],
    render: ({ data, asset }) => (
      <ImageRow
        content={{ images: data.images.map(({ alt, image }) => ({ alt, image: picture(asset(image), 400, 300) })) }}
      />
    ),
  },
  partners: {
    collection: "partners",
    needs: [],
    render: ({ data, asset }) => (
      <PartnerLogos
        content={{
          ...data,
          partners: data.partners.map((partner) => ({ ...partner, logo: picture(asset(partner.logo), 240, 120) })),
        }}
      />
    ),
  },
  enquiryForm: {
    collection: "enquiry-form",
    needs: ["industries", "site", "contact"],
    render: ({ data, files }) => enquiryForm({ ...files, enquiryForm: data }),
  },
} satisfies { [Name in keyof Files]: Preview<Name> };

export type PreviewName = keyof typeof previews;
