import * as React from "react";
import { useEnquiryFormContent } from "../hooks/use-enquiry-form-content";
import { EnquiryForm } from "./enquiry-form";
import { Icon } from "./icon";
import * as styles from "./availability-popup.module.css";

interface AvailabilityPopupProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Contact us to check availability": the enquiry form in a modal dialog. The
 * native <dialog> traps focus, closes on Escape and gives focus back on close.
 * Default export, for React.lazy: check-availability.tsx loads it on first use
 * and keeps it, so a sent enquiry's result survives closing.
 */
export default function AvailabilityPopup({ open, onClose }: AvailabilityPopupProps) {
  const content = useEnquiryFormContent();
  const { labels } = content;
  const dialog = React.useRef<HTMLDialogElement>(null);
  const titleId = React.useId();

  // In the commit that mounts it, so that it is open by the time its loading marker is gone.
  React.useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // The popup is there to be filled in: its first field takes focus (the dialog would give it to Close).
      element.querySelector<HTMLElement>("form select, form input, form textarea")?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // Every way out goes through onClose at once, so the address has lost its hash by the time the dialog is seen
  // closed and the same hash can open it again: the buttons call it, and Escape, which closes a <dialog> by
  // itself, calls it from its "cancel" event. The "close" event comes a task after the dialog closed; it is only a
  // safety net, ignored if the dialog was opened again meanwhile.
  React.useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    const closed = () => {
      if (!element.open) onClose();
    };
    element.addEventListener("cancel", onClose);
    element.addEventListener("close", closed);
    return () => {
      element.removeEventListener("cancel", onClose);
      element.removeEventListener("close", closed);
    };
  }, [onClose]);

  return (
    // Escape is the keyboard way out of a modal <dialog>, built into the element; the click handler only adds the backdrop.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the dialog element itself, not on its content, is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.content}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {labels.popupTitle}
          </h2>
          <button type="button" className={styles.close} aria-label={labels.popupCloseLabel} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <EnquiryForm {...content} />
      </div>
    </dialog>
  );
}
