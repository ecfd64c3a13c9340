import * as React from "react";
import { chatIcon } from "../lib/chat-icon";
import { Icon } from "./icon";
import * as styles from "./chat-link.module.css";

interface ChatLinkProps {
  url: string;
  label: string;
}

/**
 * The floating chat link, which opens the messaging chat in a new tab. It
 * floats in a bar of its own along the bottom of the screen, across its whole
 * width, and the page leaves room for that bar below its last line: the link
 * never stands over text, which scrolls away under the bar as it does at the
 * edge of the screen.
 */
export function ChatLink({ url, label }: ChatLinkProps) {
  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        <a className={styles.chatLink} href={url} target="_blank" rel="noopener noreferrer">
          <Icon name={chatIcon(url)} className={styles.icon} />
          <span className={styles.label}>{label}</span>
        </a>
      </div>
    </div>
  );
}
