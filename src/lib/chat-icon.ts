import type { IconName } from "./icon-paths";

/** Hosts of WhatsApp's chat links (https://wa.me/971501234567, https://api.whatsapp.com/send?phone=...). */
const WHATSAPP_HOSTS = new Set(["wa.me", "api.whatsapp.com", "web.whatsapp.com", "whatsapp.com", "www.whatsapp.com"]);

/** The icon a chat link shows: WhatsApp's mark when it opens a WhatsApp chat, a plain speech bubble otherwise. */
export function chatIcon(url: string): IconName {
  try {
    return WHATSAPP_HOSTS.has(new URL(url).hostname) ? "whatsapp" : "chat";
  } catch {
    return "chat";
  }
}
