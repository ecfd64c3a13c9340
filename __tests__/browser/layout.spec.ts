import { expect, openPage, test } from "./support/fixtures";
import { contact, site } from "./support/content";

const pages = ["Home", "About", "Service", "Contact"];

for (const width of [375, 768, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the top bar reaches every page and marks the current one", async ({ page }) => {
      await openPage(page, "/");
      const menuButton = page.getByRole("button", { name: "Menu" });
      const nav = page.getByRole("banner").getByRole("navigation");

      if (width < 768) {
        await expect(menuButton).toBeVisible();
        await expect(menuButton).toHaveAttribute("aria-expanded", "false");
        await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
        await menuButton.click();
        await expect(menuButton).toHaveAttribute("aria-expanded", "true");
      } else {
        await expect(menuButton).toBeHidden();
      }
      for (const name of pages) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();

      await nav.getByRole("link", { name: "About" }).click();
      await expect(page).toHaveURL("/about");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
      if (width < 768) {
        await expect(menuButton).toHaveAttribute("aria-expanded", "false");
        await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
        await menuButton.click();
      }
      await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    });

    test("the footer has the blurb, quick links, address, both phones, the e-mail and this year", async ({ page }) => {
      await page.clock.setFixedTime(new Date("2031-06-15T09:00:00+04:00"));
      await openPage(page, "/service");
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByText("Bluepeak IT Solutions keeps the technology")).toBeVisible();
      for (const name of pages) await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
      await expect(footer.getByText(/Dubai, United Arab Emirates/)).toBeVisible();
      for (const phone of contact.phones) {
        await expect(footer.getByRole("link", { name: phone })).toHaveAttribute(
          "href",
          `tel:${phone.replace(/ /g, "")}`,
        );
      }
      await expect(footer.getByRole("link", { name: contact.salesEmail })).toHaveAttribute(
        "href",
        `mailto:${contact.salesEmail}`,
      );
      await expect(footer.getByText(`© 2031 ${site.companyName}. All rights reserved.`)).toBeVisible();
      await expect(footer.getByRole("link", { name: /^Designed by / })).toBeVisible();
    });

    test("the chat link floats on every page and opens the chat in a new tab, safely", async ({ page }) => {
      for (const route of ["/", "/about", "/service", "/contact"]) {
        await openPage(page, route);
        const chat = page.getByRole("link", { name: "Need Help ? Chat with us", exact: true });
        await expect(chat).toBeVisible();
        await expect(chat).toHaveAttribute("href", contact.chatUrl);
        await expect(chat).toHaveAttribute("target", "_blank");
        await expect(chat).toHaveAttribute("rel", "noopener noreferrer");
        expect(await chat.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
      }
    });

    test("the row of eight pictures is on Home, About, Service and Contact", async ({ page }) => {
      for (const route of ["/", "/about", "/service", "/contact"]) {
        await openPage(page, route);
        const row = page.locator("main ul", {
          has: page.getByRole("img", { name: /support engineer with a headset/ }),
        });
        await expect(row.getByRole("img")).toHaveCount(8);
      }
    });
  });
}

test.describe("the menu on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("closes on Escape and gives focus back to the menu button", async ({ page }) => {
    await openPage(page, "/service");
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`#${await menuButton.getAttribute("aria-controls")}`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toBeFocused();
  });
});

test("every navigation lands at the top of the new page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await openPage(page, "/");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("contentinfo").getByRole("link", { name: "Service", exact: true }).click();
  await expect(page).toHaveURL("/service");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Services");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the skip link moves keyboard users past the menu to the page", async ({ page }) => {
  await openPage(page, "/about");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("the About page has Who we are, Vision, Mission and Values", async ({ page }) => {
  await openPage(page, "/about");
  for (const name of ["Who we are", "Vision", "Mission", "Values"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
});

test("the Service page has the five services as cards", async ({ page }) => {
  await openPage(page, "/service");
  const titles = await page.getByRole("main").getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
  expect(titles).toEqual([
    "Remote and on-site IT support and maintenance",
    "Network installation and troubleshooting",
    "Data backup solutions",
    "Computer and laptop repairs and maintenance",
    "Hardware and software installation, configuration and upgrades",
  ]);
});

test("the Contact page has the header, the contact details and the enquiry form", async ({ page }) => {
  await openPage(page, "/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Get in Touch" })).toBeVisible();
  const details = page.getByRole("region", { name: "Contact Details" });
  await expect(details.getByText(contact.street)).toBeVisible();
  for (const phone of contact.phones) await expect(details.getByRole("link", { name: phone })).toBeVisible();
  await expect(details.getByRole("link", { name: contact.salesEmail })).toBeVisible();
  await expect(details.getByRole("link", { name: "Message us on WhatsApp" })).toHaveAttribute("href", contact.chatUrl);
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
});

test("the home page has the why-us block, its four points and the partner logos", async ({ page }) => {
  await openPage(page, "/");
  await expect(page.getByRole("heading", { level: 2, name: "Why Choose Us" })).toBeVisible();
  await expect(page.getByText(/experienced IT professionals deliver reliable, cost-effective support/)).toBeVisible();
  for (const point of [
    "Experienced Team",
    "Reliable and Cost-Effective Support",
    "Tailor-Made Solutions",
    "A Partner Who Cares",
  ]) {
    await expect(page.getByRole("heading", { level: 3, name: point })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: "Meshline Networks logo" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Northbook Laptops logo" })).toBeVisible();
});
