import { AVAILABILITY_HASH } from "../../src/lib/availability";
import { siteReady } from "../../scripts/site-ready";
import { fillTemplate } from "../../src/lib/fill-template";
import { content, contents } from "../support/content";
import { fixedWords } from "../support/fixed-words";
import { anEnquiry, expectFormReplacedBy, FAILURE, fillEnquiry, SUCCESS, typedLines } from "./support/enquiry";
import { expect, openPage, test } from "./support/fixtures";
import { testMailService, testSite } from "./support/environment";

const { industries } = content.industriesYaml;
const { popupCloseLabel } = content.enquiryFormYaml;
const labels = fixedWords.formLabels;

const mailSender = `${testMailService.apiUrl}/mail-sender`;

test("an enquiry sent from the Contact page reaches the sales inbox as the visitor typed it", async ({
  page,
  salesInbox,
}) => {
  const enquiry = anEnquiry();
  await openPage(page, "/contact/");
  await fillEnquiry(page, enquiry, undefined, { pace: "person" });
  const request = page.waitForRequest((sent) => sent.url() === mailSender && sent.method() === "POST");
  await page.getByRole("button", { name: fixedWords.submit }).click();

  await expectFormReplacedBy(page, SUCCESS);
  const sent = await request;
  expect(await sent.headerValue("content-type")).toBe("application/json");
  expect(Object.keys(sent.postDataJSON() as object)).toEqual([
    "industry",
    "name",
    "phone",
    "companyName",
    "email",
    "message",
  ]);

  const email = await salesInbox.emailWith(enquiry.message);
  expect(email.subject).toBe(`Website enquiry: ${enquiry.companyName} (${enquiry.industry})`);
  expect(email.replyTo?.value).toEqual([{ name: enquiry.name, address: enquiry.email }]);
  for (const line of [...typedLines(enquiry), `Sent from: ${testSite.url}/contact/ (English page)`])
    expect(email.text).toContain(line);
});

// The everyday suite holds a Send before the scripts (before-scripts.spec); this, the typing, runs in the full one.
test(
  "what a visitor types while the page's script is still loading is sent as typed",
  { tag: "@full" },
  async ({ page, salesInbox }) => {
    // The scripts arrive only once every field is filled: the visitor types into the form as the HTML drew it.
    let typed = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (typed = resolve));
    await page.route(/\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    const enquiry = anEnquiry();
    await page.goto("/contact/", { waitUntil: "domcontentloaded" });
    await fillEnquiry(page, enquiry);
    typed();
    await page.waitForFunction(siteReady);
    await page.getByRole("button", { name: fixedWords.submit }).click();

    await expectFormReplacedBy(page, SUCCESS);
    const email = await salesInbox.emailWith(enquiry.message);
    for (const line of typedLines(enquiry)) expect(email.text).toContain(line);
  },
);

test("a site the mail service does not allow (another origin) shows the failure message, and nothing is sent", async ({
  page,
}) => {
  // The same pages at another address: localhost is not the origin the service was told is the site's.
  const elsewhere = testSite.url.replace("127.0.0.1", "localhost");
  const failed = page.waitForEvent("requestfailed", (request) => request.url() === mailSender);
  await openPage(page, `${elsewhere}/contact/`);
  await fillEnquiry(page, anEnquiry());
  await page.getByRole("button", { name: fixedWords.submit }).click();

  await expectFormReplacedBy(page, FAILURE);
  await failed;
});

test(
  "a cookie of the mail service's origin is sent with the enquiry",
  { tag: "@full" },
  async ({ page, context, salesInbox }) => {
    await context.addCookies([{ name: "mail_session", value: "s3ss10n", url: new URL(mailSender).origin }]);
    const enquiry = anEnquiry();
    await openPage(page, "/contact/");
    await fillEnquiry(page, enquiry);
    const request = page.waitForRequest((sent) => sent.url() === mailSender && sent.method() === "POST");
    await page.getByRole("button", { name: fixedWords.submit }).click();

    await expectFormReplacedBy(page, SUCCESS);
    expect((await (await request).allHeaders()).cookie).toContain("mail_session=s3ss10n");
    await salesInbox.emailWith(enquiry.message);
  },
);

