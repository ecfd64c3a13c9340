import * as React from "react";
import { render, screen } from "@testing-library/react";
import { SiteFooter } from "../../src/components/site-footer";
import { fillTemplate } from "../../src/lib/fill-template";
import { localizedPath } from "../../contract/src/languages";
import { phoneHref } from "../../src/lib/phone-link";
import { content } from "../support/content";

const { siteYaml: site, contactYaml: contact } = content;
const { privacy } = content.pagesYaml;

afterEach(() => {
  jest.useRealTimers();
});

test("the copyright shows the visitor's current year, not the year the site was built", () => {
  jest.useFakeTimers({ now: new Date("2031-03-01T10:00:00+04:00") });
  render(<SiteFooter site={site} contact={contact} privacyLinkLabel={privacy.linkLabel} buildYear={2026} />);
  const copyright = fillTemplate(site.copyright, { year: 2031, company: site.companyName });
  // The year and the company name are each isolated for right-to-left text, so the line spans several elements.
  expect(
    screen.getByText((_, element) => element?.tagName === "P" && element.textContent === copyright),
  ).toBeInTheDocument();
});

test("phones are tel: links, the e-mail a mailto: link, the quick links lead to the navigation's pages", () => {
  render(<SiteFooter site={site} contact={contact} privacyLinkLabel={privacy.linkLabel} buildYear={2026} />);
  for (const phone of contact.phones) {
    expect(screen.getByRole("link", { name: phone.number })).toHaveAttribute("href", phoneHref(phone.number));
    expect(screen.getByText(phone.label)).toBeInTheDocument();
  }
  expect(screen.getByRole("link", { name: contact.salesEmail })).toHaveAttribute(
    "href",
    `mailto:${contact.salesEmail}`,
  );
  const quickLinks = screen.getByRole("navigation", { name: site.quickLinksHeading });
  expect(
    Array.from(quickLinks.querySelectorAll("a")).map((link) => [link.textContent, link.getAttribute("href")]),
  ).toEqual(site.navigation.map((link) => [link.label, localizedPath(link.path, "en")]));
  const locality = fillTemplate(contact.localityLine, { city: contact.city, country: contact.country });
  expect(
    screen.getByText((_, element) => element?.tagName === "P" && (element.textContent ?? "").includes(locality)),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: site.designerCredit })).toHaveAttribute("rel", "noopener noreferrer");
  expect(screen.getByRole("link", { name: privacy.linkLabel })).toHaveAttribute(
    "href",
    localizedPath("/privacy", "en"),
  );
});
