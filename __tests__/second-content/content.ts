/**
 * A second content set, made from data/ as an editor might change it: every
 * list a different length (a fifth slide, copied from the first with its
 * picture, a sixth service, one industry fewer, a ninth picture...), in both
 * languages, the main texts and the company name replaced, text that looks
 * like markup, "</script>" included, in every kind of text field, and a
 * camera's original photo with its private metadata as the sharing picture
 * and the first slide's. The suites run against it (run.ts) to prove that they
 * follow the content and that content stays text. Written from data/ each
 * time, so it keeps differing from whatever data/ holds.
 */
import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import sharp from "sharp";
import { withPrivateMetadata } from "../support/private-picture";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import type { LanguageCode } from "../../contract/src/languages";

/**
 * Looks like markup and would run if it ever became markup: the browser tests watch for the dialog. Written as a
 * name is (capitals, a digit), so that the Arabic texts may carry it as the English ones do (the glossary refuses
 * English words left in Arabic); HTML reads tags and attributes in any case, and `\u0061lert` is `alert` to a script.
 */
export const MARKUP = `</SCRIPT><IMG SRC=X ONERROR=\\u0061lert(1)>`;

/**
 * A content file as parsed, changed field by field below. What types it is the content check, which the build of
 * the second set runs on the result and which refuses any field or shape the site does not take.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the content check types the result, see above
type Parsed = any;
type ContentFile = Record<LanguageCode, Parsed>;

const read = (folder: string, file: string) =>
  readContentYaml(fs.readFileSync(path.join(folder, file), "utf8"), file) as ContentFile;

/** The entry `count` places from the end, copied, so pictures and icons stay ones the content already has. */
const copyOf = (list: Parsed[], count = 1): Parsed => structuredClone(list[list.length - count]);

/** A picture with a camera's private metadata (private-picture.ts), as the second set's sharing picture and a slide's. */
export const PRIVATE_PICTURE = "./images/camera-original.jpg";

