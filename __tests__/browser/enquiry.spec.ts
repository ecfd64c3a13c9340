import type { Page } from "@playwright/test";
import { fillTemplate } from "../../src/lib/fill-template";
import { content, contents } from "../support/content";
import { spec } from "../support/spec";
import { expect, openPage, test } from "./support/fixtures";
import { testMailService, testSite } from "./support/environment";

const SUCCESS = spec.success(content.siteYaml.companyName);
const FAILURE = spec.failure;
const { industries } = content.industriesYaml;
const { industryLabel, popupCloseLabel } = content.enquiryFormYaml;
const labels = spec.formLabels;

// Every enquiry test uses the one mail-service address the site was built for (support/test-mail-service.ts):
// they run one after another, in this file only.
test.describe.configure({ mode: "default" });

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
  await openPage(page, "/contact/");
  await fillEnquiry(page, enquiry);
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, SUCCESS);
  const [post] = mail.posts();
  expect(mail.posts()).toHaveLength(1);
  expect(post?.headers["content-type"]).toBe("application/json");
  expect(post?.headers.origin).toBe(testSite.url);
  expect(mail.requests().map((request) => request.method)).toEqual(["OPTIONS", "POST"]);
  expect(mail.url).toBe(testMailService.apiUrl);

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

test(
  "a cookie of the mail service's origin is sent with the enquiry",
  { tag: "@full" },
  async ({ page, context, startMailService }) => {
    const mail = await startMailService();
    await context.addCookies([{ name: "mail_session", value: "s3ss10n", url: new URL(testMailService.apiUrl).origin }]);
    await openPage(page, "/contact/");
    await page.getByRole("button", { name: spec.submit }).click();

    await expectFormReplacedBy(page, SUCCESS);
    expect(mail.posts()[0]?.headers.cookie).toContain("mail_session=s3ss10n");
  },
);

test("the button reads Sending.... and is disabled while the service takes its time", async ({
  page,
  startMailService,
}) => {
  await startMailService({ delayMs: 2_000 });
  await openPage(page, "/contact/");
  await fillEnquiry(page, enquiry);
  await page.getByRole("button", { name: spec.submit }).click();

  const sending = page.getByRole("button", { name: spec.sending });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  await expectFormReplacedBy(page, SUCCESS);
});

test("an empty form can be sent", { tag: "@full" }, async ({ page, startMailService }) => {
  const mail = await startMailService();
  await openPage(page, "/contact/");
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
  await openPage(page, "/contact/");
  await fillEnquiry(page, enquiry);
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, FAILURE);
  expect(mail.posts()).toHaveLength(1);
});

test("a mail service that is not running shows the failure message", async ({ page }) => {
  await openPage(page, "/contact/");
  await fillEnquiry(page, enquiry);
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, FAILURE);
});

test("with JavaScript on, what a visitor types into the form never reaches the address bar", async ({ page }) => {
  await openPage(page, "/contact/");
  const main = page.getByRole("main");
  await expect(main.getByText(content.enquiryFormYaml.noScriptMessage)).toBeHidden();
  await expect(main.locator("form")).toHaveAttribute("method", "post");
  await main.getByLabel(labels.name, { exact: true }).fill("Typed Name");
  await main.getByLabel(labels.email, { exact: true }).fill("typed@example.com");
  await main.getByRole("button", { name: spec.submit }).click();
  // No mail service is set up in this test: the enquiry fails, and the address stays as it was.
  await expect(main.getByRole("status")).toHaveText(FAILURE);
  expect(new URL(page.url()).search).toBe("");
  expect(page.url()).not.toContain("Typed");
});

test(
  "a service that refuses the site's origin (CORS) shows the failure message",
  { tag: "@full" },
  async ({ page, startMailService }) => {
    const mail = await startMailService({ allowedOrigins: ["https://another-site.example"] });
    await openPage(page, "/contact/");
    await page.getByRole("button", { name: spec.submit }).click();

    await expectFormReplacedBy(page, FAILURE);
    expect(mail.posts()).toHaveLength(0);
  },
);

test("the result stays until the page is reloaded", { tag: "@full" }, async ({ page, startMailService }) => {
  await startMailService();
  await page.clock.install();
  await openPage(page, "/contact/");
  await page.getByRole("button", { name: spec.submit }).click();
  await expectFormReplacedBy(page, SUCCESS);

  await page.clock.runFor(15 * 60 * 1000);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(SUCCESS);

  await page.reload();
  await expect(page.getByRole("button", { name: spec.submit })).toBeVisible();
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
});

test("a double click sends one enquiry", { tag: "@full" }, async ({ page, startMailService }) => {
  const mail = await startMailService({ delayMs: 500 });
  await openPage(page, "/contact/");
  await fillEnquiry(page, enquiry);
  await page.getByRole("button", { name: spec.submit }).dblclick();

  await expectFormReplacedBy(page, SUCCESS);
  expect(mail.posts()).toHaveLength(1);
});

