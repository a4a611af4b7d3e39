// Every console page, in one place: the phone layout, the dark-mode contrast and the axe checks
// (console-pages.spec.ts) all visit this list, so a page added to the console is added here once.
import type { ConsoleRole } from "./console-support";

/** The ids the pages with a subject need: found or made by the spec before it visits them. */
export type ConsolePageSubjects = { transactionId: string; merchantId: string; setupPath: string };

export type ConsolePage = {
  name: string;
  path: (subjects: ConsolePageSubjects) => string;
  /** Who may open it; "signed-out": the sign-in, setup and password pages, opened by nobody signed in. */
  roles: (ConsoleRole | "signed-out")[];
  /** Its entry in the console's navigation (pt-BR), when it has one. */
  nav?: string;
};

const everyone: ConsoleRole[] = ["operator", "merchant-admin", "merchant-viewer"];
const merchantUsers: ConsoleRole[] = ["merchant-admin", "merchant-viewer"];

export const consolePages: ConsolePage[] = [
  { name: "login", path: () => "/console/login", roles: ["signed-out"] },
  { name: "setup", path: (s) => s.setupPath, roles: ["signed-out"] },
  { name: "forgot-password", path: () => "/console/forgot-password", roles: ["signed-out"] },
  // No reset link reaches this spec (its gateway sends no e-mail): the page as a used link shows it.
  { name: "password-reset", path: () => "/console/password-reset/no-such-link", roles: ["signed-out"] },
  { name: "overview", path: () => "/console", roles: everyone, nav: "Visão geral" },
  { name: "transactions", path: () => "/console/transactions", roles: everyone, nav: "Transações" },
  { name: "transaction", path: (s) => `/console/transactions/${s.transactionId}`, roles: everyone },
  { name: "payouts", path: () => "/console/payouts", roles: ["operator"], nav: "Pagamentos" },
  { name: "disputes", path: () => "/console/disputes", roles: everyone, nav: "Disputas" },
  { name: "balance", path: () => "/console/balance", roles: everyone, nav: "Saldo" },
  { name: "keys", path: () => "/console/keys", roles: everyone, nav: "Chaves" },
  { name: "settings", path: () => "/console/settings", roles: merchantUsers, nav: "Configurações" },
  { name: "merchants", path: () => "/console/merchants", roles: ["operator"], nav: "Lojistas" },
  { name: "merchant", path: (s) => `/console/merchants/${s.merchantId}`, roles: ["operator"] },
  { name: "providers", path: () => "/console/providers", roles: ["operator"], nav: "PSPs" },
  { name: "users", path: () => "/console/users", roles: ["operator", "merchant-admin"], nav: "Usuários" },
  { name: "audit", path: () => "/console/audit", roles: ["operator"], nav: "Auditoria" },
];

/** The pages a role opens, and the navigation entries it must reach. */
export const pagesFor = (role: ConsolePage["roles"][number]) => consolePages.filter((p) => p.roles.includes(role));