/** Writes the second set into `to` (created, pictures copied), starting from the content folder `from` (data/). */
export async function writeSecondContent(from: string, to: string): Promise<void> {
  const files: Record<string, ContentFile> = {};
  for (const name of fs.readdirSync(from)) if (name.endsWith(".yaml")) files[name] = read(from, name);
  const part = (name: string): ContentFile => {
    const found = files[name];
    if (!found) throw new Error(`data/${name} is missing`);
    return found;
  };
  fs.mkdirSync(to, { recursive: true });
  fs.cpSync(path.join(from, "images"), path.join(to, "images"), { recursive: true });
  const { en: siteForPicture } = part("site.yaml");
  fs.writeFileSync(
    path.join(to, PRIVATE_PICTURE),
    await withPrivateMetadata(path.join(from, siteForPicture.socialImage), { location: false }),
  );
  siteForPicture.socialImage = PRIVATE_PICTURE;

  const { en: site, ar: siteAr } = part("site.yaml");
  site.companyName = `Falcon Ridge ${MARKUP}`;
  siteAr.companyName = `فالكون ريدج ${MARKUP}`;
  site.blurb = "Falcon Ridge keeps offices in Abu Dhabi and Sharjah online: help desk, cabling, backups and repairs.";
  siteAr.blurb = "تُبقي فالكون ريدج مكاتب أبوظبي والشارقة متصلة: مكتب مساعدة وكابلات ونسخ احتياطي وإصلاحات.";
  site.skipLink = "Jump to the content";
  siteAr.skipLink = "انتقل إلى المحتوى";
  // Its own logo, wider than tall and on a transparent background: the top bar and the tab's icon show it whole.
  site.logo = "./images/falcon-ridge-logo.png";
  await sharp({ create: { width: 240, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: await sharp({
          create: { width: 160, height: 80, channels: 4, background: { r: 196, g: 84, b: 18, alpha: 1 } },
        })
          .png()
          .toBuffer(),
        top: 20,
        left: 40,
      },
    ])
    .png()
    .toFile(path.join(to, site.logo));
  // Its own colours, a dark green and a gold: every page and the editor take them over the site's own. The fixed
  // blue focus ring reads at 1.7:1 on this green, so the rings on it must follow their surface (focus.spec).
  site.mainColour = "#0b5d3b";
  site.accentColour = "#f5c451";
  site.menuLabel = "Site menu";
  siteAr.menuLabel = "قائمة الموقع";
  site.navigation = site.navigation.slice(0, -1).map((link: Parsed) => ({ ...link, label: `${link.label} page` }));
  siteAr.navigation = siteAr.navigation.slice(0, -1).map((link: Parsed) => ({ label: `صفحة ${link.label}` }));
  site.quickLinksHeading = "Pages";
  siteAr.quickLinksHeading = "الصفحات";
  site.copyright = "Copyright {year}, {company}";
  siteAr.copyright = "حقوق النشر {year}، {company}";

  const { en: contact, ar: contactAr } = part("contact.yaml");
  contact.street = "Unit 7, Al Reem Tower, Al Reem Island";
  contactAr.street = "الوحدة 7، برج الريم، جزيرة الريم";
  contact.city = "Abu Dhabi";
  contactAr.city = "أبوظبي";
  // Typed the local way, as an office in the UAE writes it: every page must show it as +971 2 555 0100.
  contact.phones = [...contact.phones, { number: "02 555 0100", label: "Abu Dhabi office" }];
  contactAr.phones = [...contactAr.phones, { label: "مكتب أبوظبي" }];
  delete contact.officeHours;
  delete contactAr.officeHours;
  contact.chatPanelLink = "Start a chat";
  contactAr.chatPanelLink = "ابدأ محادثة";
  contact.panelHeading = "How to reach us";
  contactAr.panelHeading = "كيف تصل إلينا";

  const { en: pages, ar: pagesAr } = part("pages.yaml");
  pages.home = {
    ...pages.home,
    title: "Managed IT for Offices",
    heading: "Managed IT for offices across the Emirates",
  };
  pagesAr.home = {
    ...pagesAr.home,
    title: "إدارة تقنية المكاتب",
    heading: "إدارة تقنية المعلومات للمكاتب في أنحاء الإمارات",
  };
  pages.about = { ...pages.about, title: "Who We Are", heading: "The Falcon Ridge Team" };
  pagesAr.about = { ...pagesAr.about, title: "فريقنا", heading: "فريق فالكون ريدج" };
  pages.service = {
    ...pages.service,
    title: "What We Do",
    heading: "What We Do",
    description: `Our services ${MARKUP}`,
  };
  pagesAr.service = { ...pagesAr.service, title: "ما نقدّمه", heading: "ما نقدّمه", description: `خدماتنا ${MARKUP}` };
  pages.contact = { ...pages.contact, title: "Talk to Us" };
  pagesAr.contact = { ...pagesAr.contact, title: "تحدّث إلينا" };
  pages.notFound = { ...pages.notFound, heading: "Nothing at this address", linkLabel: "Back to the start" };
  pagesAr.notFound = { ...pagesAr.notFound, heading: "لا شيء في هذا العنوان", linkLabel: "العودة إلى البداية" };

  const { en: slides, ar: slidesAr } = part("slides.yaml");
  slides.dotLabel = "Slide {number} / {total}";
  slidesAr.dotLabel = "الشريحة {number} / {total}";
  slides.slides = [
    ...slides.slides.map((slide: Parsed, index: number) => ({
      ...slide,
      ...(index === 0 && { image: PRIVATE_PICTURE }),
      headline: `Headline ${index + 1} for Falcon Ridge`,
    })),
  ];
  // An editor copying the first entry: two slides show one picture.
  slides.slides.push({ ...copyOf(slides.slides, slides.slides.length), headline: `A Fifth Headline ${MARKUP}` });
  slidesAr.slides = [
    ...slidesAr.slides.map((_: Parsed, index: number) => ({ headline: `العنوان ${index + 1} لفالكون ريدج` })),
    { headline: `عنوان خامس ${MARKUP}` },
  ];

  const { en: whyUs, ar: whyUsAr } = part("why-us.yaml");
  whyUs.heading = "Why Falcon Ridge";
  whyUsAr.heading = "لماذا فالكون ريدج";
  whyUs.points = [...whyUs.points, { ...copyOf(whyUs.points), title: "Open Reports Every Month" }];
  whyUsAr.points = [...whyUsAr.points, { ...copyOf(whyUsAr.points), title: "تقارير واضحة كل شهر" }];

  const { en: about, ar: aboutAr } = part("about.yaml");
  about.sections = [
    ...about.sections.map((section: Parsed, index: number) => ({ ...section, title: `Part ${index + 1}` })),
    { title: "Our Promise", text: `We answer within the hour.\n\nEven when a text says ${MARKUP}, it stays text.` },
  ];
  aboutAr.sections = [
    ...aboutAr.sections.map((section: Parsed, index: number) => ({ ...section, title: `الجزء ${index + 1}` })),
    { title: "وعدنا", text: `نرد خلال ساعة.\n\nحتى حين يقول النص ${MARKUP}، يبقى نصًا.` },
  ];

  const { en: services, ar: servicesAr } = part("services.yaml");
  services.services = [
    ...services.services.map((service: Parsed, index: number) => ({
      ...service,
      title: `Service number ${index + 1}`,
    })),
    { ...copyOf(services.services), title: "Cyber security reviews", text: "A yearly review of firewalls and access." },
  ];
  servicesAr.services = [
    ...servicesAr.services.map((service: Parsed, index: number) => ({ ...service, title: `الخدمة رقم ${index + 1}` })),
    { title: "مراجعات الأمن السيبراني", text: "مراجعة سنوية لجدران الحماية وصلاحيات الوصول." },
  ];

  const { en: industries, ar: industriesAr } = part("industries.yaml");
  industries.industries = [`Agriculture ${MARKUP}`, ...industries.industries.slice(2)];
  industriesAr.industries = [`الزراعة ${MARKUP}`, ...industriesAr.industries.slice(2)];

  const { en: row, ar: rowAr } = part("image-row.yaml");
  row.images = [...row.images, { ...copyOf(row.images, 2), alt: `The ninth picture ${MARKUP}` }];
  rowAr.images = [...rowAr.images, { alt: `الصورة التاسعة ${MARKUP}` }];

  const { en: partners, ar: partnersAr } = part("partners.yaml");
  partners.heading = "Vendors We Work With";
  partnersAr.heading = "موردون نعمل معهم";
  partners.partners = [
    ...partners.partners,
    { ...copyOf(partners.partners), name: "Third Vendor", alt: "Third Vendor logo" },
  ];
  partnersAr.partners = [...partnersAr.partners, { name: "المورد الثالث", alt: "شعار المورد الثالث" }];

  for (const [name, value] of Object.entries(files)) {
    fs.writeFileSync(path.join(to, name), yaml.dump(value, { lineWidth: -1 }));
  }
}
