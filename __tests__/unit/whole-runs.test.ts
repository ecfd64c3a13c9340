import { chatIcon } from "../../src/lib/chat-icon";
import { NBSP, wholeRuns } from "../../src/lib/whole-runs";

/** The runs written back as one text, each non-breaking space shown as "~" and each whole run in brackets. */
const shown = (text: string) =>
  wholeRuns(text)
    .map((run) => (run.whole ? `[${run.text}]` : run.text))
    .join("")
    .replaceAll(NBSP, "~");

test("a number stays with the word it counts, and a word with the number that ends its phrase", () => {
  expect(shown("engineers with over 25 years of experience")).toBe("engineers with over 25~years of experience");
  expect(shown("Sunday to Thursday, 9 am to 6 pm")).toBe("Sunday to Thursday, 9~am to 6~pm");
  expect(shown("Office 1204, Bay Square Building 5, Business Bay")).toBe(
    "Office~1204, Bay Square Building~5, Business Bay",
  );
  expect(shown("مكتب 1204، مبنى باي سكوير 5، الخليج التجاري")).toBe("مكتب~1204، مبنى باي سكوير~5، الخليج التجاري");
  expect(shown("بخبرة تزيد على 25 عامًا")).toBe("بخبرة تزيد على 25~عامًا");
});

test("a phone number, a price or a year inside a sentence keeps its own spaces", () => {
  expect(shown("+971 4 555 0142")).toBe("+971 4 555 0142");
  expect(shown("Call +971 50 555 0187 today")).toBe("Call +971 50 555 0187~today");
});

test("a short hyphenated word is one whole run, a long one breaks as usual", () => {
  expect(shown("switches, Wi-Fi and firewalls")).toBe("switches, [Wi-Fi] and firewalls");
  expect(shown("شبكات Wi-Fi وجدران الحماية")).toBe("شبكات [Wi-Fi] وجدران الحماية");
  expect(shown("on-site support, cost-effective")).toBe("[on-site] support, cost-effective");
  expect(shown("E-Commerce")).toBe("E-Commerce");
});

test("text with nothing to keep whole is one run, as written", () => {
  expect(wholeRuns("Contact Us")).toEqual([{ text: "Contact Us", whole: false }]);
  expect(wholeRuns("")).toEqual([{ text: "", whole: false }]);
});

test("the chat button wears WhatsApp's mark only for a WhatsApp link", () => {
  expect(chatIcon("https://wa.me/971505550187")).toBe("whatsapp");
  expect(chatIcon("https://api.whatsapp.com/send?phone=971505550187")).toBe("whatsapp");
  expect(chatIcon("https://m.me/bluepeak")).toBe("chat");
  expect(chatIcon("https://wa.me.example.com/x")).toBe("chat");
  expect(chatIcon("not an address")).toBe("chat");
});
