import type { Page } from "@playwright/test";
import { content } from "../support/content";
import { spec } from "../support/spec";
import { expect, openPage, test } from "./support/fixtures";
import { MAIL_API_URL, SITE_URL } from "./support/environment";

const SUCCESS = spec.success(content.siteYaml.companyName);
const FAILURE = spec.failure;
const { industries } = content.industriesYaml;
const { industryLabel, popupCloseLabel } = content.enquiryFormYaml;
const labels = spec.formLabels;

const enquiry = {
  industry: industries[industries.length - 1] ?? "",
  name: "Fatima Al Mansoori",
  phone: "+971 50 123 4567",
  companyName: "Falcon Drilling Services",
  email: "fatima@example.com",
  message: "We need on-site support for 40 laptops.",
};

async function fillEnquiry(page: Page, values: typeof enquiry) {
  const form = page.getByRole("main");
  if (values.industry) await form.getByLabel(industryLabel, { exact: true }).selectOption(values.industry);
  await form.getByLabel(labels.name, { exact: true }).fill(values.name);
  await form.getByLabel(labels.email, { exact: true }).fill(values.email);
  await form.getByLabel(labels.phone, { exact: true }).fill(values.phone);
  await form.getByLabel(labels.companyName, { exact: true }).fill(values.companyName);
  await form.getByLabel(labels.message, { exact: true }).fill(values.message);
}

/** After the request settles, the result has replaced the form: no field or button is left. */
async function expectFormReplacedBy(page: Page, message: string) {
  const main = page.getByRole("main");
  await expect(main.getByRole("status")).toHaveText(message);
  await expect(main.getByRole("textbox")).toHaveCount(0);
  await expect(main.getByRole("combobox")).toHaveCount(0);
  await expect(main.getByRole("button", { name: spec.submit })).toHaveCount(0);
  await expect(main.getByRole("button", { name: spec.sending })).toHaveCount(0);
}

test("the enquiry reaches the mail service with exactly its six fields, as JSON, from the site's origin", async ({
  page,
  startMailService,
}) => {
  const mail = await startMailService();
  await openPage(page, "/contact");
  await fillEnquiry(page, enquiry);
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, SUCCESS);
  const [post] = mail.posts();
  expect(mail.posts()).toHaveLength(1);
  expect(post?.headers["content-type"]).toBe("application/json");
  expect(post?.headers.origin).toBe(SITE_URL);
  expect(mail.requests().map((request) => request.method)).toEqual(["OPTIONS", "POST"]);
  expect(mail.url).toBe(MAIL_API_URL);

  const [received] = mail.enquiries();
  expect(mail.enquiries()).toHaveLength(1);
  expect(received?.enquiry).toEqual(enquiry);
  expect(Object.keys(received?.enquiry ?? {})).toEqual([
    "industry",
    "name",
    "phone",
    "companyName",
    "email",
    "message",
  ]);
});

test("a cookie of the mail service's origin is sent with the enquiry", async ({ page, context, startMailService }) => {
  const mail = await startMailService();
  await context.addCookies([{ name: "mail_session", value: "s3ss10n", url: new URL(MAIL_API_URL).origin }]);
  await openPage(page, "/contact");
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, SUCCESS);
  expect(mail.posts()[0]?.headers.cookie).toContain("mail_session=s3ss10n");
});

test("the button reads Sending.... and is disabled while the service takes its time", async ({
  page,
  startMailService,
}) => {
  await startMailService({ delayMs: 2_000 });
  await openPage(page, "/contact");
  await fillEnquiry(page, enquiry);
  await page.getByRole("button", { name: spec.submit }).click();

  const sending = page.getByRole("button", { name: spec.sending });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  await expectFormReplacedBy(page, SUCCESS);
});

test("an empty form can be sent", async ({ page, startMailService }) => {
  const mail = await startMailService();
  await openPage(page, "/contact");
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, SUCCESS);
  expect(mail.enquiries()[0]?.enquiry).toEqual({
    industry: "",
    name: "",
    phone: "",
    companyName: "",
    email: "",
    message: "",
  });
});

test("a server error shows the failure message and clears the form", async ({ page, startMailService }) => {
  const mail = await startMailService({ status: 500 });
  await openPage(page, "/contact");
  await fillEnquiry(page, enquiry);
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, FAILURE);
  expect(mail.posts()).toHaveLength(1);
});

test("a mail service that is not running shows the failure message", async ({ page }) => {
  await openPage(page, "/contact");
  await fillEnquiry(page, enquiry);
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, FAILURE);
});

