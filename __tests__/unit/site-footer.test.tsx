import * as React from "react";
import { render, screen } from "@testing-library/react";
import { SiteFooter } from "../../src/components/site-footer";
import { loadContent } from "../support/content";

const content = loadContent();
type FooterProps = React.ComponentProps<typeof SiteFooter>;
const site = content.siteYaml as unknown as FooterProps["site"];
const contact = content.contactYaml as unknown as FooterProps["contact"];

afterEach(() => {
  jest.useRealTimers();
});

test("the copyright shows the visitor's current year, not the year the site was built", () => {
  jest.useFakeTimers({ now: new Date("2031-03-01T10:00:00+04:00") });
  render(<SiteFooter site={site} contact={contact} buildYear={2026} />);
  expect(screen.getByText(`© 2031 ${site.companyName}. All rights reserved.`)).toBeInTheDocument();
});

test("phones are tel: links, the e-mail a mailto: link, the quick links lead to the four pages", () => {
  render(<SiteFooter site={site} contact={contact} buildYear={2026} />);
  for (const phone of contact.phones) {
    expect(screen.getByRole("link", { name: phone })).toHaveAttribute("href", `tel:${phone.replace(/ /g, "")}`);
  }
  expect(screen.getByRole("link", { name: contact.salesEmail })).toHaveAttribute(
    "href",
    `mailto:${contact.salesEmail}`,
  );
  const quickLinks = screen.getByRole("navigation", { name: site.quickLinksHeading });
  expect(
    Array.from(quickLinks.querySelectorAll("a")).map((link) => [link.textContent, link.getAttribute("href")]),
  ).toEqual([
    ["Home", "/"],
    ["About", "/about"],
    ["Service", "/service"],
    ["Contact", "/contact"],
  ]);
  expect(screen.getByText(/Dubai, United Arab Emirates/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: site.designerCredit })).toHaveAttribute("rel", "noopener noreferrer");
});