test("with JavaScript on, what a visitor types into the form never reaches the address bar", async ({ page }) => {
  await openPage(page, "/contact/");
  const main = page.getByRole("main");
  await expect(main.getByText(content.enquiryFormYaml.noScriptMessage)).toBeHidden();
  await expect(main.locator("form")).toHaveAttribute("method", "post");
  await main.getByLabel(labels.name, { exact: true }).fill("Typed Name");
  await main.getByLabel(labels.email, { exact: true }).fill("typed@example.com");
  // The service's own answer first: a failure then says what it was, not only that the form shows one.
  const outcome = new Promise<string>((resolve) => {
    page.on("response", (response) => {
      if (response.url() === mailSender && response.request().method() === "POST") resolve(`${response.status()}`);
    });
    page.on("requestfailed", (request) => {
      if (request.url() === mailSender) resolve(`not answered: ${request.failure()?.errorText}`);
    });
  });
  await main.getByRole("button", { name: fixedWords.submit }).click();
  expect(await outcome).toBe("202");
  await expect(main.getByRole("status")).toHaveText(SUCCESS);
  expect(new URL(page.url()).search).toBe("");
  expect(page.url()).not.toContain("Typed");
});

test(
  "awkward input arrives verbatim in the e-mail and never runs as HTML",
  { tag: "@full" },
  async ({ page, salesInbox }) => {
    const script = `<script>window.__injected = true</script><img src=x onerror="window.__injected = true">`;
    const awkward = anEnquiry({
      industry: industries[0] ?? "",
      name: `فاطمة المنصوري 👩🏽‍💻 ${script}`,
      phone: "+971 50 ٠١٢٣ <b>٤٥٦</b>",
      companyName: `شركة الصقر ✈️ ${script}`,
      email: `${script}@example.com`,
    });
    awkward.message = `${awkward.message} ${"Long message. ".repeat(700)}${script}`;

    await openPage(page, "/contact/");
    await fillEnquiry(page, awkward);
    // A person's few seconds over the form: markup in the fields and a Send within seconds of the first key would
    // together hold the enquiry for review as a robot's (mail-service/src/core/spam.ts), and this one is a person's.
    await page.waitForTimeout(3_500);
    await page.getByRole("button", { name: fixedWords.submit }).click();

    await expectFormReplacedBy(page, SUCCESS);
    const email = await salesInbox.emailWith(awkward.message);
    for (const field of ["name", "phone", "companyName", "email"] as const)
      expect(email.text).toContain(awkward[field]);
    expect(String(email.html)).not.toContain("<script>");
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  },
);

test(
  "under Send, in the page and in the popup, a link opens the privacy notice in a tab of its own",
  { tag: "@full" },
  async ({ page, context }) => {
    const { privacyLinkLabel } = content.enquiryFormYaml;
    for (const [address, scope] of [
      ["/contact/", page.getByRole("main")],
      [`/about/${AVAILABILITY_HASH}`, page.getByRole("dialog", { name: fixedWords.popupTitle })],
    ] as const) {
      await openPage(page, address);
      await scope.getByLabel(labels.name, { exact: true }).fill("Still typed");
      const link = scope.getByRole("link", { name: privacyLinkLabel, exact: true });
      // Under the button, as the last word before the visitor sends.
      const [button, under] = await Promise.all([
        scope.getByRole("button", { name: fixedWords.submit }).boundingBox(),
        link.boundingBox(),
      ]);
      expect(under?.y ?? 0).toBeGreaterThan((button?.y ?? 0) + (button?.height ?? 0) - 1);
      const opened = context.waitForEvent("page");
      await link.click();
      const notice = await opened;
      await expect(notice).toHaveURL(/\/privacy\/$/);
      await expect(notice.getByRole("heading", { level: 1 })).toHaveText(content.pagesYaml.privacy.heading);
      await notice.close();
      // What the visitor typed is still there, and the popup still open.
      await expect(scope.getByLabel(labels.name, { exact: true })).toHaveValue("Still typed");
    }
  },
);