test("a service that refuses the site's origin (CORS) shows the failure message", async ({
  page,
  startMailService,
}) => {
  const mail = await startMailService({ allowedOrigins: ["https://another-site.example"] });
  await openPage(page, "/contact");
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, FAILURE);
  expect(mail.posts()).toHaveLength(0);
});

test("the result stays until the page is reloaded", async ({ page, startMailService }) => {
  await startMailService();
  await page.clock.install();
  await openPage(page, "/contact");
  await page.getByRole("button", { name: spec.submit }).click();
  await expectFormReplacedBy(page, SUCCESS);

  await page.clock.runFor(15 * 60 * 1000);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(SUCCESS);

  await page.reload();
  await expect(page.getByRole("button", { name: spec.submit })).toBeVisible();
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
});

test("a double click sends one enquiry", async ({ page, startMailService }) => {
  const mail = await startMailService({ delayMs: 500 });
  await openPage(page, "/contact");
  await fillEnquiry(page, enquiry);
  await page.getByRole("button", { name: spec.submit }).dblclick();

  await expectFormReplacedBy(page, SUCCESS);
  expect(mail.posts()).toHaveLength(1);
});

test("awkward input is sent verbatim and never run as HTML", async ({ page, startMailService }) => {
  const mail = await startMailService();
  const script = `<script>window.__injected = true</script><img src=x onerror="window.__injected = true">`;
  const awkward = {
    industry: industries[0] ?? "",
    name: `فاطمة المنصوري 👩🏽‍💻 ${script}`,
    phone: `+971 50 ٠١٢٣ ${script}`,
    companyName: `شركة الصقر ✈️ ${script}`,
    email: `${script}@example.com`,
    message: `${"Long message. ".repeat(715).slice(0, 10_000 - script.length)}${script}`,
  };
  expect(awkward.message).toHaveLength(10_000);

  await openPage(page, "/contact");
  await fillEnquiry(page, awkward);
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, SUCCESS);
  expect(mail.enquiries()[0]?.enquiry).toEqual(awkward);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test.describe("the check-availability popup", () => {
  test("opens from #check-availability on any page, with the form, and closes with its button", async ({ page }) => {
    await openPage(page, "/about#check-availability");
    const popup = page.getByRole("dialog", { name: spec.popupTitle });
    await expect(popup).toBeVisible();
    await expect(popup.getByLabel(labels.name, { exact: true })).toBeVisible();
    await expect(popup.getByRole("button", { name: spec.submit })).toBeVisible();

    await popup.getByRole("button", { name: popupCloseLabel }).click();
    await expect(popup).toBeHidden();
    await expect.poll(() => new URL(page.url()).hash).toBe("");
  });

  for (const route of ["/", "/contact"]) {
    test(`opening ${route}#check-availability shows the popup over the page, with no error`, async ({
      page,
      browserErrors,
    }) => {
      await openPage(page, `${route}#check-availability`);
      await expect(page.getByRole("dialog", { name: spec.popupTitle })).toBeVisible();
      expect(browserErrors).toEqual([]);
    });
  }

  test("after closing, the hash on the same page opens it again", async ({ page }) => {
    await openPage(page, "/service#check-availability");
    const popup = page.getByRole("dialog", { name: spec.popupTitle });
    await popup.getByRole("button", { name: popupCloseLabel }).click();
    await expect(popup).toBeHidden();
    await page.evaluate(() => {
      window.location.hash = "#check-availability";
    });
    await expect(popup).toBeVisible();
  });

  test("closes on Escape and on a click outside it", async ({ page }) => {
    await openPage(page, "/#check-availability");
    const popup = page.getByRole("dialog", { name: spec.popupTitle });
    await expect(popup).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();

    await page.goto("/service#check-availability");
    await expect(popup).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(popup).toBeHidden();
  });

  test("opens from a link to the hash and sends an enquiry like the Contact page", async ({
    page,
    startMailService,
  }) => {
    const mail = await startMailService();
    await openPage(page, "/service");
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "#check-availability";
      link.textContent = "Check availability";
      document.querySelector("main")?.prepend(link);
    });
    await page.getByRole("link", { name: "Check availability" }).click();
    const popup = page.getByRole("dialog", { name: spec.popupTitle });
    await expect(popup).toBeVisible();

    await popup.getByLabel(labels.name, { exact: true }).fill("Hamdan");
    await popup.getByRole("button", { name: spec.submit }).click();
    await expect(popup.getByRole("status")).toHaveText(SUCCESS);
    expect(mail.enquiries()[0]?.enquiry.name).toBe("Hamdan");

    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    await expect(page.getByRole("link", { name: "Check availability" })).toBeFocused();
  });
});
