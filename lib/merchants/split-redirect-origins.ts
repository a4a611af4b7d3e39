// Apart from lib/merchants/schemas, which checks a callback URL against the server's settings: the
// console's form (a client component) splits what was typed the way the server does.

/** Redirect origins as the console's field takes them: one a line (or separated by spaces or commas). */
export const splitRedirectOrigins = (typed: string): string[] => typed.split(/[\s,]+/).filter(Boolean);