test.describe("the check-availability popup", () => {
  test("opens from #check-availability on any page, with the form, and closes with its button", async ({ page }) => {
    await openPage(page, `/about/${AVAILABILITY_HASH}`);
    const popup = page.getByRole("dialog", { name: fixedWords.popupTitle });
    await expect(popup).toBeVisible();
    await expect(popup.getByLabel(labels.name, { exact: true })).toBeVisible();
    await expect(popup.getByRole("button", { name: fixedWords.submit })).toBeVisible();

    await popup.getByRole("button", { name: popupCloseLabel }).click();
    await expect(popup).toBeHidden();
    await expect.poll(() => new URL(page.url()).hash).toBe("");
  });

  test(
    "asked for by the address, it is open before the page says it is ready, even on a slow phone",
    { tag: "@full" },
    async ({ page }) => {
      // Every change to the page is looked at as it is made, so no moment between hydration and the popup's first
      // render escapes (a test or the audit polling siteReady acts in such a moment, on a page without its popup).
      await page.addInitScript({
        content: `window.readyWithoutPopup = false;
        new MutationObserver(() => {
          if ((${siteReady.toString()})() && !document.querySelector("dialog[open]")) window.readyWithoutPopup = true;
        }).observe(document, { subtree: true, childList: true, attributes: true });`,
      });
      // On a slow phone React's scheduler yields to the browser between its tasks, which is when anything else acts.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
      await openPage(page, `/service/${AVAILABILITY_HASH}`);
      await expect(page.getByRole("dialog", { name: fixedWords.popupTitle })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { readyWithoutPopup: boolean }).readyWithoutPopup)).toBe(
        false,
      );
    },
  );

  for (const route of ["/", "/contact/"]) {
    test(
      `opening ${route}#check-availability shows the popup over the page, with no error`,
      { tag: "@full" },
      async ({ page, browserErrors }) => {
        await openPage(page, `${route}${AVAILABILITY_HASH}`);
        await expect(page.getByRole("dialog", { name: fixedWords.popupTitle })).toBeVisible();
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
        await openPage(page, `/service/${AVAILABILITY_HASH}`);
        const popup = page.getByRole("dialog", { name: fixedWords.popupTitle });
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
        await page.evaluate((hash) => {
          window.location.hash = hash;
        }, AVAILABILITY_HASH);
        await expect(popup).toBeVisible();
      },
    );
  }

  test("opens from a link to the hash and sends an enquiry like the Contact page", async ({ page, salesInbox }) => {
    await openPage(page, "/service/");
    await page.evaluate((hash) => {
      const link = document.createElement("a");
      link.href = hash;
      link.textContent = "A marketing link to the popup";
      document.querySelector("main")?.prepend(link);
    }, AVAILABILITY_HASH);
    await page.getByRole("link", { name: "A marketing link to the popup" }).click();
    const popup = page.getByRole("dialog", { name: fixedWords.popupTitle });
    await expect(popup).toBeVisible();

    const message = anEnquiry().message;
    await popup.getByLabel(labels.name, { exact: true }).fill("Hamdan");
    await popup.getByLabel(labels.message, { exact: true }).fill(message);
    await popup.getByRole("button", { name: fixedWords.submit }).click();
    await expect(popup.getByRole("status")).toHaveText(SUCCESS);
    const email = await salesInbox.emailWith(message);
    expect(email.text).toContain("Name: Hamdan");
    expect(email.text).toContain(`Sent from: ${testSite.url}/service/ (English page)`);

    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    await expect(page.getByRole("link", { name: "A marketing link to the popup" })).toBeFocused();
  });
});

