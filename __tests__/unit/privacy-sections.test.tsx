import * as React from "react";
import { render, screen } from "@testing-library/react";
import { PrivacySections } from "../../src/components/privacy-sections";
import { LanguageProvider } from "../../src/hooks/use-language";
import { countWords } from "../../src/lib/count-words";
import { fillTemplate } from "../../src/lib/fill-template";
import { mailServiceFacts } from "../../plugins/build-settings";
import { contents } from "../support/content";

/**
 * The notice states what the deployment does, in each language: the facts come from the deployment's settings
 * (mailServiceFacts reads them), the wording from data/privacy.yaml.
 */
const deployed = mailServiceFacts();

for (const code of ["en", "ar"] as const) {
  const { privacyYaml: notice, siteYaml: site, contactYaml: contact } = contents[code];

  test(`in ${code}, the notice names the retentions, the way out, the database's region and the controller`, () => {
    const region = deployed.databaseRegion.find(({ language }) => language === code)?.name ?? "";
    render(
      <LanguageProvider code={code}>
        <PrivacySections
          content={notice}
          companyName={site.companyName}
          salesEmail={contact.salesEmail}
          facts={{ ...deployed, databaseRegion: region }}
        />
      </LanguageProvider>,
    );
    // Read as a visitor reads it: a number and its word are held together by a no-break space.
    const text = (document.body.textContent ?? "").replace(/\u00A0/g, " ");
    const locale = code === "ar" ? "ar-AE-u-nu-latn" : "en-AE";
    expect(text).toContain(countWords(notice.dayCount, deployed.retentionDays, locale));
    expect(text).toContain(countWords(notice.dayCount, deployed.spamRetentionDays, locale));
    expect(text).toContain(deployed.wayOut);
    expect(region).not.toBe("");
    expect(text).toContain(region);
    for (const value of Object.values(notice.controller)) expect(text).toContain(value);
    expect(screen.getAllByRole("link", { name: notice.privacyEmail })[0]).toHaveAttribute(
      "href",
      `mailto:${notice.privacyEmail}`,
    );
    expect(screen.getByText(notice.lastChanged.slice(0, 4), { exact: false })).toBeInTheDocument();
    expect(text).not.toMatch(/\{\w+\}/);
  });
}

test("a number of days takes the form its language writes it in", () => {
  const forms = contents.ar.privacyYaml.dayCount;
  const arabic = (count: number) => countWords(forms, count, "ar");
  // One form each for 1, 2, 3 to 10, 11 to 99 and 100, as the editors wrote them.
  expect(arabic(1)).toBe(forms.one);
  expect(arabic(2)).toBe(forms.two);
  expect(arabic(7)).toBe(fillTemplate(forms.few ?? "", { n: 7 }));
  expect(arabic(90)).toBe(fillTemplate(forms.many ?? "", { n: 90 }));
  expect(arabic(100)).toBe(fillTemplate(forms.other, { n: 100 }));
  const english = contents.en.privacyYaml.dayCount;
  expect(countWords(english, 1, "en")).toBe(fillTemplate(english.one ?? "", { n: 1 }));
  expect(countWords(english, 90, "en")).toBe(fillTemplate(english.other, { n: 90 }));
});