test("awkward input is sent verbatim and never run as HTML", { tag: "@full" }, async ({ page, startMailService }) => {
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

  await openPage(page, "/contact/");
  await fillEnquiry(page, awkward);
  await page.getByRole("button", { name: spec.submit }).click();

  await expectFormReplacedBy(page, SUCCESS);
  expect(mail.enquiries()[0]?.enquiry).toEqual(awkward);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test.describe("the check-availability popup", () => {
  test("opens from #check-availability on any page, with the form, and closes with its button", async ({ page }) => {
    await openPage(page, "/about/#check-availability");
    const popup = page.getByRole("dialog", { name: spec.popupTitle });
    await expect(popup).toBeVisible();
    await expect(popup.getByLabel(labels.name, { exact: true })).toBeVisible();
    await expect(popup.getByRole("button", { name: spec.submit })).toBeVisible();

    await popup.getByRole("button", { name: popupCloseLabel }).click();
    await expect(popup).toBeHidden();
    await expect.poll(() => new URL(page.url()).hash).toBe("");
  });

  for (const route of ["/", "/contact/"]) {
    test(
      `opening ${route}#check-availability shows the popup over the page, with no error`,
      { tag: "@full" },
      async ({ page, browserErrors }) => {
        await openPage(page, `${route}#check-availability`);
        await expect(page.getByRole("dialog", { name: spec.popupTitle })).toBeVisible();
        expect(browserErrors).toEqual([]);
      },
    );
  }

  // Each way out is taken inside the page, with the address read at once after it: nothing may come between.
  // requestClose() is what Escape does (the dialog's close request); a click on the dialog itself is one on the
  // backdrop around its content.
  for (const way of ["its close button", "Escape", "a click outside it"] as const) {
    test(
      `closed by ${way}, it has dropped the hash at once, and the hash on the same page opens it again`,
      { tag: "@full" },
      async ({ page }) => {
        await openPage(page, "/service/#check-availability");
        const popup = page.getByRole("dialog", { name: spec.popupTitle });
        await expect(popup).toBeVisible();
        const hashOnClosing = await popup.evaluate(
          (dialog: HTMLDialogElement, [how, closeLabel]) => {
            if (how === "Escape") dialog.requestClose();
            else if (how === "a click outside it") dialog.click();
            else dialog.querySelector<HTMLElement>(`[aria-label="${closeLabel}"]`)?.click();
            return window.location.hash;
          },
          [way, popupCloseLabel] as const,
        );
        expect(hashOnClosing).toBe("");
        await expect(popup).toBeHidden();
        await page.evaluate(() => {
          window.location.hash = "#check-availability";
        });
        await expect(popup).toBeVisible();
      },
    );
  }

  test("closes on Escape and on a click outside it", { tag: "@full" }, async ({ page }) => {
    await openPage(page, "/#check-availability");
    const popup = page.getByRole("dialog", { name: spec.popupTitle });
    await expect(popup).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();

    await page.goto("/service/#check-availability");
    await expect(popup).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(popup).toBeHidden();
  });

  test("opens from a link to the hash and sends an enquiry like the Contact page", async ({
    page,
    startMailService,
  }) => {
    const mail = await startMailService();
    await openPage(page, "/service/");
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

test(
  "under the site's Content-Security-Policy, an enquiry is sent with no violation",
  { tag: "@full" },
  async ({ page, startMailService }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const mail = await startMailService();
    await openPage(page, "/contact/");
    await page.getByRole("main").getByLabel(labels.name, { exact: true }).fill("Under a strict policy");
    await page.getByRole("button", { name: spec.submit }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(SUCCESS);
    expect(mail.posts()).toHaveLength(1);
    expect(violations).toEqual([]);
  },
);

test.describe("in Arabic", () => {
  const arabic = contents.ar;
  const form = arabic.enquiryFormYaml;
  const arabicSuccess = fillTemplate(form.successMessage, { company: arabic.siteYaml.companyName });
  const last = industries.length - 1;

  test("the form reads in Arabic, says it is sending, thanks in Arabic, and sends each industry as its English value", async ({
    page,
    startMailService,
  }) => {
    const mail = await startMailService({ delayMs: 1_000 });
    await openPage(page, "/ar/contact/");
    const main = page.getByRole("main");
    await main
      .getByLabel(form.industryLabel, { exact: true })
      .selectOption({ label: arabic.industriesYaml.industries[last] ?? "" });
    await main.getByLabel(form.nameLabel, { exact: true }).fill("فاطمة المنصوري");
    await main.getByLabel(form.phoneLabel, { exact: true }).fill("+971 50 123 4567");
    await main.getByRole("button", { name: form.submitLabel }).click();

    const sending = main.getByRole("button", { name: form.sendingLabel });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expect(main.getByRole("status")).toHaveText(arabicSuccess);
    const [received] = mail.enquiries();
    expect(received?.enquiry).toEqual({
      industry: industries[last],
      name: "فاطمة المنصوري",
      phone: "+971 50 123 4567",
      companyName: "",
      email: "",
      message: "",
    });
  });

  test(
    "a failure shows the Arabic failure message and clears the form",
    { tag: "@full" },
    async ({ page, startMailService }) => {
      await startMailService({ status: 500 });
      await openPage(page, "/ar/contact/");
      const main = page.getByRole("main");
      await main.getByRole("button", { name: form.submitLabel }).click();
      await expect(main.getByRole("status")).toHaveText(form.failureMessage);
      await expect(main.getByRole("textbox")).toHaveCount(0);
    },
  );

  test(
    "the popup opens in Arabic from /ar#check-availability, with no error",
    { tag: "@full" },
    async ({ page, browserErrors }) => {
      await openPage(page, "/ar/#check-availability");
      const popup = page.getByRole("dialog", { name: form.popupTitle });
      await expect(popup).toBeVisible();
      await expect(popup.getByLabel(form.nameLabel, { exact: true })).toBeVisible();
      await popup.getByRole("button", { name: form.popupCloseLabel }).click();
      await expect(popup).toBeHidden();
      expect(browserErrors).toEqual([]);
    },
  );
});