test(
  "under the site's Content-Security-Policy, an enquiry is sent with no violation",
  { tag: "@full" },
  async ({ page, salesInbox }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const enquiry = anEnquiry();
    await openPage(page, "/contact/");
    await fillEnquiry(page, enquiry);
    await page.getByRole("button", { name: fixedWords.submit }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(SUCCESS);
    await salesInbox.emailWith(enquiry.message);
    expect(violations).toEqual([]);
  },
);

test.describe("in Arabic", () => {
  const arabic = contents.ar;
  const form = arabic.enquiryFormYaml;
  const arabicSuccess = fillTemplate(form.successMessage, { company: arabic.siteYaml.companyName });
  const last = industries.length - 1;

  // The everyday suite holds the Arabic form in its unit test and the Arabic e-mail in email.test.ts: this, the two
  // together through the page, runs in the full one.
  test(
    "the form reads in Arabic, thanks in Arabic, and the e-mail holds the Arabic text and each industry's English value",
    { tag: "@full" },
    async ({ page, salesInbox }) => {
      const message = `نحتاج إلى دعم فني لأربعين حاسوباً محمولاً (${Math.random().toString(36).slice(2)})`;
      await openPage(page, "/ar/contact/");
      const main = page.getByRole("main");
      await main
        .getByLabel(form.industryLabel, { exact: true })
        .selectOption({ label: arabic.industriesYaml.industries[last] ?? "" });
      await main.getByLabel(form.nameLabel, { exact: true }).fill("فاطمة المنصوري");
      await main.getByLabel(form.phoneLabel, { exact: true }).fill("+971 50 123 4567");
      // Typed as a person types: sent within seconds of the first key, it would be marked "Possible spam".
      await main.getByLabel(form.messageLabel, { exact: true }).pressSequentially(message, { delay: 60 });
      await main.getByRole("button", { name: form.submitLabel }).click();

      await expect(main.getByRole("status")).toHaveText(arabicSuccess);
      await expect(main.getByRole("textbox")).toHaveCount(0);
      const email = await salesInbox.emailWith(message);
      expect(email.subject).toBe(`Website enquiry: فاطمة المنصوري (${industries[last]})`);
      for (const line of [
        `Industry: ${industries[last]}`,
        "Name: فاطمة المنصوري",
        "Mobile Number: +971 50 123 4567",
        `Sent from: ${testSite.url}/ar/contact/ (Arabic page)`,
      ])
        expect(email.text).toContain(line);
      expect(String(email.html)).toContain('dir="auto"');
    },
  );

  test("a refused enquiry shows the Arabic failure message and clears the form", { tag: "@full" }, async ({ page }) => {
    await openPage(page, `${testSite.url.replace("127.0.0.1", "localhost")}/ar/contact/`);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: form.submitLabel }).click();
    await expect(main.getByRole("status")).toHaveText(form.failureMessage);
    await expect(main.getByRole("textbox")).toHaveCount(0);
  });

  test(
    "the popup opens in Arabic from /ar#check-availability, with no error",
    { tag: "@full" },
    async ({ page, browserErrors }) => {
      await openPage(page, `/ar/${AVAILABILITY_HASH}`);
      const popup = page.getByRole("dialog", { name: form.popupTitle });
      await expect(popup).toBeVisible();
      await expect(popup.getByLabel(form.nameLabel, { exact: true })).toBeVisible();
      await popup.getByRole("button", { name: form.popupCloseLabel }).click();
      await expect(popup).toBeHidden();
      expect(browserErrors).toEqual([]);
    },
  );
});

for (const code of ["en", "ar"] as const) {
  const { enquiryFormYaml: formWords, servicesYaml } = contents[code];
  const [servicePage, aboutPage, contactPage] = ["/service", "/about", "/contact"].map(
    (route) => `${code === "en" ? "" : `/${code}`}${route}/`,
  );
  test(
    `${code}: every service card and the About page offer to check availability, opening the popup ready to type in`,
    { tag: "@full" },
    async ({ page }) => {
      await openPage(page, servicePage ?? "/service/");
      const offers = page.getByRole("main").getByRole("link", { name: formWords.checkAvailabilityLabel });
      await expect(offers).toHaveCount(servicesYaml.services.length);
      // Each names its service for screen readers, and leads to the Contact page's popup before the scripts come.
      await expect(offers.first()).toHaveAccessibleDescription(servicesYaml.services[0]?.title ?? "");
      await expect(offers.first()).toHaveAttribute("href", `${contactPage}${AVAILABILITY_HASH}`);
      await offers.last().click();
      const popup = page.getByRole("dialog", { name: formWords.popupTitle });
      await expect(popup).toBeVisible();
      await expect(popup.getByLabel(formWords.industryLabel, { exact: true })).toBeFocused();
      // On the page the visitor was on, which it leaves as it was when closed.
      expect(new URL(page.url()).pathname).toBe(servicePage);
      await popup.getByRole("button", { name: formWords.popupCloseLabel }).click();
      await expect(popup).toBeHidden();
      expect(new URL(page.url()).hash).toBe("");

      await openPage(page, aboutPage ?? "/about/");
      await page.getByRole("main").getByRole("link", { name: formWords.checkAvailabilityLabel }).click();
      await expect(page.getByRole("dialog", { name: formWords.popupTitle })).toBeVisible();
    },
  );
}
