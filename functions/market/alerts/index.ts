/**
 * Alerts: what a buyer asked to be told about. Ticket alerts for a tour or one of its sessions
 * (an email left on its page), mailed by the minute cron; each file states its own rules. The
 * schemas live apart from the domain functions because the browser imports them.
 */
export * from "./ticket-alert-schema";
export * from "./ticket-alerts";
export { sendTicketAlerts, unsubscribeTicketAlert, unsubscribeLink, ALERT_MAIL_GAP_MS, UNSUBSCRIBE_PATH } from "./alert-mail";
