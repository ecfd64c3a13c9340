import { phoneHref } from "../../src/lib/phone-link";
import { languages, localizedPath } from "../../contract/src/languages";
import { contents } from "../support/content";
import { expect, test } from "./support/fixtures";

/**
 * The pages with JavaScript off, as some visitors and most crawlers read
 * them: the menu still reaches every page, and the enquiry form, which could
 * only put what a visitor types into the address, gives way to the phones
 * and e-mail. (With JavaScript on, the address stays clean: enquiry.spec.ts.)
 */
for (const language of languages) {
  const { siteYaml: site, contactYaml: contact, enquiryFormYaml: formIn } = contents[language.code];

  // The first language every day, the others in the full suite.
  test.describe(`${language.name}, with JavaScript off`, { tag: language === languages[0] ? [] : ["@full"] }, () => {
    test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

    test("on a phone, the menu's links show without the button that would need JavaScript", async ({ page }) => {
      await page.goto(localizedPath("/about", language.code));
      const nav = page.getByRole("banner").getByRole("navigation");
      await expect(nav.getByRole("button", { name: site.menuLabel })).toBeHidden();
      for (const link of site.navigation) {
        await expect(nav.getByRole("link", { name: link.label, exact: true })).toBeVisible();
      }
      // Under the company name, each label whole and clear of the others (rows wrap when labels are long),
      // inside the screen, and a bar that scrolls away rather than stay over the page.
      const brandBottom = await page
        .getByRole("banner")
        .getByRole("link")
        .first()
        .evaluate((brand) => brand.getBoundingClientRect().bottom);
      const boxes = await nav.getByRole("link").evaluateAll((links) =>
        links.map((link) => {
          const { top, bottom, left, right } = link.getBoundingClientRect();
          return { top, bottom, left, right, lines: link.getClientRects().length };
        }),
      );
      for (const [index, box] of boxes.entries()) {
        expect(box.top).toBeGreaterThanOrEqual(brandBottom);
        expect(box.lines).toBe(1);
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(375);
        for (const other of boxes.slice(index + 1)) {
          const apart =
            box.right <= other.left || other.right <= box.left || box.bottom <= other.top || other.bottom <= box.top;
          expect(apart).toBe(true);
        }
      }
      expect(await page.getByRole("banner").evaluate((header) => getComputedStyle(header).position)).toBe("static");
      const target = site.navigation.find((link) => link.path !== "/about") ?? site.navigation[0];
      await nav.getByRole("link", { name: target?.label, exact: true }).click();
      await expect(page).toHaveURL(localizedPath(target?.path ?? "/", language.code));
    });

    test("the home page offers no control that would need JavaScript: no Pause, no dots", async ({ page }) => {
      await page.goto(localizedPath("/", language.code));
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(main.getByRole("button")).toHaveCount(0);
      // The call to action is a plain link, and leads on.
      await expect(main.getByRole("link", { name: contents[language.code].pagesYaml.home.actionLabel })).toBeVisible();
    });

    test("the Contact page says the form needs JavaScript and gives the phones and e-mail instead", async ({
      page,
    }) => {
      await page.goto(localizedPath("/contact", language.code));
      const main = page.getByRole("main");
      await expect(main.getByText(formIn.noScriptMessage)).toBeVisible();
      for (const { number: phone } of contact.phones) {
        await expect(main.getByRole("link", { name: phone, exact: true }).first()).toHaveAttribute(
          "href",
          phoneHref(phone),
        );
        // Never broken across lines, in either direction of text.
        expect(
          await main
            .getByRole("link", { name: phone, exact: true })
            .first()
            .evaluate((link) => link.getClientRects().length),
        ).toBe(1);
      }
      await expect(main.getByRole("link", { name: contact.salesEmail, exact: true }).first()).toBeVisible();
      await expect(main.getByRole("textbox")).toHaveCount(0);
      await expect(main.getByRole("button", { name: formIn.submitLabel })).toHaveCount(0);
    });
  });
}
