/**
 * Alerts: what a buyer asked to be told about. Today, ticket alerts for a tour (an email left on
 * its page); each file states its own rules. The schemas live apart from the domain functions
 * because the browser imports them.
 */
export * from "./ticket-alert-schema";
export * from "./ticket-alerts";
