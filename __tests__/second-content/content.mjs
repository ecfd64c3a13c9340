/**
 * A second content set, made from data/ as an editor might change it: every
 * list a different length (a fifth slide, a sixth service, one industry fewer,
 * a ninth picture...), the main texts and the company name replaced, and text
 * that looks like markup, "</script>" included, in every kind of text field.
 * The suites run against it (run.mjs) to prove that they follow the content
 * and that content stays text. Written from data/ each time, so it keeps
 * differing from whatever data/ holds.
 */
import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";

/** Looks like markup and would run if it ever became markup: the browser tests watch for the dialog. */
export const MARKUP = `</script><img src=x onerror=alert(1)>`;

const read = (folder, file) => yaml.load(fs.readFileSync(path.join(folder, file), "utf8"));

/** The entry `count` places from the end, copied, so pictures and icons stay ones the content already has. */
const copyOf = (list, count = 1) => structuredClone(list[list.length - count]);

/**
 * @param {string} from the content folder to start from (data/)
 * @param {string} to the folder to write the second set into (created, pictures copied)
 */
export function writeSecondContent(from, to) {
  const files = {};
  for (const name of fs.readdirSync(from)) if (name.endsWith(".yaml")) files[name] = read(from, name);
  fs.mkdirSync(to, { recursive: true });
  fs.cpSync(path.join(from, "images"), path.join(to, "images"), { recursive: true });

  const site = files["site.yaml"];
  site.companyName = `Falcon Ridge ${MARKUP}`;
  site.blurb = "Falcon Ridge keeps offices in Abu Dhabi and Sharjah online: help desk, cabling, backups and repairs.";
  site.skipLink = "Jump to the content";
  site.menuLabel = "Site menu";
  site.navigation = site.navigation.slice(0, -1).map((link) => ({ ...link, label: `${link.label} page` }));
  site.quickLinksHeading = "Pages";
  site.contactHeading = "Reach us";
  site.copyright = "Copyright {year}, {company}";

  const contact = files["contact.yaml"];
  contact.street = "Unit 7, Al Reem Tower, Al Reem Island";
  contact.city = "Abu Dhabi";
  contact.phones = [...contact.phones, "+971 2 555 0100"];
  contact.chatPanelLink = "Start a chat";
  contact.panelHeading = "How to reach us";

  const pages = files["pages.yaml"];
  pages.home = {
    ...pages.home,
    title: "Managed IT for Offices",
    heading: "Managed IT for offices across the Emirates",
  };
  pages.about = { ...pages.about, title: "Who We Are", heading: "The Falcon Ridge Team" };
  pages.service = {
    ...pages.service,
    title: "What We Do",
    heading: "What We Do",
    description: `Our services ${MARKUP}`,
  };
  pages.contact = { ...pages.contact, title: "Talk to Us" };
  pages.notFound = { ...pages.notFound, heading: "Nothing at this address", linkLabel: "Back to the start" };

  const slides = files["slides.yaml"];
  slides.dotLabel = "Slide {number} / {total}";
  slides.pauseLabel = "Stop the slides";
  slides.playLabel = "Start the slides";
  slides.slides = [
    ...slides.slides.map((slide, index) => ({ ...slide, headline: `Headline ${index + 1} for Falcon Ridge` })),
    { ...copyOf(slides.slides), headline: `A Fifth Headline ${MARKUP}` },
  ];

  const whyUs = files["why-us.yaml"];
  whyUs.heading = "Why Falcon Ridge";
  whyUs.points = [...whyUs.points, { ...copyOf(whyUs.points), title: "Open Reports Every Month" }];

  const about = files["about.yaml"];
  about.sections = [
    ...about.sections.map((section, index) => ({ ...section, title: `Part ${index + 1}` })),
    { title: "Our Promise", text: `We answer within the hour.\n\nEven when a text says ${MARKUP}, it stays text.` },
  ];

  const services = files["services.yaml"];
  services.services = [
    ...services.services.map((service, index) => ({ ...service, title: `Service number ${index + 1}` })),
    { ...copyOf(services.services), title: "Cyber security reviews", text: "A yearly review of firewalls and access." },
  ];

  const industries = files["industries.yaml"];
  industries.industries = [`Agriculture ${MARKUP}`, ...industries.industries.slice(2)];

  const row = files["image-row.yaml"];
  row.images = [...row.images, { ...copyOf(row.images, 2), alt: `The ninth picture ${MARKUP}` }];

  const partners = files["partners.yaml"];
  partners.heading = "Vendors We Work With";
  partners.partners = [
    ...partners.partners,
    { ...copyOf(partners.partners), name: "Third Vendor", alt: "Third Vendor logo" },
  ];

  for (const [name, value] of Object.entries(files)) {
    fs.writeFileSync(path.join(to, name), yaml.dump(value, { lineWidth: -1 }));
  }
}
