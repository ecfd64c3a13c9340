import * as React from "react";
import type { EnquiryFormContent } from "../hooks/use-enquiry-form-content";
import { useLanguage } from "../hooks/use-language";
import {
  BEGAN_ATTRIBUTE,
  BUTTON_LABEL_ATTRIBUTE,
  HELD_ATTRIBUTE,
  HELD_FORM_ATTRIBUTE,
  SENDING_ATTRIBUTE,
  STALLED_ATTRIBUTE,
  STALLED_NOTE_ATTRIBUTE,
} from "../lib/early-controls";
import { enquiryCheckMaker, type EnquiryCheckMaker } from "../lib/enquiry-check";
import { sendEnquiry, type Enquiry } from "../lib/mail-service";
import { TemplateText } from "./template-text";
import { ContactList } from "./contact-list";
import * as styles from "./enquiry-form.module.css";

type Status = "idle" | "sending" | "sent" | "failed";

/**
 * The trap field's name: one no browser's or password manager's autofill takes for anything it knows (not name,
 * e-mail, company, website, URL, phone, address or postcode), so that only a robot filling every field fills it.
 */
const TRAP_FIELD = "callback_note";

/** The enquiry as the form's fields hold it when it is sent. */
function enquiryIn(form: HTMLFormElement): Enquiry {
  const data = new FormData(form);
  const value = (name: keyof Enquiry) => String(data.get(name) ?? "");
  return {
    industry: value("industry"),
    name: value("name"),
    phone: value("phone"),
    companyName: value("companyName"),
    email: value("email"),
    message: value("message"),
  };
}

/**
 * The enquiry form of the Contact page and the availability popup. Nothing is
 * validated, as specified: an empty form can be sent. Once the request
 * settles, the fields are cleared and the result replaces the form until the
 * page is reloaded. The fields keep their own values, read when the form is
 * sent: what a visitor types before the page's script has started is in the
 * fields, not in React's state, and is sent all the same.
 *
 * A Send before React has come is held by the page's early script
 * (plugins/site-finish/scripts/early-controls.ts), never posted: the form shows it is
 * sending (the button's two words, one hidden, which both sides swap), React
 * sends it once it has come, and if it has not within a few seconds the form
 * says so, with the other ways to reach the company (a note the early script
 * shows, and React hides again when it sends).
 */
