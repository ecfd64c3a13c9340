import * as React from "react";
import { Icon } from "./icon";
import * as styles from "./chat-link.module.css";

interface ChatLinkProps {
  url: string;
  label: string;
}

/** The floating button that opens the messaging chat in a new tab. */
export function ChatLink({ url, label }: ChatLinkProps) {
  return (
    <a className={styles.chatLink} href={url} target="_blank" rel="noopener noreferrer">
      <Icon name="chat" className={styles.icon} />
      <span className={styles.label}>{label}</span>
    </a>
  );
}