export function EnquiryForm({ labels, industries, companyName, contact }: EnquiryFormContent) {
  const [status, setStatus] = React.useState<Status>("idle");
  // A second click can arrive before React re-renders the disabled button.
  const inFlight = React.useRef(false);
  const submitButton = React.useRef<HTMLButtonElement>(null);
  const formElement = React.useRef<HTMLFormElement>(null);
  const answer = React.useRef<HTMLDivElement>(null);
  const result = React.useRef<HTMLParagraphElement>(null);
  const id = React.useId();
  const language = useLanguage();
  const check = React.useRef<EnquiryCheckMaker | null>(null);
  check.current ??= enquiryCheckMaker();
  /** The proof is made from the visitor's first focus, tap or key, while they type (the early script notes when). */
  const begin = React.useCallback(() => check.current?.begin(), []);

  const finished = status === "sent" || status === "failed";

  // The answer takes the form's place, where the page may stand scrolled past it: it is brought wholly into view,
  // between the fixed bars (the scroll padding of global.css), and given focus for screen readers and the keyboard.
  React.useEffect(() => {
    if (!finished) return;
    result.current?.focus({ preventScroll: true });
    answer.current?.scrollIntoView({ block: "nearest" });
  }, [finished, begin]);

  async function send(form: HTMLFormElement) {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus("sending");
    // Sent by Enter in a field, the button that now says it is sending may be out of view.
    submitButton.current?.scrollIntoView({ block: "nearest" });
    try {
      const enquiry = enquiryIn(form);
      const header = (check.current ?? enquiryCheckMaker()).header(
        form,
        String(new FormData(form).get(TRAP_FIELD) ?? ""),
      );
      // A ready check is a value, and the request leaves in this same moment; else it leaves once the proof is made.
      await sendEnquiry(enquiry, { check: typeof header === "string" ? header : await header });
      setStatus("sent");
    } catch (error) {
      console.error(error);
      setStatus("failed");
    } finally {
      form.reset();
    }
  }

  // The proof is begun by the visitor's first focus, tap or key in the form, or now if that came before React.
  React.useEffect(() => {
    const form = formElement.current;
    if (!form) return;
    if (form.hasAttribute(BEGAN_ATTRIBUTE)) begin();
    const starts = ["focusin", "pointerdown", "keydown"] as const;
    for (const type of starts) form.addEventListener(type, begin);
    return () => {
      for (const type of starts) form.removeEventListener(type, begin);
    };
  }, [finished, begin]);

  // A Send held before React came goes out now, once, from the form as React found it.
  React.useEffect(() => {
    const form = formElement.current;
    if (!form?.hasAttribute(HELD_ATTRIBUTE)) return;
    form.removeAttribute(HELD_ATTRIBUTE);
    form.removeAttribute(STALLED_ATTRIBUTE);
    const note = form.querySelector<HTMLElement>(`[${STALLED_NOTE_ATTRIBUTE}]`);
    if (note) note.hidden = true;
    void send(form);
  }, []);

  const field = (name: keyof Enquiry) => ({ id: `${id}-${name}`, name });
  /** The other ways to reach the company, after a failure or a Send that could not go. */
  const otherWays = (
    <ContactList
      className={`${styles.contacts} ${styles.otherWays}`}
      phones={contact.phones}
      email={contact.salesEmail}
      chat={{ url: contact.chatUrl, label: contact.chatPanelLink }}
    />
  );

  return (
    <div>
      {/* Without JavaScript the form could only put what a visitor types in the address: the phones and e-mail show
          instead. One number or address per line: no separator to translate, and none breaks across lines. */}
      <div className={styles.noScript}>
        <p>{labels.noScriptMessage}</p>
        <ContactList className={styles.contacts} phones={contact.phones} email={contact.salesEmail} />
      </div>
      <div ref={answer}>
        <div role="status" aria-live="polite">
          {finished && (
            <p ref={result} tabIndex={-1} className={status === "sent" ? styles.success : styles.failure}>
              {status === "sent" ? (
                <TemplateText template={labels.successMessage} values={{ company: companyName }} />
              ) : (
                labels.failureMessage
              )}
            </p>
          )}
        </div>
        {/* A failure is no dead end: the other ways to reach the company, right under it. */}
        {status === "failed" && otherWays}
      </div>
      {!finished && (
        <form
          ref={formElement}
          className={styles.form}
          method="post"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send(event.currentTarget);
          }}
          {...{ [HELD_FORM_ATTRIBUTE]: "" }}
          {...(status === "sending" && { [SENDING_ATTRIBUTE]: "" })}
        >
          <div className={styles.wide}>
            <label htmlFor={`${id}-industry`}>{labels.industryLabel}</label>
            <select {...field("industry")}>
              <option value="">{labels.industryPlaceholder}</option>
              {industries.map((industry) => (
                <option key={industry.value} value={industry.value}>
                  {industry.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-name`}>{labels.nameLabel}</label>
            <input type="text" autoComplete="name" {...field("name")} />
          </div>
          <div>
            <label htmlFor={`${id}-email`}>{labels.emailLabel}</label>
            <input type="email" autoComplete="email" inputMode="email" dir="ltr" {...field("email")} />
          </div>
          <div>
            <label htmlFor={`${id}-phone`}>{labels.phoneLabel}</label>
            <input type="tel" autoComplete="tel" inputMode="tel" dir="ltr" {...field("phone")} />
          </div>
          <div>
            <label htmlFor={`${id}-companyName`}>{labels.companyNameLabel}</label>
            <input type="text" autoComplete="organization" {...field("companyName")} />
          </div>
          <div className={styles.wide}>
            <label htmlFor={`${id}-message`}>{labels.messageLabel}</label>
            <textarea rows={5} {...field("message")} />
          </div>
          {/* The trap: out of sight, out of the tab order and hidden from screen readers, so that nothing but a robot
              filling every field fills it; its label asks whoever meets it anyway (the page without its styles) to
              leave it empty. Filled, it holds the enquiry for the staff's review: never lost, since autofill exists. */}
          <div className={styles.trap} aria-hidden="true">
            <label htmlFor={`${id}-trap`}>{labels.trapLabel}</label>
            <input
              type="text"
              id={`${id}-trap`}
              name={TRAP_FIELD}
              tabIndex={-1}
              autoComplete="off"
              data-1p-ignore=""
              data-lpignore="true"
            />
          </div>
          <div className={styles.wide}>
            {/* Both words are drawn, the one that does not fit hidden: the early script swaps them before React. */}
            <button ref={submitButton} type="submit" className={styles.submit} disabled={status === "sending"}>
              <span hidden={status === "sending"} {...{ [BUTTON_LABEL_ATTRIBUTE]: "idle" }}>
                {labels.submitLabel}
              </span>
              <span hidden={status !== "sending"} {...{ [BUTTON_LABEL_ATTRIBUTE]: "sending" }}>
                {labels.sendingLabel}
              </span>
            </button>
            {/* In a tab of its own: what the visitor has typed stays in the form, and the popup stays open. */}
            <p className={styles.privacy}>
              <a href={language.path("/privacy")} target="_blank" rel="noopener noreferrer">
                {labels.privacyLinkLabel}
              </a>
            </p>
          </div>
          {/* Shown by the early script: a Send held while the page's scripts have not come. */}
          <div className={`${styles.wide} ${styles.stalled}`} role="alert" hidden {...{ [STALLED_NOTE_ATTRIBUTE]: "" }}>
            <p>{labels.notSentYetMessage}</p>
            {otherWays}
          </div>
        </form>
      )}
    </div>
  );
}
